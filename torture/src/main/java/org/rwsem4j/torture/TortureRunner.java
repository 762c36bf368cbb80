package org.rwsem4j.torture;

import java.time.Duration;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.concurrent.locks.ReadWriteLock;

/**
 * A locktorture for rwsem4j: readers and writers hammer one lock for a while, oracles check every critical section,
 * a watchdog checks liveness, and the result carries locktorture's statistics.
 *
 * <pre>{@code
 * TortureResult r = TortureRunner.builder()
 *     .variant("reader-owned+handoff")
 *     .readers(8).writers(8)
 *     .duration(Duration.ofSeconds(5))
 *     .oracle(Oracle.EXCLUSION)
 *     .build()
 *     .run();
 * assertTrue(r.success(), r::report);
 * }</pre>
 *
 * A runner is immutable and may be run more than once; each run builds a fresh lock.
 */
public final class TortureRunner
{
    /*
     * Algorithmic notes:
     *
     * Workload. `readers` + `writers` daemon threads (more than the cores, as a rule: oversubscription is what drives
     * the sleeping, handoff and owner-descheduled paths) loop until the run's end. Each attempt picks a mode
     * (AcquireMode; by default all): lock() 35%, lockInterruptibly() 25%, tryLock() 15%, tryLock(time) 25% with a
     * log-uniform timeout of 1 us..5 ms.
     * A successful writer of an Rwsem downgrades 10% of the time and leaves as a reader. The critical section is
     * mostly a short onSpinWait spin, sometimes Thread.yield() or a 1-50 us park, and with `longHoldProbability` a
     * long hold (a park of `longHold`). Outside, a shorter pause. An interrupter thread interrupts random workers
     * that are waiting for the lock, at `interruptRate` per second (exponential gaps). With `stutter`, the monitor
     * every 0.2-1 s closes a gate that every worker stops at between critical sections, waits until all arrived
     * (at most 200 ms), holds 5-30 ms, and opens it: all restart together.
     *
     * Exclusion oracle (Oracle.EXCLUSION; OccupancyCheck). One AtomicLong: readers inside in bits 0..31, writers
     * inside from bit 32. On entry a writer CASes 0 -> WRITER; any other witness is a violation (and it adds WRITER
     * anyway so exits stay symmetric). A reader getAndIncrements and fails if a writer bit was set. A downgrading
     * writer CASes WRITER -> 1 reader before calling downgrade(). The check is atomic and exact: any overlap that
     * happens is seen by one side, whatever the memory order of the lock.
     *
     * Data oracle (Oracle.DATA; DataCheck), in separate runs. Plain long fields a, b, c. A writer reads a, checks
     * b == c == a, stores a = v+1, runs the body, stores b = c = v+1. A reader reads a at entry, runs the body, then
     * reads b, c and a again, and fails unless all four are equal. No atomic and no volatile access sits in the
     * critical section (a worker's progress and phase fields are opaque stores), because an atomic RMW is a full fence
     * and would hide a missing acquire or release on some "I now own it" path. After the join, a == b == c must equal
     * the number of write acquisitions; less is a lost update.
     *
     * Liveness watchdog. The monitor (the thread that called run()) samples the sum of the workers' acquisition
     * counters every 10 ms. If it has not moved for `watchdog` while at least one worker is in the WAITING phase, the
     * run is stuck. The report classifies it with one snapshot of Rwsem.state(): readers() == 0 and !writerLocked()
     * is a LOST WAKEUP (nobody holds the lock, yet waiters sleep); a holder in the word while no worker is in a
     * HOLDING phase is a LEAKED COUNT; otherwise a STALL behind a holder. The report has the decoded word, owner,
     * queue and OSQ, then each worker's phase, Thread.State, park blocker and stack. The run then stops: workers are
     * told to stop and interrupted, joined for at most 2 s, and abandoned if still stuck (they are daemons).
     *
     * History oracle (history(true); History, HistoryChecker), over either oracle. A register of two plain long
     * halves: a writer stores first = v on entry and second = ~v on exit, a reader loads first on entry and second
     * on exit, the body between, so an overlap yields a value no write wrote. v is unique: the writer's count and
     * its index. Each worker publishes a floor (release store of its invocation time) before lock() and, after
     * unlock(), offers {invocation, response, value(s)} to its own bounded SPSC queue (JCTools), waiting for room if
     * the checker is behind; nothing is added inside the critical section but plain accesses. The checker thread
     * reads each floor then drains that queue; the least floor of the writers is the watermark below which every
     * write has arrived. A read is checked once it responded by the watermark: torn is illegal; the initial value is
     * legal only if no write ended before the read began; the value of write w only if w began before the read
     * ended and the write that began last among those that ended before the read began did not begin after w ended
     * (prefix maxima of invocation times over the writes in response order). Old writes fold into one summary, so
     * memory holds the last stretch; when too much is pending the checker drains only the lagging writers' queues
     * (backpressure on the rest, which wait outside the lock).
     *
     * Failures and the end. Any exception a worker did not expect (IllegalMonitorStateException from an unlock, an
     * AssertionError, ...) is recorded with its stack and stops the run, as does (with stopOnFailure, the default)
     * the first oracle violation. At the end the workers finish their current attempt (no interrupt, so a lost
     * wakeup at the end is still the watchdog's to see) and are joined; then the quiescent check
     * (RwsemState.isQuiescent(): count 0, so no lock bits, WAITERS or HANDOFF; queue empty; OSQ empty; no writer
     * owner) and the oracle's after-join check run. The statistics are locktorture's: per side Total, Max/Min over
     * threads with "???" when max/2 > min, Fail = the violations that side saw.
     */

