package org.rwsem4j.bench.ablation;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import org.rwsem4j.cli.UsageException;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code publish --from RUN_DIR [DIR]}: publishes a finished run made without {@code ablation --publish}, as that
 * option would have ({@link RunPlace#publish}). The run is rebuilt first ({@link RunFolder}), so only a run that this
 * jar reproduces is published, and {@code latest.md} is its report with the chart links pointing into the copy.
 */
@Command(name = "publish", usageHelpAutoWidth = true,
    description = {"Publish a finished run: copy its folder to DIR/runs/<stamp>/ (created fresh; refused if it " +
        "exists) and replace DIR/latest.md with its report. What 'ablation --publish' does at the end of a run.",
        "The jar must hold the same patches as the run (the report is rebuilt from the folder)."},
    footer = {"", "Exit status: 0; 2 for a missing or unfinished run, a malformed run folder, or a copy that exists " +
        "already."})
public final class PublishCommand implements Callable<Integer>
{
    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Print this help and exit.")
    boolean help;

    @Option(names = "--from", required = true, paramLabel = "RUN_DIR",
        description = "The run folder, e.g. bench/target/runs/20261201-123647-quick.")
    Path from;

    @Parameters(index = "0", arity = "0..1", paramLabel = "DIR",
        description = "Where to publish (default bench/results, or results outside the project root).")
    Path dir;

    private final PrintStream stdout;

    /** @param stdout where the published paths are printed */
    public PublishCommand(final PrintStream stdout)
    {
        this.stdout = stdout;
    }

    @Override
    public Integer call() throws UsageException
    {
        final RunFolder run = RunFolder.read(from);
        if (!run.metadata.finished)
        {
            throw new UsageException(from + ": the run stopped after " + run.metadata.roundsDone + " of " +
                run.metadata.rounds + " rounds; only a finished run is published");
        }
        final Path to = dir == null ? RunPlace.defaultPublish() : dir;
        final String stamp = run.metadata.stamp;
        final Path copy = RunPlace.publish(from, to, stamp, run.reportMarkdown(RunPlace.RUNS + "/" + stamp + "/"));
        stdout.println("published: " + copy + " and " + to.resolve(RunPlace.LATEST));
        stdout.flush();
        return 0;
    }
}
