package org.rwsem4j.bench.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import org.rwsem4j.bench.LoadUnit;
import org.rwsem4j.bench.LockTestBenchmark;
import org.rwsem4j.cli.UsageException;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code jmh}: JMH's own command line over the benchmarks in this jar; every argument goes to JMH unchanged. The one
 * check before JMH starts: a {@code -p unit=...} value that names no {@link LoadUnit} (JMH takes any string for a
 * parameter, and would fail every trial with a stack trace) is refused with one line and exit status 2.
 */
@Command(name = "jmh", usageHelpAutoWidth = true,
    description = {"JMH's own command line over the benchmarks in this jar: every argument after 'jmh' goes to " +
        "JMH unchanged (JMH's help: 'jmh -h'). For example:",
        "  jmh LockTestBenchmark -p impl=base,rrwl -p ops=100000 -rf json",
        "  jmh LockTestBenchmark -p unit=tokens ...   (load in Blackhole.consumeCPU tokens; default: pause)"},
    footer = {"", "Exit status: as JMH's; 2 for a bad -p unit value."})
final class JmhCommand implements Callable<Integer>
{
    /** The parameter of {@link LockTestBenchmark} that selects the load's unit. */
    static final String UNIT_PARAM = "unit=";

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
        checkUnits(jmhArgs);
        org.openjdk.jmh.Main.main(jmhArgs.toArray(new String[0]));
        return 0;
    }

    /**
     * Checks every {@code -p unit=a,b} (or {@code -punit=a,b}) among JMH's arguments.
     *
     * @param args JMH's arguments
     * @throws UsageException naming the bad value and the valid ones
     */
    static void checkUnits(final List<String> args) throws UsageException
    {
        for (int i = 0; i < args.size(); i++)
        {
            final String a = args.get(i);
            final String param = "-p".equals(a) && i + 1 < args.size() ? args.get(i + 1) :
                a.startsWith("-p") ? a.substring(2) : "";
            if (!param.startsWith(UNIT_PARAM))
            {
                continue;
            }
            for (final String value : param.substring(UNIT_PARAM.length()).split(",", -1))
            {
                try
                {
                    LoadUnit.parse(value);
                }
                catch (final IllegalArgumentException e)
                {
                    throw new UsageException("-p unit: " + e.getMessage());
                }
            }
        }
    }
}
