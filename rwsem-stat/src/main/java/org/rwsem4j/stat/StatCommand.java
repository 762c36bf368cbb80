package org.rwsem4j.stat;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.LongSupplier;

import org.rwsem4j.stats.StatsReader;
import org.rwsem4j.cli.DurationConverter;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** The {@code rwsem-stat} command line ({@link Main} runs it): its options, checked, then the print loop. */
@Command(name = StatCommand.PROGRAM, usageHelpAutoWidth = true, sortOptions = false,
    description = {"Prints the lock event counters of every live named rwsem4j lock of another process, kernel " +
        "lock_event style, with the rate per second since the previous print, and the decoded lock word of the " +
        "locks that publish it (publishLockWord()). Runs until interrupted unless --once or --count.", ""},
    footer = {"", "Exit codes: 0 done; 2 bad arguments, or a file that is missing, unreadable, not a regular file, " +
        "too short, foreign (bad magic), of another layout version, not ready, truncated or corrupt, or cut while it " +
        "is read (one line on stderr); 1 other errors."})
final class StatCommand implements Callable<Integer>
{
    /** The name every error line starts with. */
    static final String PROGRAM = "rwsem-stat";

    private static final Duration MIN_INTERVAL = Duration.ofMillis(1);

    @Parameters(index = "0", paramLabel = "<stats-file | pid>", description = {"The counters file (the owner's " +
        "system property rwsem4j.stats.file), or a process id, which reads the owner's default file",
        "<java.io.tmpdir>/rwsem4j_<user>/<pid>.stats", "with this JVM's java.io.tmpdir and user name."})
    String target;

    @Option(names = "--interval", paramLabel = "DURATION", converter = DurationConverter.class,
        description = "Time between prints: 500ms, 1s (the default), 2m, 1h, a number of seconds or PT4S; at least " +
            "1ms.")
    Duration interval = Duration.ofSeconds(1);

    @Option(names = "--once", description = "Print once and exit (same as --count 1).")
    boolean once;

    @Option(names = "--count", paramLabel = "N", description = "Print N times and exit.")
    Long count;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Print this help and exit.")
    boolean help;

    @Spec
    CommandSpec spec;

    private final PrintStream out;
    private final PrintStream err;

    StatCommand(final PrintStream out, final PrintStream err)
    {
        this.out = out;
        this.err = err;
    }

    @Override
    public Integer call()
    {
        final long prints = prints();
        final Path file = file();
        final StatsReader reader;
        try
        {
            reader = StatsReader.open(file);
        }
        catch (final IllegalArgumentException ex)
        {
            final boolean missing = Main.isPid(target) && !Files.exists(file, LinkOption.NOFOLLOW_LINKS);
            err.println(PROGRAM + ": " + ex.getMessage() + (!missing ? "" : " (pid " + target + " maps to it;" +
                " is that process running a named rwsem4j lock, with this java.io.tmpdir and user?)"));
            return Main.EXIT_USAGE;
        }
        catch (final RuntimeException ex)
        {
            err.println(PROGRAM + ": " + ex.getMessage());
            return 1;
        }
        try (reader)
        {
            return loop(reader, prints, out, System::nanoTime);
        }
        catch (final IllegalArgumentException ex)
        {
            err.println(PROGRAM + ": " + ex.getMessage()); // the file was corrupted or cut while it was being read
            return Main.EXIT_USAGE;
        }
        catch (final InternalError fault)
        {
            // a fault on the mapping that StatsReader did not turn into its own message: still one line
            err.println(PROGRAM + ": " + reader.path() + " was truncated while being read (" + fault.getMessage() +
                ")");
            return Main.EXIT_USAGE;
        }
    }

    /** @return how many prints: 0 for until interrupted */
    private long prints()
    {
        if (interval.compareTo(MIN_INTERVAL) < 0)
        {
            throw new ParameterException(spec.commandLine(), "--interval must be at least 1ms, got " +
                interval.toNanos() / 1000 + "us");
        }
        if (count != null && count < 1)
        {
            throw new ParameterException(spec.commandLine(), "--count must be at least 1, got " + count);
        }
        if (once && count != null && count != 1)
        {
            throw new ParameterException(spec.commandLine(), "--once and --count " + count + " contradict");
        }
        return once ? 1 : count == null ? 0 : count;
    }

    /** @return the file the target names */
    private Path file()
    {
        if (target.isBlank())
        {
            throw new ParameterException(spec.commandLine(), "empty <stats-file | pid>");
        }
        try
        {
            return Main.resolve(target);
        }
        catch (final IllegalStateException | IllegalArgumentException ex)
        {
            // a user.name that cannot name the per-user directory, or a path the file system cannot name
            throw new ParameterException(spec.commandLine(), ex.getMessage());
        }
    }

    private int loop(final StatsReader reader, final long prints, final PrintStream out, final LongSupplier clock)
    {
        final StatView view = new StatView(reader.path(), reader.pid());
        Map<String, Map<String, Long>> previous = null;
        long previousAt = 0;
        for (long n = 0; prints <= 0 || n < prints; n++)
        {
            if (n > 0)
            {
                try
                {
                    Thread.sleep(interval.toMillis());
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
}
