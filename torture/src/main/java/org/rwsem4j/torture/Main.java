package org.rwsem4j.torture;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import org.rwsem4j.Variant;
import org.rwsem4j.cli.DurationConverter;
import org.rwsem4j.cli.UsageErrors;

import picocli.CommandLine;

/**
 * The torture CLI. {@code java -jar torture/target/rwsem4j-torture.jar --variant all --threads 16 --duration 60s}.
 * The options are {@link TortureCommand}'s, parsed by picocli; {@code list} and {@code help} are subcommands.
 * Exit status: 0 when every run succeeded (last line {@code SUCCESS}), 1 when any failed (last line
 * {@code FAILURE}), 2 for a bad command line (one line naming the problem and a hint, {@link UsageErrors}) or a lock
 * that cannot be built (one line).
 */
public final class Main
{
    static final int EXIT_SUCCESS = 0;
    static final int EXIT_FAILURE = 1;
    static final int EXIT_USAGE = UsageErrors.EXIT_USAGE;
    static final double DEFAULT_INTERRUPT_RATE = 200;

    /** Runs below this length are refused: they would hardly start their threads. */
    static final Duration MIN_RUN = Duration.ofMillis(200);

    /** The every-combination run's least time per combination per oracle, unless --min-per-run says otherwise. */
    static final Duration ALL_COMBINATIONS_MIN_PER_RUN = Duration.ofSeconds(2);

    private static final Duration PROGRESS_POLL = Duration.ofMillis(250);

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
     * @param out  where the help, the progress, the reports and the final {@code SUCCESS}/{@code FAILURE} line go
     * @param err  where error messages go
     * @return the exit status: 0 success, 1 failure, 2 bad arguments or a lock that cannot be built
     */
    public static int run(final String[] args, final PrintStream out, final PrintStream err)
    {
        final CommandLine cl = new CommandLine(new TortureCommand(out, err));
        cl.addSubcommand(new ListCommand(out));
        cl.addSubcommand(new CommandLine.HelpCommand());
        return UsageErrors.execute(cl, args, out, err, TortureCommand.PROGRAM, null);
    }

    /**
     * The time of each run: {@code --duration} split evenly over the runs, but at least {@code --min-per-run}, whose
     * default is {@link #ALL_COMBINATIONS_MIN_PER_RUN} for all-combinations (with or without a patch filter) and none
     * otherwise.
     */
    static Duration perRun(final TortureCommand o, final List<PlannedRun> plan)
    {
        final Duration split = o.duration.dividedBy(plan.size());
        final Duration least = leastPerRun(o);
        return split.compareTo(least) < 0 ? least : split;
    }

    private static Duration leastPerRun(final TortureCommand o)
    {
        return o.minPerRun != null ? o.minPerRun :
            Plan.everyCombination(o.variant) ? ALL_COMBINATIONS_MIN_PER_RUN : Duration.ZERO;
    }

    /**
     * The plan line, printed before the first run: how many runs of how long, the total, and why the total is more
     * than {@code --duration} when the least time per run raised it.
     */
    static String planLine(final TortureCommand o, final List<PlannedRun> plan, final double rate, final long seed)
    {
        final Duration perRun = perRun(o, plan);
        final boolean raised = o.duration.dividedBy(plan.size()).compareTo(perRun) < 0;
        return "rwsem4j torture: " + plan.size() + " run(s) of " + DurationConverter.format(perRun) +
            (raised ? " (at least " + DurationConverter.format(leastPerRun(o)) + " per combination per oracle, " +
                "--min-per-run)" : "") + ", " +
            DurationConverter.format(perRun.multipliedBy(plan.size())) + " in total" +
            (raised ? " (not --duration " + DurationConverter.format(o.duration) + ")" : "") + ", " +
            o.readers + " readers + " + o.writers + " writers on " + Runtime.getRuntime().availableProcessors() +
            " cores, interrupts " + rate + "/s, stutter " + (o.noStutter ? "off" : "on") + ", history " +
            (o.history ? "on" : "off") + ", watchdog " + DurationConverter.format(o.watchdog) + ", seed " + seed +
            ", patches on the classpath: " +
            (Variant.available().isEmpty() ? "(none)" : String.join(", ", Variant.available()));
    }

    /**
     * Runs the plan, printing the plan line, the progress, each run's report and the summary.
     *
     * @return {@link #EXIT_SUCCESS} or {@link #EXIT_FAILURE}
     * @throws IllegalStateException    a lock that cannot be built (the JVM flag)
     * @throws IllegalArgumentException a setting the runner refuses (virtual threads on JDK 17)
     */
    static int execute(final TortureCommand o, final List<PlannedRun> plan, final PrintStream out)
    {
        final Duration perRun = perRun(o, plan);
        final long seed = o.seed != null ? o.seed : System.nanoTime();
        final double defaultRate = plan.get(0).control() == NegativeControl.UNSAFE_WAKE_2016 ?
            NegativeControl.UNSAFE_WAKE_INTERRUPT_RATE : DEFAULT_INTERRUPT_RATE;
        final double rate = o.interruptRate != null ? o.interruptRate : defaultRate;
        final Set<AcquireMode> modes = o.modes != null ? o.modes :
            plan.get(0).control() == NegativeControl.LOST_WAKEUP ? NegativeControl.LOST_WAKEUP_MODES :
            EnumSet.allOf(AcquireMode.class);
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
                .stutter(!o.noStutter)
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
        out.println(planLine(o, plan, rate, seed));
        out.println(Presets.line(Variant.available()));
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
            DurationConverter.format(p.remaining()) + " left in this run, " + DurationConverter.format(totalLeft) +
            " in total";
    }

    /** Per run: the verdict, then locktorture's two statistics lines, so that the tail of a long run has them all. */
    private static String summary(final List<TortureResult> results, final Duration took)
    {
        final StringBuilder sb = new StringBuilder();
        final long failed = results.stream().filter(r -> !r.success()).count();
        sb.append("== Summary: ").append(results.size()).append(" run(s) in ").append(DurationConverter.format(took))
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
}
