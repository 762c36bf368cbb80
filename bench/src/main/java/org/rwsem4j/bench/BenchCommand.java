package org.rwsem4j.bench;

import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** The top command, {@code rwsem4j-bench}: only subcommands ({@link BenchMain} registers them). */
@Command(name = BenchCommand.PROGRAM, usageHelpAutoWidth = true,
    synopsisSubcommandLabel = "COMMAND",
    description = {"rwsem4j's benchmarks and per-patch ablation (java -jar bench/target/rwsem4j-bench.jar)."},
    footer = {"", "Run 'rwsem4j-bench COMMAND --help' (or 'rwsem4j-bench help COMMAND') for a command's options.",
        "Exit status: 0; 1 if a run had a failed cell; 2 for bad input (arguments, a missing run folder, a " +
        "malformed jmh.json or metadata.json)."})
final class BenchCommand implements Callable<Integer>
{
    /** The program's name, as every message starts. */
    static final String PROGRAM = "rwsem4j-bench";

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
}
