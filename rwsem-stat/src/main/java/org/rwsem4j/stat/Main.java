package org.rwsem4j.stat;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.Map;
import java.util.function.LongSupplier;

import org.rwsem4j.StatsFile;
import org.rwsem4j.StatsReader;

/**
 * {@code rwsem-stat}: maps a process's rwsem4j stats file read-only (the AeronStat pattern) and prints, every
 * interval, each named lock's non-zero lock event counters with their rate since the previous print, and the decoded
 * lock word of locks that publish it.
 *
 * <pre>
 * java -jar rwsem-stat.jar [--interval 1s] [--once] [--count N] &lt;stats-file | pid&gt;
 * </pre>
 *
 * Exit codes: 0 done (or {@code --help}); 2 bad arguments, or a missing, unreadable, not regular (a FIFO, a
 * directory), short, foreign, wrong-version, unready, truncated or corrupt file, or one cut while it is read
 * (StatsReader's one-line message on stderr, never a stack trace); 1 anything else (e.g. Agrona cannot map: the JVM
 * flag is missing).
 */
public final class Main
{
    /** Exit code for bad arguments or a file that cannot be read as a stats file. */
    public static final int EXIT_USAGE = 2;

    static final String USAGE = String.join(System.lineSeparator(),
        "usage: rwsem-stat [--interval DURATION] [--once | --count N] <stats-file | pid>",
        "",
        "Prints the lock event counters of every live named rwsem4j lock of another process, kernel lock_event",
        "style, with the rate per second since the previous print, and the decoded lock word where the lock",
        "publishes it (Rwsem.builder().name(..).publishLockWord()). Runs until interrupted unless --once/--count.",
        "",
        "  <stats-file>          the counters file (StatsFile; system property rwsem4j.stats.file in the owner)",
        "  <pid>                 a process id: reads <java.io.tmpdir>/rwsem4j_<user>/<pid>.stats (the owner's",
        "                        default file; same java.io.tmpdir and user as the owner)",
        "  --interval DURATION   time between prints: 500ms, 1s (default), 2m, or a number of seconds",
        "  --once                print once and exit (same as --count 1)",
        "  --count N             print N times and exit",
        "  -h, --help            this text",
        "",
        "Exit codes: 0 done; 2 bad arguments, or a file that is missing, unreadable, not a regular file, too",
        "short, foreign (bad magic), of another layout version, not ready, truncated or corrupt, or cut while it",
        "is read (one line on stderr); 1 other errors.");

    private Main()
    {
    }

    /**
     * Entry point of the runnable jar.
     *
     * @param args see {@link #USAGE}
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
     * @param err where errors and the usage go
     * @return the exit code
     */
    public static int run(final String[] args, final PrintStream out, final PrintStream err)
    {
        final Options options;
        try
        {
            options = Options.parse(args);
        }
        catch (final IllegalArgumentException | IllegalStateException ex)
        {
            // IllegalStateException: a user.name that cannot name the per-user directory of a pid's file
            err.println("rwsem-stat: " + ex.getMessage());
            err.println(USAGE);
            return EXIT_USAGE;
        }
        if (options.help)
        {
            out.println(USAGE);
            return 0;
        }
        final StatsReader reader;
        try
        {
            reader = StatsReader.open(options.file);
        }
        catch (final IllegalArgumentException ex)
        {
            final boolean missing = options.pid != null && !Files.exists(options.file, LinkOption.NOFOLLOW_LINKS);
            err.println("rwsem-stat: " + ex.getMessage() + (!missing ? "" : " (pid " + options.pid + " maps to it;" +
                " is that process running a named rwsem4j lock, with this java.io.tmpdir and user?)"));
            return EXIT_USAGE;
        }
        catch (final RuntimeException ex)
        {
            err.println("rwsem-stat: " + ex.getMessage());
            return 1;
        }
        try (reader)
        {
            return loop(reader, options, out, System::nanoTime);
        }
        catch (final IllegalArgumentException ex)
        {
            err.println("rwsem-stat: " + ex.getMessage()); // the file was corrupted or cut while it was being read
            return EXIT_USAGE;
        }
        catch (final InternalError fault)
        {
            // a fault on the mapping that StatsReader did not turn into its own message: still one line
            err.println("rwsem-stat: " + reader.path() + " was truncated while being read (" + fault.getMessage() +
                ")");
            return EXIT_USAGE;
        }
    }

