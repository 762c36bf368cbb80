package org.rwsem4j.torture;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReadWriteLock;

import org.rwsem4j.Rwsem;
import org.rwsem4j.RwsemBuilder;
import org.rwsem4j.RwsemState;

/**
 * One execution of a {@link TortureRunner}: the lock, the workers, and the monitor loop (end of run, stutter,
 * watchdog, progress) that runs on the caller's thread. See the runner's algorithmic notes.
 */
final class TortureRun
{
    private static final long TICK_NANOS = TimeUnit.MILLISECONDS.toNanos(10);
    private static final long GATE_ARRIVAL_LIMIT_NANOS = TimeUnit.MILLISECONDS.toNanos(200);
    private static final long ABORT_JOIN_NANOS = TimeUnit.SECONDS.toNanos(2);
    private static final long FAILURE_DRAIN_NANOS = TimeUnit.SECONDS.toNanos(1);

    final TortureRunner cfg;
    final Target target;
    final Check check;
    /** The history oracle, or null when the run records no history. */
    final History history;
    final StutterGate gate = new StutterGate();
    final double longHoldProbability;
    final long longHoldNanos;
    /** Cumulative weights of the run's acquire modes, in {@link AcquireMode} order. */
    private final int[] modeThresholds = new int[AcquireMode.values().length];
    private final Violations violations = new Violations();
    private final List<Worker> workers = new ArrayList<>();
    private final CountDownLatch start = new CountDownLatch(1);
    private final ConcurrentLinkedQueue<String> unexpected = new ConcurrentLinkedQueue<>();
    private final List<String> watchdogReports = new ArrayList<>();
    private final String label;
    private volatile boolean stopping;
    /** Nanoseconds from the start to the first failure the monitor noticed; -1 if none. */
    private long firstFailureNanos = -1;
    /** Whether a failure (not the end of the duration) stopped the run. */
    private boolean stoppedByFailure;

    TortureRun(final TortureRunner cfg)
    {
        int sum = 0;
        for (final AcquireMode m : AcquireMode.values())
        {
            sum += cfg.modes.contains(m) ? m.weight() : 0;
            modeThresholds[m.ordinal()] = sum;
        }
        this.cfg = cfg;
        this.target = createTarget(cfg);
        this.history = cfg.history ? new History() : null;
        this.check = history == null ? Check.of(cfg.oracle, violations) :
            new HistoryRegister(Check.of(cfg.oracle, violations));
        this.longHoldProbability = cfg.longHoldProbability;
        this.longHoldNanos = cfg.longHoldNanos;
        this.label = cfg.label != null ? cfg.label : target.name + " [" + cfg.oracle.cliName() + "]";
    }

    private static Target createTarget(final TortureRunner cfg)
    {
        if (cfg.lockSupplier != null)
        {
            final ReadWriteLock lock = java.util.Objects.requireNonNull(cfg.lockSupplier.get(),
                "the lock supplier returned null");
            return new Target(lock, lock instanceof Rwsem ? ((Rwsem)lock).variant() : lock.getClass().getSimpleName());
        }
        if (cfg.control == NegativeControl.BUSTED)
        {
            return new Target(new BustedLock(), NegativeControl.BUSTED.cliName());
        }
        final RwsemBuilder b = Rwsem.builder().variant(cfg.spec).name("torture");
        if (cfg.onHeap)
        {
            b.onHeap();
        }
        if (cfg.control == NegativeControl.UNSAFE_WAKE_2016)
        {
            b.patch(new UnsafeWake2016(cfg.unsafeWakeDelayNanos));
        }
        else if (cfg.control == NegativeControl.LOST_WAKEUP)
        {
            b.patch(new SkipAllWakeups());
        }
        else if (cfg.control == NegativeControl.BLIND_REVOCATION)
        {
            b.patch(new BlindRevocation());
        }
        final Rwsem lock = b.build();
        return new Target(lock, lock.variant());
    }

    AcquireMode pickMode(final SplittableRandom rnd)
    {
        final int r = rnd.nextInt(modeThresholds[modeThresholds.length - 1]);
        int i = 0;
        while (r >= modeThresholds[i])
        {
            i++;
        }
        return AcquireMode.values()[i];
    }

    boolean stopping()
    {
        return stopping;
    }

    void awaitStart() throws InterruptedException
    {
        start.await();
    }

    void unexpected(final Worker w, final Throwable t)
    {
        unexpected.add(w.name + (w.writer ? " (writer)" : " (reader)") + ": " + ThreadDump.stackOf(t));
    }

