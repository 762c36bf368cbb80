package org.rwsem4j.bench;

import java.io.PrintStream;

import org.rwsem4j.bench.cli.BenchCommand;
import org.rwsem4j.cli.UsageErrors;

/**
 * The runnable jar's entry point: the {@code rwsem4j-bench} command ({@link BenchCommand}) and its subcommands,
 * parsed by picocli. Bad input gets one line and exit status {@link #USAGE} ({@link UsageErrors}).
 */
public final class BenchMain
{
    /** The program's name, as every message starts. */
    public static final String PROGRAM = "rwsem4j-bench";
    /** Exit status for bad input: arguments, a missing run folder, a malformed jmh.json or metadata.json. */
    public static final int USAGE = UsageErrors.EXIT_USAGE;

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
     * @return the exit status: 0, 1 for a failed run, {@link #USAGE} for bad input
     * @throws Exception from JMH's own entry point, or a bug (bad input never throws)
     */
    static int run(final String[] args, final PrintStream out, final PrintStream err) throws Exception
    {
        return UsageErrors.execute(BenchCommand.commandLine(out, err), args, out, err, PROGRAM, null);
    }
}
