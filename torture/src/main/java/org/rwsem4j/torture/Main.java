package org.rwsem4j.torture;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.StringJoiner;

import org.rwsem4j.Patch;
import org.rwsem4j.Variant;

/**
 * The torture CLI. {@code java -jar torture/target/rwsem4j-torture.jar --variant all --threads 16 --duration 60s}.
 * Exit status: 0 when every run succeeded (last line {@code SUCCESS}), 1 when any failed (last line
 * {@code FAILURE}), 2 for a bad command line or a lock that cannot be built (message on stderr).
 */
public final class Main
{
    static final int EXIT_SUCCESS = 0;
    static final int EXIT_FAILURE = 1;
    static final int EXIT_USAGE = 2;
    static final double DEFAULT_INTERRUPT_RATE = 200;

    private static final Duration PROGRESS_POLL = Duration.ofMillis(250);

    /** Runs below this length are refused: they would hardly start their threads. */
    private static final Duration MIN_RUN = Duration.ofMillis(200);

    /** The every-combination run's least time per combination per oracle, unless --min-per-run says otherwise. */
    static final Duration ALL_COMBINATIONS_MIN_PER_RUN = Duration.ofSeconds(2);

    private Main()
    {
    }

    /**
     * Runs the command line and exits with its status.
     *
     * @param args the command line; see {@code --help}
     */
    public static void main(final String[] args)
    {
        System.exit(run(args, System.out, System.err));
    }

    /**
     * The CLI without {@link System#exit}: for tests and embedding.
     *
     * @param args the command line
     * @param out  where the progress, the reports and the final {@code SUCCESS}/{@code FAILURE} line go
     * @param err  where error messages go
     * @return the exit status: 0 success, 1 failure, 2 bad arguments or a lock that cannot be built
     */
    public static int run(final String[] args, final PrintStream out, final PrintStream err)
    {
        final CliOptions o;
        final List<PlannedRun> plan;
        try
        {
            o = CliOptions.parse(args);
            if (o.command == CliOptions.Command.HELP)
            {
                out.print(help());
                out.flush();
                return EXIT_SUCCESS;
            }
            if (o.command == CliOptions.Command.LIST)
            {
                out.print(list());
                out.flush();
                return EXIT_SUCCESS;
            }
            plan = Plan.of(o.variant, o.oracles);
            if (o.minPerRun != null && o.minPerRun.compareTo(MIN_RUN) < 0)
            {
                throw new UsageException("--min-per-run " + DurationArg.format(o.minPerRun) + " is too short (at " +
                    "least " + MIN_RUN.toMillis() + " ms)");
            }
            if (perRun(o, plan).compareTo(MIN_RUN) < 0)
            {
                throw new UsageException("--duration " + DurationArg.format(o.duration) + " is too short for " +
                    plan.size() + " runs (at least " + MIN_RUN.toMillis() + " ms each): give at least " +
                    DurationArg.format(MIN_RUN.multipliedBy(plan.size())));
            }
        }
        catch (final UsageException ex)
        {
            err.println("rwsem4j-torture: " + ex.getMessage());
            err.println("Try --help.");
            err.flush();
            return EXIT_USAGE;
        }
        try
        {
            return execute(o, plan, out);
        }
        catch (final IllegalStateException | IllegalArgumentException ex)
        {
            out.flush();
            err.println("rwsem4j-torture: " + ex.getMessage());
            err.flush();
            return EXIT_USAGE;
        }
    }

    /**
     * The time of each run: {@code --duration} split evenly over the runs, but at least {@code --min-per-run}, whose
     * default is {@link #ALL_COMBINATIONS_MIN_PER_RUN} for all-combinations and none otherwise.
     */
    static Duration perRun(final CliOptions o, final List<PlannedRun> plan)
    {
        final Duration split = o.duration.dividedBy(plan.size());
        final Duration least = o.minPerRun != null ? o.minPerRun :
            Plan.ALL_COMBINATIONS.equals(o.variant.trim()) ? ALL_COMBINATIONS_MIN_PER_RUN : Duration.ZERO;
        return split.compareTo(least) < 0 ? least : split;
    }