    TortureResult execute()
    {
        final SplittableRandom rnd = new SplittableRandom(cfg.seed);
        for (int i = 0; i < cfg.writers; i++)
        {
            workers.add(new Worker(this, "torture-w" + i, true, rnd.nextLong()));
        }
        for (int i = 0; i < cfg.readers; i++)
        {
            workers.add(new Worker(this, "torture-r" + i, false, rnd.nextLong()));
        }
        // Interleave the start order, writer then reader, as locktorture creates them.
        final List<Worker> startOrder = new ArrayList<>();
        for (int i = 0; i < Math.max(cfg.writers, cfg.readers); i++)
        {
            if (i < cfg.writers)
            {
                startOrder.add(workers.get(i));
            }
            if (i < cfg.readers)
            {
                startOrder.add(workers.get(cfg.writers + i));
            }
        }
        for (final Worker w : startOrder)
        {
            w.thread = WorkerThreads.unstarted(w, w.name, cfg.virtualThreads);
            w.thread.start();
        }
        Interrupter interrupter = null;
        if (cfg.interruptRate > 0)
        {
            interrupter = new Interrupter(workers, cfg.interruptRate, rnd.nextLong());
            interrupter.thread = new Thread(interrupter, "torture-interrupter");
            interrupter.thread.setDaemon(true);
            interrupter.thread.start();
        }

        if (history != null)
        {
            history.start();
        }
        final long began = System.nanoTime();
        start.countDown();
        final boolean completed = monitor(began, rnd);
        final long elapsed = System.nanoTime() - began;
        if (history != null)
        {
            if (completed)
            {
                history.finish();
            }
            else
            {
                history.abandon();
            }
        }

        if (interrupter != null)
        {
            interrupter.stop();
            join(interrupter.thread, ABORT_JOIN_NANOS);
        }
        return result(completed, Duration.ofNanos(elapsed), interrupter == null ? 0 : interrupter.sent());
    }

    /**
     * The monitor loop.
     *
     * @return true if every worker stopped by itself; false if the run was aborted (watchdog, or workers that did
     *         not stop)
     */
    private boolean monitor(final long began, final SplittableRandom rnd)
    {
        final long end = began + cfg.durationNanos;
        final long drainLimit = 2 * cfg.watchdogNanos;
        long lastTotal = -1;
        long lastMove = began;
        long nextProgress = began + cfg.progressIntervalNanos;
        long stopAt = 0;
        // stutter: 0 running, 1 closing (waiting for arrivals), 2 holding
        int stutterState = 0;
        long stutterAt = began + stutterRunNanos(rnd);
        for (;;)
        {
            LockSupport.parkNanos(TICK_NANOS);
            final long now = System.nanoTime();
            final long total = totalAcquisitions();
            if (total != lastTotal)
            {
                lastTotal = total;
                lastMove = now;
            }
            final boolean failed = !unexpected.isEmpty() || violations.count() != 0 ||
                (history != null && history.violationCount() != 0);
            if (failed && firstFailureNanos < 0)
            {
                firstFailureNanos = now - began;
            }
            if (!stopping && (now - end >= 0 || !unexpected.isEmpty() || (cfg.stopOnFailure && failed)))
            {
                stopping = true;
                stoppedByFailure = now - end < 0;
                stopAt = now;
                gate.open(workers);
            }
            if (allDone())
            {
                for (final Worker w : workers)
                {
                    join(w.thread, ABORT_JOIN_NANOS);
                }
                return true;
            }
            if (now - lastMove > cfg.watchdogNanos && countPhase(Phase.WAITING) > 0)
            {
                if (firstFailureNanos < 0)
                {
                    firstFailureNanos = now - began;
                }
                watchdogReports.add(watchdogReport(now - lastMove));
                abort();
                return false;
            }
            if (stopping && stoppedByFailure && now - stopAt > FAILURE_DRAIN_NANOS)
            {
                abort(); // the run has failed already; workers stuck behind the broken lock are abandoned
                return false;
            }
            if (stopping && now - stopAt > drainLimit)
            {
                if (firstFailureNanos < 0)
                {
                    firstFailureNanos = now - began;
                }
                watchdogReports.add("WATCHDOG: workers did not stop within " + seconds(drainLimit) +
                    " s of the end of the run\nlock: " + target.describeState() + "\nthreads:\n" +
                    ThreadDump.of(workers));
                abort();
                return false;
            }
            if (!stopping && cfg.stutter)
            {
                if (stutterState == 0 && now - stutterAt >= 0)
                {
                    gate.close();
                    stutterState = 1;
                    stutterAt = now;
                }
                else if (stutterState == 1 &&
                    (gate.waiting() >= workers.size() - countPhase(Phase.DONE) ||
                        now - stutterAt > GATE_ARRIVAL_LIMIT_NANOS))
                {
                    stutterState = 2;
                    stutterAt = now + TimeUnit.MILLISECONDS.toNanos(5 + rnd.nextInt(26));
                }
                else if (stutterState == 2 && now - stutterAt >= 0)
                {
                    gate.open(workers);
                    stutterState = 0;
                    stutterAt = now + stutterRunNanos(rnd);
                }
            }
            if (!stopping && cfg.progress != null && now - nextProgress >= 0)
            {
                nextProgress = now + cfg.progressIntervalNanos;
                cfg.progress.accept(new Progress(label, sideTotal(false), sideTotal(true),
                    Duration.ofNanos(now - began), Duration.ofNanos(Math.max(0, end - now))));
            }
        }
    }

