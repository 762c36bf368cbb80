package org.rwsem4j.bench;

import java.io.PrintStream;

import org.rwsem4j.cli.UsageErrors;

import picocli.CommandLine;

/**
 * The runnable jar's entry point: the {@code rwsem4j-bench} command ({@link BenchCommand}) and its subcommands,
 * parsed by picocli. Bad input gets one line and exit status {@link #USAGE} ({@link UsageErrors}).
 */
public final class BenchMain
{
    /** Exit status for bad input: arguments, a missing run folder, a malformed jmh.json or metadata.json. */
    static final int USAGE = UsageErrors.EXIT_USAGE;

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
        return UsageErrors.execute(commandLine(out, err), args, out, err, BenchCommand.PROGRAM, null);
    }

    /**
     * The command tree. Settings such as the error handlers are applied by {@link #run} to every subcommand
     * registered here, so a new subcommand needs only its line below.
     */
    private static CommandLine commandLine(final PrintStream out, final PrintStream err)
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
        cl.addSubcommand(new CommandLine.HelpCommand());
        // ---- end of subcommands ----
        return cl;
    }
}