    private static int execute(final CliOptions o, final List<PlannedRun> plan, final PrintStream out)
    {
        final Duration perRun = perRun(o, plan);
        final long seed = o.seed != null ? o.seed : System.nanoTime();
        final double defaultRate = plan.get(0).control() == NegativeControl.UNSAFE_WAKE_2016 ?
            NegativeControl.UNSAFE_WAKE_INTERRUPT_RATE : DEFAULT_INTERRUPT_RATE;
        final double rate = o.interruptRate != null ? o.interruptRate : defaultRate;
        final java.util.Set<AcquireMode> modes = o.modes != null ? o.modes :
            plan.get(0).control() == NegativeControl.LOST_WAKEUP ? NegativeControl.LOST_WAKEUP_MODES :
            java.util.EnumSet.allOf(AcquireMode.class);
        final List<TortureRunner> runners = new ArrayList<>();
        // Runs may be shorter than the progress interval: the runners report often, one clock across runs prints.
        final long[] lastPrint = {System.nanoTime()};
        final long printEvery = o.progress.toNanos();
        for (int k = 0; k < plan.size(); k++)
        {
            final PlannedRun p = plan.get(k);
            final String prefix = "[" + (k + 1) + "/" + plan.size() + "] ";
            final int runsAfter = plan.size() - k - 1;
            runners.add(Peer.builder(p.spec())
                .control(p.control())
                .onHeap(o.onHeap)
                .virtualThreads(o.virtualThreads)
                .readers(o.readers)
                .writers(o.writers)
                .duration(perRun)
                .oracle(p.oracle())
                .interruptRate(rate)
                .modes(modes)
                .history(o.history)
                .stutter(o.stutter)
                .longHoldProbability(o.longHoldProbability)
                .watchdog(o.watchdog)
                .seed(seed + k)
                .unsafeWakeDelay(o.unsafeWakeDelay != null ? o.unsafeWakeDelay :
                    Duration.ofNanos(UnsafeWake2016.DEFAULT_DELAY_NANOS))
                .progress(PROGRESS_POLL, pr ->
                {
                    final long now = System.nanoTime();
                    if (now - lastPrint[0] >= printEvery)
                    {
                        lastPrint[0] = now;
                        out.println(progressLine(prefix, pr, pr.remaining().plus(perRun.multipliedBy(runsAfter))));
                        out.flush();
                    }
                })
                .build());
        }
        try
        {
            runners.get(0).probe(); // a lock that cannot be built (the JVM flag) fails here, before any output
        }
        catch (final IllegalStateException ex)
        {
            throw new IllegalStateException(ex.getMessage() + " [CLI: start it with java -jar, which takes the " +
                "flag from the jar's manifest, or add --on-heap]", ex);
        }
        out.println("rwsem4j torture: " + plan.size() + " run(s) of " + DurationArg.format(perRun) + ", " +
            DurationArg.format(perRun.multipliedBy(plan.size())) + " in total, " +
            o.readers + " readers + " + o.writers + " writers on " + Runtime.getRuntime().availableProcessors() +
            " cores, interrupts " + rate + "/s, stutter " + (o.stutter ? "on" : "off") + ", history " +
            (o.history ? "on" : "off") + ", watchdog " +
            DurationArg.format(o.watchdog) + ", seed " + seed + ", patches on the classpath: " +
            (Variant.available().isEmpty() ? "(none)" : String.join(", ", Variant.available())));
        out.flush();
        final List<TortureResult> results = new ArrayList<>();
        final long began = System.nanoTime();
        for (int k = 0; k < plan.size(); k++)
        {
            final PlannedRun p = plan.get(k);
            out.println("[" + (k + 1) + "/" + plan.size() + "] start " + p.name() + " [" + p.oracle().cliName() + "]");
            out.flush();
            final TortureResult r = runners.get(k).run();
            results.add(r);
            out.print(r.report());
            out.flush();
        }
        final boolean ok = results.stream().allMatch(TortureResult::success);
        out.print(summary(results, Duration.ofNanos(System.nanoTime() - began)));
        out.println(ok ? "SUCCESS" : "FAILURE");
        out.flush();
        return ok ? EXIT_SUCCESS : EXIT_FAILURE;
    }

    private static String progressLine(final String prefix, final Progress p, final Duration totalLeft)
    {
        return prefix + p.label() + ": " + p.reads() + " reads, " + p.writes() + " writes so far, " +
            DurationArg.format(p.remaining()) + " left in this run, " + DurationArg.format(totalLeft) + " in total";
    }

    /** Per run: the verdict, then locktorture's two statistics lines, so that the tail of a long run has them all. */
    private static String summary(final List<TortureResult> results, final Duration took)
    {
        final StringBuilder sb = new StringBuilder();
        final long failed = results.stream().filter(r -> !r.success()).count();
        sb.append("== Summary: ").append(results.size()).append(" run(s) in ").append(DurationArg.format(took))
            .append(", ").append(failed).append(" failed\n");
        for (final TortureResult r : results)
        {
            sb.append(r.lockName()).append(" [").append(r.oracle().cliName()).append("]: ")
                .append(r.success() ? "SUCCESS" : "FAILURE " + r.failureReasons())
                .append("  (violations ").append(r.violationCount())
                .append(r.historyChecked() ? ", history " + r.historyViolationCount() + " of " +
                    r.historyOperations() : "")
                .append(", watchdog ").append(r.watchdogReports().size())
                .append(", quiescent ").append(r.quiescent() == null ? "-" : r.quiescent() ? "yes" : "NO")
                .append(")\n");
            sb.append("  ").append(r.writes().kernelLine()).append('\n');
            sb.append("  ").append(r.reads().kernelLine()).append('\n');
        }
        return sb.toString();
    }