    final String spec;
    final Supplier<? extends ReadWriteLock> lockSupplier;
    final NegativeControl control;
    final long unsafeWakeDelayNanos;
    final boolean onHeap;
    final boolean virtualThreads;
    final int readers;
    final int writers;
    final long durationNanos;
    final Oracle oracle;
    final double interruptRate;
    final boolean stutter;
    final double longHoldProbability;
    final long longHoldNanos;
    final long watchdogNanos;
    final long seed;
    final String label;
    final Consumer<Progress> progress;
    final long progressIntervalNanos;
    final boolean stopOnFailure;
    final Set<AcquireMode> modes;
    final boolean history;
    final int downgradePercent;

    private TortureRunner(final Builder b)
    {
        this.spec = b.spec;
        this.lockSupplier = b.lockSupplier;
        this.control = b.control;
        this.unsafeWakeDelayNanos = b.unsafeWakeDelay.toNanos();
        this.onHeap = b.onHeap;
        this.virtualThreads = b.virtualThreads;
        this.readers = b.readers;
        this.writers = b.writers;
        this.durationNanos = b.duration.toNanos();
        this.oracle = b.oracle;
        this.interruptRate = b.interruptRate;
        this.stutter = b.stutter;
        this.longHoldProbability = b.longHoldProbability;
        this.longHoldNanos = b.longHold.toNanos();
        this.watchdogNanos = b.watchdog.toNanos();
        this.seed = b.seed;
        this.label = b.label;
        this.progress = b.progress;
        this.progressIntervalNanos = b.progressInterval.toNanos();
        this.stopOnFailure = b.stopOnFailure;
        this.modes = Collections.unmodifiableSet(EnumSet.copyOf(b.modes));
        this.history = b.history;
        this.downgradePercent = b.downgradePercent;
    }

    /** {@return a builder with the defaults: base, 4 readers, 4 writers, 5 s, exclusion, interrupts, stutter} */
    public static Builder builder()
    {
        return new Builder();
    }

    /**
     * Builds the lock and runs the workload; returns when the run is over (its duration, plus the time the workers
     * need to finish their current attempt) or was stopped by a failure.
     *
     * @return what the run found
     * @throws IllegalArgumentException if the variant spec is bad (the message lists the available patches)
     * @throws IllegalStateException if the off-heap lock word cannot be created (the message names the JVM flag)
     */
    public TortureResult run()
    {
        return new TortureRun(this).execute();
    }

    /**
     * Builds this runner's lock once and drops it, without running anything: a bad spec or a missing JVM flag shows
     * up here, before a long plan starts.
     *
     * @throws IllegalArgumentException if the variant spec is bad
     * @throws IllegalStateException if the off-heap lock word cannot be created (the message names the JVM flag)
     */
    public void probe()
    {
        new TortureRun(this);
    }

    /** Configuration. Setters return this; {@link #build()} checks the values. */
    public static final class Builder
    {
        private String spec = "base";
        private Supplier<? extends ReadWriteLock> lockSupplier;
        private NegativeControl control;
        private Duration unsafeWakeDelay = Duration.ofNanos(UnsafeWake2016.DEFAULT_DELAY_NANOS);
        private boolean onHeap;
        private boolean virtualThreads;
        private int readers = 4;
        private int writers = 4;
        private Duration duration = Duration.ofSeconds(5);
        private Oracle oracle = Oracle.EXCLUSION;
        private double interruptRate = 200;
        private boolean stutter = true;
        private double longHoldProbability = 0.0005;
        private Duration longHold = Duration.ofMillis(5);
        private Duration watchdog = Duration.ofSeconds(10);
        private long seed = System.nanoTime();
        private String label;
        private Consumer<Progress> progress;
        private Duration progressInterval = Duration.ofSeconds(5);
        private boolean stopOnFailure = true;
        private Set<AcquireMode> modes = EnumSet.allOf(AcquireMode.class);
        private boolean history;
        private int downgradePercent = 10;

