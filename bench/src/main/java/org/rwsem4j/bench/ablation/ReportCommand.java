package org.rwsem4j.bench.ablation;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import org.rwsem4j.bench.BenchMain;
import org.rwsem4j.cli.UsageErrors;
import org.rwsem4j.cli.UsageException;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code report --from <run dir>}: rebuilds a run's report from its folder ({@link RunFolder}). */
@Command(name = "report", usageHelpAutoWidth = true,
    description = {"Rebuild a run's report from its folder: metadata.json (the ablation's arguments, machine, load, " +
        "failures, fairness results) and jmh.json. Prints the same Markdown, byte for byte, as the run wrote to its " +
        "report file.",
        "The jar must hold the same patches as the run (the plan depends on them)."},
    footer = {"", "Exit status: 0; 2 for a missing folder or file, a malformed jmh.json or metadata.json, or a " +
        "patch set that differs from the run's."})
public final class ReportCommand implements Callable<Integer>
{
    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Print this help and exit.")
    boolean help;

    @Option(names = "--from", required = true, paramLabel = "RUN_DIR",
        description = "The run folder, e.g. bench/results/runs/20261201-123647-smoke.")
    Path from;

    @Option(names = "--out", paramLabel = "FILE", description = "Write the report here instead of standard output.")
    Path out;

    @Option(names = "--latest", description = "Print the run's latest.md instead (the same report, its chart links " +
        "pointing into runs/<stamp>/).")
    boolean latest;

    private final PrintStream stdout;
    private final PrintStream stderr;

    /**
     * @param stdout where the report goes
     * @param stderr where notes and errors go
     */
    public ReportCommand(final PrintStream stdout, final PrintStream stderr)
    {
        this.stdout = stdout;
        this.stderr = stderr;
    }

    @Override
    public Integer call() throws UsageException
    {
        final RunFolder run = RunFolder.read(from);
        if (!run.metadata.finished)
        {
            stderr.println(BenchMain.PROGRAM + ": note: the run stopped after " + run.metadata.roundsDone + " of " +
                run.metadata.rounds + " rounds; the report covers those");
        }
        final String markdown = run.reportMarkdown(latest ? "runs/" + run.metadata.stamp + "/" : "");
        if (out == null)
        {
            stdout.print(markdown);
            stdout.flush();
            return 0;
        }
        try
        {
            Files.writeString(out, markdown, StandardCharsets.UTF_8);
        }
        catch (final IOException e)
        {
            throw new UsageException("cannot write " + out + ": " + UsageErrors.oneLine(e.toString()));
        }
        return 0;
    }
}