    static int loop(final StatsReader reader, final Options options, final PrintStream out, final LongSupplier clock)
    {
        final StatView view = new StatView(reader.path(), reader.pid());
        Map<String, Map<String, Long>> previous = null;
        long previousAt = 0;
        for (long n = 0; options.count <= 0 || n < options.count; n++)
        {
            if (n > 0)
            {
                try
                {
                    Thread.sleep(options.interval.toMillis());
                }
                catch (final InterruptedException ex)
                {
                    Thread.currentThread().interrupt();
                    return 0;
                }
            }
            final long now = clock.getAsLong();
            final Map<String, Map<String, Long>> snapshot = reader.snapshot();
            out.print(view.render(snapshot, previous, now - previousAt));
            out.flush();
            previous = snapshot;
            previousAt = now;
        }
        return 0;
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

    private static boolean isPid(final String arg)
    {
        return !arg.isEmpty() && arg.length() <= 18 && arg.chars().allMatch(c -> c >= '0' && c <= '9');
    }

    /** Parsed command line. */
    static final class Options
    {
        boolean help;
        Duration interval = Duration.ofSeconds(1);
        long count;
        Path file;
        Long pid;

        static Options parse(final String[] args)
        {
            final Options o = new Options();
            String target = null;
            boolean once = false;
            boolean counted = false;
            for (int i = 0; i < args.length; i++)
            {
                final String a = args[i];
                switch (a)
                {
                    case "-h":
                    case "--help":
                        o.help = true;
                        return o;
                    case "--once":
                        once = true;
                        break;
                    case "--interval":
                        o.interval = parseDuration(value(args, ++i, a));
                        break;
                    case "--count":
                        o.count = parseCount(value(args, ++i, a));
                        counted = true;
                        break;
                    default:
                        if (a.startsWith("--interval="))
                        {
                            o.interval = parseDuration(a.substring("--interval=".length()));
                        }
                        else if (a.startsWith("--count="))
                        {
                            o.count = parseCount(a.substring("--count=".length()));
                            counted = true;
                        }
                        else if (a.startsWith("-") && a.length() > 1)
                        {
                            throw new IllegalArgumentException("unknown option " + a);
                        }
                        else if (target != null)
                        {
                            throw new IllegalArgumentException("one stats file or pid, got " + target + " and " + a);
                        }
                        else
                        {
                            target = a;
                        }
                }
            }
            if (once && counted && o.count != 1)
            {
                throw new IllegalArgumentException("--once and --count " + o.count + " contradict");
            }
            if (once)
            {
                o.count = 1;
            }
            if (target == null || target.isBlank())
            {
                throw new IllegalArgumentException("missing <stats-file | pid>");
            }
            o.file = resolve(target);
            if (isPid(target) && !Paths.get(target).toFile().exists())
            {
                o.pid = Long.parseLong(target);
            }
            return o;
        }

        private static String value(final String[] args, final int i, final String option)
        {
            if (i >= args.length)
            {
                throw new IllegalArgumentException(option + " needs a value");
            }
            return args[i];
        }

        private static long parseCount(final String s)
        {
            final long n;
            try
            {
                n = Long.parseLong(s.trim());
            }
            catch (final NumberFormatException ex)
            {
                throw new IllegalArgumentException("--count wants a positive whole number, got '" + s + "'");
            }
            if (n < 1)
            {
                throw new IllegalArgumentException("--count wants a positive whole number, got " + n);
            }
            return n;
        }

        static Duration parseDuration(final String raw)
        {
            final String s = raw.trim().toLowerCase(java.util.Locale.ROOT);
            final Duration d;
            try
            {
                if (s.startsWith("pt"))
                {
                    d = Duration.parse(s);
                }
                else if (s.endsWith("ms"))
                {
                    d = Duration.ofMillis(Long.parseLong(s.substring(0, s.length() - 2)));
                }
                else if (s.endsWith("s"))
                {
                    d = Duration.ofMillis(Math.round(Double.parseDouble(s.substring(0, s.length() - 1)) * 1000));
                }
                else if (s.endsWith("m"))
                {
                    d = Duration.ofMinutes(Long.parseLong(s.substring(0, s.length() - 1)));
                }
                else
                {
                    d = Duration.ofMillis(Math.round(Double.parseDouble(s) * 1000));
                }
            }
            catch (final RuntimeException ex)
            {
                throw new IllegalArgumentException("--interval wants a duration such as 500ms, 1s or 2m, got '" +
                    raw + "'");
            }
            if (d.toMillis() < 1)
            {
                throw new IllegalArgumentException("--interval must be at least 1ms, got '" + raw + "'");
            }
            return d;
        }
    }
}