        private Builder()
        {
        }

        /**
         * Sets the variant under test.
         *
         * @param spec an rwsem4j variant spec (e.g. {@code base}, {@code all}, {@code reader-owned+handoff});
         *             validated when the lock is built
         * @return this
         */
        public Builder variant(final String spec)
        {
            this.spec = Objects.requireNonNull(spec, "spec");
            this.lockSupplier = null;
            return this;
        }

        /**
         * Tortures any lock instead of a variant by spec: an {@code Rwsem} built with custom tunables, or another
         * {@link ReadWriteLock} (then without downgrade, lock state, events and quiescent check).
         *
         * @param supplier makes a fresh lock for each run
         * @return this
         */
        public Builder lock(final Supplier<? extends ReadWriteLock> supplier)
        {
            this.lockSupplier = Objects.requireNonNull(supplier, "supplier");
            return this;
        }

        /**
         * Runs a negative control instead of a real lock; its run must end in FAILURE. {@link
         * NegativeControl#UNSAFE_WAKE_2016} and the others are installed on top of the {@link #variant(String)} (base by
         * default; {@link NegativeControl#BLIND_REVOCATION} needs one with {@code reader-bias}).
         *
         * @param control the control, or null for none
         * @return this
         */
        public Builder control(final NegativeControl control)
        {
            this.control = control;
            return this;
        }

        /**
         * Sets the unsafe wake control's delay.
         *
         * @param delay the unsafe wake control's delay between publishing the grants and adding them to the count
         * @return this
         */
        public Builder unsafeWakeDelay(final Duration delay)
        {
            this.unsafeWakeDelay = Objects.requireNonNull(delay, "delay");
            return this;
        }

        /**
         * Puts the lock word on the heap ({@code Rwsem.builder().onHeap()}): no JVM flag needed.
         *
         * @param onHeap true for the on-heap word
         * @return this
         */
        public Builder onHeap(final boolean onHeap)
        {
            this.onHeap = onHeap;
            return this;
        }

        /**
         * Runs the workers as virtual threads (JDK 21+; the monitor and the interrupter stay platform threads).
         *
         * @param virtual true for virtual workers
         * @return this
         * @throws IllegalArgumentException when asked for on a JDK without virtual threads
         */
        public Builder virtualThreads(final boolean virtual)
        {
            if (virtual && !WorkerThreads.virtualAvailable())
            {
                throw new IllegalArgumentException(WorkerThreads.virtualUnavailableMessage());
            }
            this.virtualThreads = virtual;
            return this;
        }

        /**
         * Sets the number of reader threads.
         *
         * @param n reader threads
         * @return this
         */
        public Builder readers(final int n)
        {
            this.readers = n;
            return this;
        }

        /**
         * Sets the number of writer threads.
         *
         * @param n writer threads
         * @return this
         */
        public Builder writers(final int n)
        {
            this.writers = n;
            return this;
        }

        /**
         * Splits {@code n} threads into readers (the larger half) and writers.
         *
         * @param n threads
         * @return this
         */
        public Builder threads(final int n)
        {
            this.writers = n / 2;
            this.readers = n - n / 2;
            return this;
        }

        /**
         * Sets how long the workers run.
         *
         * @param d how long the workers run
         * @return this
         */
        public Builder duration(final Duration d)
        {
            this.duration = Objects.requireNonNull(d, "duration");
            return this;
        }

        /**
         * Sets the oracle.
         *
         * @param o the oracle of this run
         * @return this
         */
        public Builder oracle(final Oracle o)
        {
            this.oracle = Objects.requireNonNull(o, "oracle");
            return this;
        }

        /**
         * Sets the interrupt rate.
         *
         * @param perSecond mean interrupts per second sent to waiting workers; 0 for none
         * @return this
         */
        public Builder interruptRate(final double perSecond)
        {
            this.interruptRate = perSecond;
            return this;
        }

        /**
         * Turns stutter on or off.
         *
         * @param on whether all workers periodically pause and restart together
         * @return this
         */
        public Builder stutter(final boolean on)
        {
            this.stutter = on;
            return this;
        }