    private static long stutterRunNanos(final SplittableRandom rnd)
    {
        return TimeUnit.MILLISECONDS.toNanos(200 + rnd.nextInt(801));
    }

    private String watchdogReport(final long stuckNanos)
    {
        final RwsemState state = target.state();
        final int waiting = countPhase(Phase.WAITING);
        final int holdingReaders = countPhase(Phase.HOLDING_READ);
        final int holdingWriters = countPhase(Phase.HOLDING_WRITE);
        final String diagnosis;
        if (state == null)
        {
            diagnosis = "STALL (the lock is not an Rwsem: no lock word to classify it)";
        }
        else if (state.readers() == 0 && !state.writerLocked())
        {
            diagnosis = "LOST WAKEUP: the lock word shows no holder (readers=0, no writer), yet " + waiting +
                " worker(s) wait";
        }
        else if (holdingReaders + holdingWriters == 0)
        {
            diagnosis = "LEAKED COUNT: the lock word shows readers=" + state.readers() + " writer=" +
                state.writerLocked() + " but no worker holds the lock";
        }
        else
        {
            diagnosis = "STALL behind a holder: the lock word shows readers=" + state.readers() + " writer=" +
                state.writerLocked() + "; workers holding: " + holdingReaders + " reader(s), " + holdingWriters +
                " writer(s)";
        }
        return "WATCHDOG: no acquisition completed for " + seconds(stuckNanos) + " s while " + waiting +
            " worker(s) wait\n" + diagnosis + "\nlock: " + (state == null ? target.describeState() : state) +
            "\nthreads:\n" + ThreadDump.of(workers);
    }

    /** Stops a stuck run: tell the workers to stop, interrupt them, join briefly, abandon the rest (daemons). */
    private void abort()
    {
        stopping = true;
        if (history != null)
        {
            history.close(); // no worker waits for room in its queue any more
        }
        gate.open(workers);
        for (final Worker w : workers)
        {
            w.thread.interrupt();
        }
        final long deadline = System.nanoTime() + ABORT_JOIN_NANOS;
        for (final Worker w : workers)
        {
            join(w.thread, Math.max(1, deadline - System.nanoTime()));
        }
    }

    private TortureResult result(final boolean completed, final Duration elapsed, final long interruptsSent)
    {
        final List<Worker> writers = new ArrayList<>();
        final List<Worker> readers = new ArrayList<>();
        long downgrades = 0;
        long longHolds = 0;
        for (final Worker w : workers)
        {
            (w.writer ? writers : readers).add(w);
            downgrades += w.downgrades;
            longHolds += w.longHolds;
        }
        final SideStats writeStats = new SideStats("Writes", writers);
        final SideStats readStats = new SideStats("Reads", readers);
        Boolean quiescent = null;
        String finalState;
        if (completed && unexpected.isEmpty())
        {
            check.afterJoin(writeStats.total(), violations);
        }
        final RwsemState state = target.state();
        if (state == null)
        {
            finalState = target.describeState();
        }
        else
        {
            finalState = state.toString();
            if (completed)
            {
                quiescent = state.isQuiescent();
            }
            else
            {
                finalState = "at the abort: " + finalState;
            }
        }
        return new TortureResult(target.name, cfg.oracle, cfg.seed, elapsed, writeStats, readStats,
            violations.count(), violations.first(), history == null ? null : history.report(), watchdogReports,
            new ArrayList<>(unexpected), quiescent,
            finalState, target.events(), downgrades, longHolds, interruptsSent,
            firstFailureNanos < 0 ? null : Duration.ofNanos(firstFailureNanos));
    }

    private long totalAcquisitions()
    {
        long sum = 0;
        for (final Worker w : workers)
        {
            sum += w.acquisitions();
        }
        return sum;
    }

    private long sideTotal(final boolean writer)
    {
        long sum = 0;
        for (final Worker w : workers)
        {
            if (w.writer == writer)
            {
                sum += w.acquisitions();
            }
        }
        return sum;
    }

    private int countPhase(final int phase)
    {
        int n = 0;
        for (final Worker w : workers)
        {
            if (w.phase() == phase)
            {
                n++;
            }
        }
        return n;
    }

    private boolean allDone()
    {
        return countPhase(Phase.DONE) == workers.size();
    }

    private static void join(final Thread t, final long nanos)
    {
        try
        {
            TimeUnit.NANOSECONDS.timedJoin(t, nanos);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
    }

    private static String seconds(final long nanos)
    {
        return String.format(java.util.Locale.ROOT, "%.1f", nanos / 1e9);
    }
}
