package org.rwsem4j.torture;

import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;

import org.rwsem4j.cli.DurationConverter;
import org.rwsem4j.cli.UsageException;

import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

/**
 * The torture command line ({@link Main} runs it): the options of a run, checked and resolved, then
 * {@link Main#execute}. {@code list} and {@code help} are its subcommands.
 */
@Command(name = TortureCommand.PROGRAM, sortOptions = false, usageHelpAutoWidth = true,
    synopsisSubcommandLabel = "[list | help]",
    description = {"A locktorture for rwsem4j: readers and writers over one lock, with an exclusion or a data " +
        "oracle, a lost-wakeup watchdog, quiescent checks and locktorture's Total/Max/Min statistics.", ""},
    footer = {"",
        "Durations: 500ms, 40s, 1.5s, 10m, 1h, 100us, a bare number of seconds, or PT4S.",
        "Output: per run, locktorture's lines 'Writes:  Total: N  Max/Min: max/min [???]  Fail: F' ('???' when " +
        "max/2 > min, i.e. some thread got less than half the busiest one's share), wait percentiles, lock events, " +
        "the quiescent check; then a summary table and a last line SUCCESS or FAILURE.",
        "Exit status: 0 SUCCESS, 1 FAILURE, 2 bad arguments or a lock that cannot be built.",
        "The off-heap lock word needs the JVM flag", "  --add-opens java.base/jdk.internal.misc=ALL-UNNAMED",
        "which java -jar takes from the jar's manifest (Add-Opens)."})
final class TortureCommand implements Callable<Integer>
{
    /** The name every usage error starts with. */
    static final String PROGRAM = "rwsem4j-torture";

    /** The most threads of either kind. */
    static final int MAX_THREADS = 10_000;

    @Option(names = "--variant", paramLabel = "V", description = {"A spec (base, all, recommended, " +
        "reader-owned+handoff, ...; several joined by ','), ci-set (the CI set), all-combinations (every valid " +
        "combination), all-combinations:P[+Q...] (every valid combination that holds patch P, and Q...), or a " +
        "negative control that must FAIL: busted, unsafe-wake-2016, lost-wakeup (for the " +
        "watchdog), blind-revocation (for reader-bias), or rrwl (the JDK's ReentrantReadWriteLock, nonfair, as a " +
        "peer with the same workload). " +
        "Default: all."})
    String variant = "all";

    @Option(names = "--threads", paramLabel = "N",
        description = "Threads, split into readers (the larger half) and writers (1.." + MAX_THREADS + "; default 16).")
    int threads = 16;

    @Option(names = "--readers", paramLabel = "N", description = "Reader threads (overrides the split).")
    Integer readers;

    @Option(names = "--writers", paramLabel = "N", description = "Writer threads (overrides the split).")
    Integer writers;

    @Option(names = "--duration", paramLabel = "D", converter = DurationConverter.class,
        description = "The TOTAL time, split evenly over all runs (variant x oracle). Default: 60s.")
    Duration duration = Duration.ofSeconds(60);

    @Option(names = "--min-per-run", paramLabel = "D", converter = DurationConverter.class,
        description = {"The least time of each run (variant x oracle); the total grows to fit, and the first line " +
            "says it. Default: 2s for all-combinations (and all-combinations:P), none otherwise; at least 200ms."})
    Duration minPerRun;

    @Option(names = "--oracle", paramLabel = "O", converter = OracleChoice.Converter.class,
        description = "exclusion, data or both (separate runs). Default: both.")
    OracleChoice oracle = OracleChoice.BOTH;

    @Option(names = "--history", description = {"Also record every operation on a two-half register (JCTools " +
        "queues) and check that the history is an atomic register's; over either oracle."})
    boolean history;

    @Option(names = "--interrupts", paramLabel = "R", description = {"Interrupts per second sent to waiting " +
        "threads, 0 for none. Default: 200; 5000 for unsafe-wake-2016, whose window needs awake waiters."})
    Double interruptRate;

    @Option(names = "--unsafe-delay", paramLabel = "D", converter = DurationConverter.class,
        description = "unsafe-wake-2016's delay between publishing grants and counting them. Default: 200us.")
    Duration unsafeWakeDelay;

    @Option(names = "--modes", paramLabel = "M", split = ",", converter = ModeConverter.class,
        description = {"Acquire modes to mix, comma-separated: lock, interruptibly, try, timed. Default: all four; " +
            "lock only for lost-wakeup, so no cancellation wakes the stranded waiters."})
    Set<AcquireMode> modes;

    @Option(names = "--no-stutter", description = "Do not pause and restart all threads together now and then.")
    boolean noStutter;

    @Option(names = "--long-hold", paramLabel = "P",
        description = "Probability that a critical section is a long (5 ms) hold, 0..1. Default: 0.0005.")
    double longHoldProbability = 0.0005;

    @Option(names = "--seed", paramLabel = "N", description = "Seed of the threads' random choices. Default: the time.")
    Long seed;

