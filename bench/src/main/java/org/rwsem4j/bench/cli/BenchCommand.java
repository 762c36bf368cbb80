package org.rwsem4j.bench.cli;

import java.io.PrintStream;
import java.util.concurrent.Callable;

import org.rwsem4j.bench.AbCommand;
import org.rwsem4j.bench.BenchMain;
import org.rwsem4j.bench.ablation.AblationCommand;
import org.rwsem4j.bench.ablation.CompareCommand;
import org.rwsem4j.bench.ablation.KernelShapeCommand;
import org.rwsem4j.bench.ablation.PublishCommand;
import org.rwsem4j.bench.ablation.ReportCommand;
import org.rwsem4j.bench.fairness.FairnessCommand;
import org.rwsem4j.bench.share.WriterShareCommand;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** The top command, {@code rwsem4j-bench}: only subcommands ({@link #commandLine} registers them). */
@Command(name = BenchMain.PROGRAM, usageHelpAutoWidth = true,
    synopsisSubcommandLabel = "COMMAND",
    description = {"rwsem4j's benchmarks and per-patch ablation (java -jar bench/target/rwsem4j-bench.jar)."},
    footer = {"", "Run 'rwsem4j-bench COMMAND --help' (or 'rwsem4j-bench help COMMAND') for a command's options.",
        "Exit status: 0; 1 if a run had a failed cell; 2 for bad input (arguments, a missing run folder, a " +
        "malformed jmh.json or metadata.json)."})
public final class BenchCommand implements Callable<Integer>
{
    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Print this help and exit.")
    boolean help;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call()
    {
        throw new ParameterException(spec.commandLine(), "missing command: one of " +
            String.join(", ", spec.subcommands().keySet()));
    }

    /**
     * The command tree. Settings such as the error handlers are applied by {@link BenchMain#run} to every subcommand
     * registered here, so a new subcommand needs only its line below.
     */
    public static CommandLine commandLine(final PrintStream out, final PrintStream err)
    {
        final CommandLine cl = new CommandLine(new BenchCommand());
        // ---- subcommands: register new ones here (one line each; the name comes from the class's @Command) ----
        cl.addSubcommand(new AblationCommand(out, err));
        cl.addSubcommand(new ListCommand(out));
        cl.addSubcommand(new CalibrateCommand(out));
        cl.addSubcommand(new FootprintCommand(out));
        cl.addSubcommand(new FairnessCommand(out));
        cl.addSubcommand(JmhCommand.commandLine());
        cl.addSubcommand(new ReportCommand(out, err));
        cl.addSubcommand(new PublishCommand(out));
        cl.addSubcommand(new CompareCommand(out));
        cl.addSubcommand(new AbCommand(out, err));
        cl.addSubcommand(new KernelShapeCommand(out, err));
        cl.addSubcommand(new WriterShareCommand(out));
        cl.addSubcommand(new CommandLine.HelpCommand());
        // ---- end of subcommands ----
        return cl;
    }
}