    static String help()
    {
        return String.join("\n",
            "Usage: java -jar rwsem4j-torture.jar [options]",
            "       java -jar rwsem4j-torture.jar list",
            "",
            "A locktorture for rwsem4j: readers and writers over one lock, with an exclusion or a data oracle,",
            "a lost-wakeup watchdog, quiescent checks and locktorture's Total/Max/Min statistics.",
            "",
            "Options:",
            "  --variant V       a spec (base, all, recommended, reader-owned+handoff, ...; several joined by ','),",
            "                    ci-set (Variant.ciSet()), all-combinations (every valid combination),",
            "                    or a negative control that must FAIL: busted, unsafe-wake-2016,",
            "                    lost-wakeup (for the watchdog), or rrwl (the JDK's ReentrantReadWriteLock,",
            "                    nonfair, as a peer with the same workload)                       [all]",
            "  --threads N       threads, split into readers (the larger half) and writers        [16]",
            "  --readers N       reader threads (overrides the split)",
            "  --writers N       writer threads (overrides the split)",
            "  --duration D      TOTAL time, split evenly across all runs (500ms, 40s, 10m, 1h)   [60s]",
            "  --min-per-run D   the least time of each run (variant x oracle); --duration grows to fit",
            "                    [2s for all-combinations, none otherwise]",
            "  --oracle O        exclusion, data or both (separate runs)                         [both]",
            "  --history         also record every operation on a two-half register (JCTools queues) and check",
            "                    that the history is an atomic register's; over either oracle      [off]",
            "  --interrupts R    interrupts per second sent to waiting threads, 0 for none",
            "                    [200; 5000 for unsafe-wake-2016, whose window needs awake waiters]",
            "  --unsafe-delay D  unsafe-wake-2016's delay between publishing grants and counting them [200us]",
            "  --modes M,...     acquire modes to mix: lock, interruptibly, try, timed          [all four;",
            "                    lock only for lost-wakeup, so no cancellation wakes the stranded waiters]",
            "  --no-stutter      do not pause and restart all threads together now and then",
            "  --long-hold P     probability that a critical section is a long (5 ms) hold        [0.0005]",
            "  --seed N          seed of the threads' random choices                              [time]",
            "  --watchdog D      no acquisition for this long while threads wait is a failure     [10s]",
            "  --progress D      interval of the progress lines                                    [5s]",
            "  --on-heap         on-heap lock word (no --add-opens needed)",
            "  --virtual-threads the workers are virtual threads (JDK 21+)",
            "  --help            this text",
            "  list              print the patches on the classpath, the presets and the CI set",
            "",
            "Output: per run, locktorture's lines 'Writes:  Total: N  Max/Min: max/min [???]  Fail: F' ('???' when",
            "max/2 > min, i.e. some thread got less than half the busiest one's share), wait percentiles, lock",
            "events, the quiescent check; then a summary table and a last line SUCCESS or FAILURE.",
            "Exit status: 0 SUCCESS, 1 FAILURE, 2 bad arguments or a lock that cannot be built.",
            "",
            "The off-heap lock word needs --add-opens java.base/jdk.internal.misc=ALL-UNNAMED; java -jar gets it",
            "from the jar's manifest (Add-Opens).",
            "");
    }

    static String list()
    {
        final StringBuilder sb = new StringBuilder();
        sb.append("Patches on the classpath:\n");
        if (Variant.available().isEmpty())
        {
            sb.append("  (none: only base)\n");
        }
        for (final String name : Variant.available())
        {
            final Patch p = Variant.patch(name);
            sb.append(String.format(Locale.ROOT, "  %-14s module %-20s seed %-8s requires %-14s conflicts %-10s%s%n",
                name, p.module(), first(p.seed()), join(p.requires()), join(p.conflicts()),
                p.optIn() ? "opt-in" : ""));
        }
        sb.append("Presets: base (alias xadd); all = ").append(Variant.parse("all").spec())
            .append("; recommended = ").append(Variant.parse("recommended").spec()).append('\n');
        final StringJoiner ci = new StringJoiner(", ");
        Variant.ciSet().forEach(v -> ci.add(v.spec()));
        sb.append("CI set (").append(Variant.ciSet().size()).append("): ").append(ci).append('\n');
        sb.append("Valid combinations: ").append(Variant.allValidCombinations().size())
            .append(" (--variant all-combinations)\n");
        sb.append("Negative controls (must FAIL): ").append(NegativeControl.BUSTED.cliName()).append(", ")
            .append(NegativeControl.UNSAFE_WAKE_2016.cliName()).append(", ").append(NegativeControl.LOST_WAKEUP.cliName())
            .append('\n');
        return sb.toString();
    }

    private static String first(final String seed)
    {
        final int space = seed.indexOf(' ');
        return space < 0 ? seed : seed.substring(0, space);
    }

    private static String join(final java.util.Set<String> names)
    {
        return names.isEmpty() ? "-" : String.join(",", new java.util.TreeSet<>(names));
    }
}
