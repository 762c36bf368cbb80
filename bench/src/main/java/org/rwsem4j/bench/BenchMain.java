package org.rwsem4j.bench;

import java.io.PrintStream;
import java.util.Arrays;

/**
 * The runnable jar's entry point: {@code ablation}, {@code list}, {@code jmh}, {@code calibrate}, {@code fairness}.
 */
public final class BenchMain
{
    /** Exit status for bad arguments. */
    static final int USAGE = 2;

    private BenchMain()
    {
    }

    /**
     * @param args the command line
     * @throws Exception from JMH's own entry point
     */
    public static void main(final String[] args) throws Exception
    {
        final int status = run(args, System.out, System.err);
        System.out.flush();
        System.exit(status);
    }

    /**
     * Runs a command without exiting the JVM.
     *
     * @param args the command line
     * @param out standard output
     * @param err standard error
     * @return the exit status: 0, 1 for a failed run, {@link #USAGE} for bad arguments
     * @throws Exception from JMH's own entry point
     */
    static int run(final String[] args, final PrintStream out, final PrintStream err) throws Exception
    {
        if (args.length == 0)
        {
            err.println("rwsem4j-bench: missing command");
            err.print(usage());
            return USAGE;
        }
        final String[] rest = Arrays.copyOfRange(args, 1, args.length);
        try
        {
            switch (args[0])
            {
                case "-h":
                case "--help":
                case "help":
                    out.print(usage());
                    return 0;
                case "ablation":
                    return Ablation.run(rest, out, err);
                case "list":
                    if (rest.length != 0)
                    {
                        throw new UsageException("list takes no arguments");
                    }
                    out.print(PatchList.render());
                    return 0;
                case "calibrate":
                    out.printf(java.util.Locale.ROOT, "1 pause unit (Thread.onSpinWait) = %.1f ns%n",
                        PauseCalibration.nanosPerPause());
                    return 0;
                case "fairness":
                    try
                    {
                        return FairnessHarness.main(rest, out);
                    }
                    catch (final IllegalArgumentException e)
                    {
                        throw new UsageException(e.getMessage());
                    }
                case "jmh":
                    org.openjdk.jmh.Main.main(rest);
                    return 0;
                default:
                    throw new UsageException("unknown command '" + args[0] + "'");
            }
        }
        catch (final UsageException e)
        {
            err.println("rwsem4j-bench: " + e.getMessage());
            err.println("run with --help for usage");
            return USAGE;
        }
    }

    static String usage()
    {
        return String.join(System.lineSeparator(),
            "usage: java -jar bench/target/rwsem4j-bench.jar <command> [options]",
            "",
            "commands:",
            "  ablation [options]   per-patch ablation: seed-style tables, JMH JSON, Markdown and SVG reports",
            "  list                 patches on the classpath, presets and peers",
            "  calibrate            what one pause unit (Thread.onSpinWait) costs here, in ns",
            "  fairness <impl> <readers> <writers> <millis> <load>",
            "                       one timed reader/writer fairness run (the ablation runs it in child JVMs)",
            "  jmh [JMH options]    JMH's own command line over the benchmarks in this jar",
            "  --help               this text",
            "",
            Ablation.usage());
    }
}
