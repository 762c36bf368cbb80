package org.rwsem4j.stat;

import java.io.PrintStream;
import java.nio.file.Path;
import java.nio.file.Paths;

import org.rwsem4j.stats.StatsFile;
import org.rwsem4j.cli.UsageErrors;

import picocli.CommandLine;

/**
 * {@code rwsem-stat}: maps a process's rwsem4j stats file read-only (the AeronStat pattern) and prints, every
 * interval, each named lock's non-zero lock event counters with their rate since the previous print, and the decoded
 * lock word of locks that publish it. The options are {@link StatCommand}'s, parsed by picocli ({@code --help}).
 *
 * <pre>
 * java -jar rwsem-stat.jar [--interval 1s] [--once] [--count N] &lt;stats-file | pid&gt;
 * </pre>
 *
 * Exit codes: 0 done (or {@code --help}); 2 bad arguments (one line and a hint), or a missing, unreadable, not
 * regular (a FIFO, a directory), short, foreign, wrong-version, unready, truncated or corrupt file, or one cut while
 * it is read (StatsReader's one-line message on stderr, never a stack trace); 1 anything else (e.g. Agrona cannot
 * map: the JVM flag is missing).
 */
public final class Main
{
    /** Exit code for bad arguments or a file that cannot be read as a stats file. */
    public static final int EXIT_USAGE = UsageErrors.EXIT_USAGE;

    private Main()
    {
    }

    /**
     * Entry point of the runnable jar.
     *
     * @param args see {@code --help}
     */
    public static void main(final String[] args)
    {
        final int code = run(args, System.out, System.err);
        if (code != 0)
        {
            System.exit(code);
        }
    }

    /**
     * Runs the CLI in process.
     *
     * @param args command line
     * @param out where the counters (and {@code --help}) go
     * @param err where errors go
     * @return the exit code
     */
    public static int run(final String[] args, final PrintStream out, final PrintStream err)
    {
        return UsageErrors.execute(new CommandLine(new StatCommand(out, err)), args, out, err, StatCommand.PROGRAM,
            "one stats file or pid");
    }

    /**
     * The file a {@code <stats-file | pid>} argument names: digits only and no such file means a pid.
     *
     * @param arg the argument
     * @return the stats file path
     */
    public static Path resolve(final String arg)
    {
        final Path asFile = Paths.get(arg);
        if (isPid(arg) && !asFile.toFile().exists())
        {
            return pidFile(Long.parseLong(arg));
        }
        return asFile;
    }

    /**
     * The default stats file of a process.
     *
     * @param pid a process id
     * @return where that process's default stats file is: {@code <java.io.tmpdir>/rwsem4j_<user>/<pid>.stats}, with
     *         this JVM's {@code java.io.tmpdir} and {@code user.name}
     */
    public static Path pidFile(final long pid)
    {
        return StatsFile.defaultPath(pid);
    }

    static boolean isPid(final String arg)
    {
        return !arg.isEmpty() && arg.length() <= 18 && arg.chars().allMatch(c -> c >= '0' && c <= '9');
    }
}