    @Option(names = "--watchdog", paramLabel = "D", converter = DurationConverter.class,
        description = "No acquisition for this long while threads wait is a failure. Default: 10s.")
    Duration watchdog = Duration.ofSeconds(10);

    @Option(names = "--progress", paramLabel = "D", converter = DurationConverter.class,
        description = "Interval of the progress lines. Default: 5s.")
    Duration progress = Duration.ofSeconds(5);

    @Option(names = "--on-heap", description = "On-heap lock word (no --add-opens needed).")
    boolean onHeap;

    @Option(names = "--virtual-threads", description = "The workers are virtual threads (JDK 21+).")
    boolean virtualThreads;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Print this help and exit.")
    boolean help;

    @Spec
    CommandSpec spec;

    private final PrintStream out;
    private final PrintStream err;

    /**
     * @param out where the progress, the reports and the last line go
     * @param err where a lock that cannot be built is reported
     */
    TortureCommand(final PrintStream out, final PrintStream err)
    {
        this.out = out;
        this.err = err;
    }

    @Override
    public Integer call() throws UsageException
    {
        validate();
        final List<PlannedRun> plan = Plan.of(variant, oracle.oracles());
        if (minPerRun != null && minPerRun.compareTo(Main.MIN_RUN) < 0)
        {
            throw new UsageException("--min-per-run " + DurationConverter.format(minPerRun) + " is too short (at " +
                "least " + Main.MIN_RUN.toMillis() + " ms)");
        }
        if (Main.perRun(this, plan).compareTo(Main.MIN_RUN) < 0)
        {
            throw new UsageException("--duration " + DurationConverter.format(duration) + " is too short for " +
                plan.size() + " runs (at least " + Main.MIN_RUN.toMillis() + " ms each): give at least " +
                DurationConverter.format(Main.MIN_RUN.multipliedBy(plan.size())));
        }
        try
        {
            return Main.execute(this, plan, out);
        }
        catch (final IllegalStateException | IllegalArgumentException ex)
        {
            out.flush();
            err.println(PROGRAM + ": " + ex.getMessage()); // a lock that cannot be built: no usage hint
            err.flush();
            return Main.EXIT_USAGE;
        }
    }

    /** Checks the numbers picocli cannot, and splits {@code --threads} into readers and writers where not given. */
    void validate()
    {
        check(threads >= 1 && threads <= MAX_THREADS, "--threads must be 1.." + MAX_THREADS + ", got " + threads);
        check(readers == null || (readers >= 0 && readers <= MAX_THREADS),
            "--readers must be 0.." + MAX_THREADS + ", got " + readers);
        check(writers == null || (writers >= 0 && writers <= MAX_THREADS),
            "--writers must be 0.." + MAX_THREADS + ", got " + writers);
        check(interruptRate == null || (interruptRate >= 0 && !interruptRate.isInfinite()),
            "--interrupts must be a rate of at least 0, got " + interruptRate);
        check(longHoldProbability >= 0 && longHoldProbability <= 1,
            "--long-hold is a probability, between 0 and 1; got " + longHoldProbability);
        final int r = readers != null ? readers : writers != null ? Math.max(0, threads - writers) :
            threads - threads / 2;
        final int w = writers != null ? writers : readers != null ? Math.max(0, threads - readers) : threads / 2;
        check(r + w > 0, "need at least one reader or writer thread");
        readers = r;
        writers = w;
    }

    private void check(final boolean ok, final String message)
    {
        if (!ok)
        {
            throw new ParameterException(spec.commandLine(), message);
        }
    }

    /** {@code --oracle}: which oracles run, each in runs of its own. */
    enum OracleChoice
    {
        /** The exclusion oracle only. */
        EXCLUSION(List.of(Oracle.EXCLUSION)),
        /** The data oracle only. */
        DATA(List.of(Oracle.DATA)),
        /** Both, one run each. */
        BOTH(List.of(Oracle.EXCLUSION, Oracle.DATA));

        private final List<Oracle> oracles;

        OracleChoice(final List<Oracle> oracles)
        {
            this.oracles = oracles;
        }

        List<Oracle> oracles()
        {
            return oracles;
        }

        /** The lower-case names, in any case. */
        static final class Converter implements ITypeConverter<OracleChoice>
        {
            @Override
            public OracleChoice convert(final String text)
            {
                for (final OracleChoice c : values())
                {
                    if (c.name().equalsIgnoreCase(text.trim()))
                    {
                        return c;
                    }
                }
                throw new TypeConversionException("'" + text + "' (use exclusion, data or both)");
            }
        }
    }

    /** One of {@code --modes}: lock, interruptibly, try or timed. */
    static final class ModeConverter implements ITypeConverter<AcquireMode>
    {
        @Override
        public AcquireMode convert(final String text)
        {
            final AcquireMode m = AcquireMode.byCliName(text.trim().toLowerCase(Locale.ROOT));
            if (m == null)
            {
                throw new TypeConversionException("'" + text + "' (use lock, interruptibly, try, timed)");
            }
            return m;
        }
    }
}