        /**
         * Sets the probability of a long hold.
         *
         * @param p the probability that a critical section is a long hold
         * @return this
         */
        public Builder longHoldProbability(final double p)
        {
            this.longHoldProbability = p;
            return this;
        }

        /**
         * Sets how long a long hold lasts.
         *
         * @param d how long a long hold lasts
         * @return this
         */
        public Builder longHold(final Duration d)
        {
            this.longHold = Objects.requireNonNull(d, "longHold");
            return this;
        }

        /**
         * Sets the watchdog's limit.
         *
         * @param d how long no acquisition may complete while workers wait before the watchdog reports
         * @return this
         */
        public Builder watchdog(final Duration d)
        {
            this.watchdog = Objects.requireNonNull(d, "watchdog");
            return this;
        }

        /**
         * Sets the seed.
         *
         * @param s the seed of the workers' random choices
         * @return this
         */
        public Builder seed(final long s)
        {
            this.seed = s;
            return this;
        }

        /**
         * Sets the label of progress lines.
         *
         * @param l a label for progress lines (default: the variant and oracle)
         * @return this
         */
        public Builder label(final String l)
        {
            this.label = l;
            return this;
        }

        /**
         * Asks for progress reports.
         *
         * @param every how often to report
         * @param listener called from the runner's thread while the run lasts
         * @return this
         */
        public Builder progress(final Duration every, final Consumer<Progress> listener)
        {
            this.progressInterval = Objects.requireNonNull(every, "every");
            this.progress = listener;
            return this;
        }

        /**
         * Sets whether the first oracle violation ends the run.
         *
         * @param stop whether the first oracle violation ends the run (default true); exceptions and the watchdog
         *             always do
         * @return this
         */
        public Builder stopOnFailure(final boolean stop)
        {
            this.stopOnFailure = stop;
            return this;
        }

        /**
         * Turns the history oracle on, over the run's oracle: every worker records each operation on a register of
         * two plain halves (invocation before {@code lock()}, response after {@code unlock()}, the value read or
         * written) into a JCTools queue of its own, and a checker thread verifies while the run lasts that the
         * history is that of an atomic register. Off by default.
         *
         * @param on whether to record and check the history
         * @return this
         */
        public Builder history(final boolean on)
        {
            this.history = on;
            return this;
        }

        /**
         * Sets the share of write acquisitions that downgrade.
         *
         * @param percent how many of an {@code Rwsem}'s write acquisitions end in {@code downgrade()}, 0 to 100
         *                (default 10)
         * @return this
         */
        public Builder downgradePercent(final int percent)
        {
            this.downgradePercent = percent;
            return this;
        }

        /**
         * Sets the acquire modes.
         *
         * @param m the acquire modes to mix (default: all four, weighted 35/25/15/25)
         * @return this
         */
        public Builder modes(final Set<AcquireMode> m)
        {
            if (m.isEmpty())
            {
                throw new IllegalArgumentException("at least one acquire mode is needed");
            }
            this.modes = EnumSet.copyOf(m);
            return this;
        }

        /**
         * {@return the runner}
         * @throws IllegalArgumentException for values out of range
         */
        public TortureRunner build()
        {
            if (readers < 0 || writers < 0 || readers + writers == 0)
            {
                throw new IllegalArgumentException(
                    "need at least one reader or writer thread (readers=" + readers + ", writers=" + writers + ")");
            }
            positive(duration, "duration");
            positive(watchdog, "watchdog");
            positive(progressInterval, "progress interval");
            if (longHold.isNegative())
            {
                throw new IllegalArgumentException("long hold must not be negative, was " + longHold);
            }
            if (downgradePercent < 0 || downgradePercent > 100)
            {
                throw new IllegalArgumentException("downgrade percent must be between 0 and 100, was " +
                    downgradePercent);
            }
            if (unsafeWakeDelay.isNegative())
            {
                throw new IllegalArgumentException("unsafe wake delay must not be negative, was " + unsafeWakeDelay);
            }
            if (!(interruptRate >= 0) || Double.isInfinite(interruptRate))
            {
                throw new IllegalArgumentException("interrupt rate must be a finite number >= 0, was " + interruptRate);
            }
            if (!(longHoldProbability >= 0 && longHoldProbability <= 1))
            {
                throw new IllegalArgumentException(
                    "long hold probability must be between 0 and 1, was " + longHoldProbability);
            }
            return new TortureRunner(this);
        }

        private static void positive(final Duration d, final String what)
        {
            if (d.isNegative() || d.isZero())
            {
                throw new IllegalArgumentException(what + " must be positive, was " + d);
            }
        }
    }
}
