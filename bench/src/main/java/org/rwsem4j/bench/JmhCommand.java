package org.rwsem4j.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code jmh}: JMH's own command line over the benchmarks in this jar; every argument goes to JMH unchanged. */
@Command(name = "jmh", usageHelpAutoWidth = true,
    description = {"JMH's own command line over the benchmarks in this jar: every argument after 'jmh' goes to " +
        "JMH unchanged (JMH's help: 'jmh -h'). For example:",
        "  jmh LockTestBenchmark -p impl=base,rrwl -p ops=100000 -rf json"})
final class JmhCommand implements Callable<Integer>
{
    @Option(names = "--help", usageHelp = true, description = "Print this help and exit ('-h' is JMH's).")
    boolean help;

    @Parameters(arity = "0..*", paramLabel = "JMH_ARGS", description = "JMH's arguments.")
    List<String> jmhArgs = new ArrayList<>();

    /** @return the command, set to hand every argument after {@code jmh} (options too) to JMH */
    static CommandLine commandLine()
    {
        final CommandLine cl = new CommandLine(new JmhCommand());
        cl.setUnmatchedOptionsArePositionalParams(true);
        cl.setStopAtPositional(true);
        return cl;
    }

    @Override
    public Integer call() throws Exception
    {
        org.openjdk.jmh.Main.main(jmhArgs.toArray(new String[0]));
        return 0;
    }
}
