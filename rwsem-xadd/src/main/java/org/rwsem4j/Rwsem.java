package org.rwsem4j;

import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReadWriteLock;

import org.rwsem4j.slot.SlotSource;
import org.rwsem4j.spi.LockWordBits;

/**
 * A reader-writer semaphore after the Linux kernel's rwsem, in the variant named by its spec.
 *
 * <pre>{@code
 * ReadWriteLock lock = Rwsem.of("reader-owned+handoff");   // or Rwsem.of("recommended")
 * lock.readLock().lock();
 * try { ... } finally { lock.readLock().unlock(); }
 * }</pre>
 *
 * The default lock word is off-heap (Agrona), which needs the JVM flag
 * {@code --add-opens java.base/jdk.internal.misc=ALL-UNNAMED}; {@code Rwsem.builder().onHeap().build()} needs none.
 *
 * <h2>Policy (the {@link ReadWriteLock} questions), base variant</h2>
 * <ul>
 *   <li><b>Who wins after a writer releases?</b> If the queue head is a writer, it is woken but not granted: it
 *       competes, and a spinning or newly arriving writer may take the lock first. If the head is a reader, the
 *       readers at the head (up to 256) are granted together before they run.</li>
 *   <li><b>Can readers barge past a waiting writer?</b> No: once anyone is queued, the read fast path and the read
 *       trylock fail and new readers queue behind. Writers, however, barge: the write fast path, the write trylock's
 *       CAS from 0 excepted, and optimistic spinners steal past queued waiters. <b>The base may therefore starve a
 *       queued waiter</b>, as a nonfair {@code ReentrantReadWriteLock} can. The {@code handoff} patch bounds that
 *       wait: after about 4 ms the queue head reserves the lock.</li>
 *   <li><b>Reentrancy?</b> None. A thread holding the write lock that asks for the read or write lock gets an
 *       {@link IllegalMonitorStateException} ("not reentrant; use downgrade()"), and its {@code tryLock()} returns
 *       false. A thread holding a read lock that asks for the write lock deadlocks, as with
 *       {@code ReentrantReadWriteLock}. Read locks are not owned: nested read acquisition works only while no
 *       writer queues in between.</li>
 *   <li><b>Downgrade and upgrade?</b> {@link #downgrade()} turns the write lock into a read lock atomically and
 *       wakes the readers queued behind. There is no upgrade.</li>
 *   <li><b>Trylock?</b> Kernel semantics: {@code tryLock()} fails while waiters are queued, even if the lock is free
 *       for an instant.</li>
 *   <li><b>Interruption and timeouts.</b> {@code lock()} ignores interrupts (and restores the flag);
 *       {@code lockInterruptibly()} and {@code tryLock(time, unit)} leave the queue cleanly and wake the next waiter
 *       when they give up. A waiter granted at the moment it gives up keeps the lock and returns normally, with its
 *       interrupt flag set.</li>
 *   <li><b>Ownership checks.</b> Write unlock, downgrade and reentrancy are checked against the owning thread. Read
 *       locks are counted, not owned: a read unlock with no reader counted throws, but an unbalanced read unlock
 *       while other readers hold the lock cannot be told apart (as with {@code StampedLock}).</li>
 *   <li><b>Memory effects:</b> as for any {@link Lock}: a successful acquire happens-after the release that made it
 *       possible.</li>
 * </ul>
 * Each patch module's README states how it changes these answers.
 */
public final class Rwsem implements ReadWriteLock, java.io.Serializable
{
    private static final long serialVersionUID = 1L;

    private final transient Engine engine;
    private final transient ReadLock readLock;
    private final transient WriteLock writeLock;

    Rwsem(final Engine engine)
    {
        this.engine = engine;
        this.readLock = new ReadLock(engine);
        this.writeLock = new WriteLock(engine);
    }

    /**
     * A lock in the given variant, with default tunables and the off-heap lock word.
     *
     * @param spec a preset ({@code base}, {@code xadd}, {@code all}, {@code recommended}) or patch names joined by
     *             {@code +}
     * @return a new lock
     * @throws IllegalArgumentException for a bad spec (the message lists the available patches), or for
     *                                  {@code recommended} when one of its patches is not on the classpath (the
     *                                  message names each missing patch and its module)
     * @throws IllegalStateException if the Agrona JVM flag is missing (the message names it)
     */
    public static Rwsem of(final String spec)
    {
        if (spec == null)
        {
            return builder().variant(null).build(); // the builder's message for a missing spec
        }
        // builder().variant(spec).build() without the builder: no name, so no stats file; the off-heap word
        final Policy policy = Policy.defaults(spec);
        final Rwsem lock = new Rwsem(Engine.create(policy.variant, policy.choices, SlotSource.offHeap(), null, null,
            false));
        PresetLog.built(policy.variant); // what `all` became, once per resolved set
        return lock;
    }

    /**
     * {@return a builder for tunables, the lock word kind and explicit patches}
     */
    public static RwsemBuilder builder()
    {
        return new RwsemBuilder();
    }

    /**
     * {@return the patches on the classpath}
     */
    public static Set<String> availablePatches()
    {
        return Variant.available();
    }

    @Override
    public Lock readLock()
    {
        return readLock;
    }

    @Override
    public Lock writeLock()
    {
        return writeLock;
    }

    /**
     * Takes the read lock and returns a guard that releases it once: {@code try (Guard g = lock.readGuard()) {...}}.
     *
     * @return the guard
     */
    public Guard readGuard()
    {
        readLock.lock();
        return new Guard(readLock);
    }

    /**
     * Takes the write lock and returns a guard that releases it once.
     *
     * @return the guard
     */
    public Guard writeGuard()
    {
        writeLock.lock();
        return new Guard(writeLock);
    }

    /**
     * Whether any thread awaits a condition of the write lock.
     *
     * @param condition a condition of this lock's write lock
     * @return whether any thread awaits it (the caller must hold the write lock)
     * @throws NullPointerException if {@code condition} is null (as {@code ReentrantReadWriteLock} does)
     * @throws IllegalArgumentException if {@code condition} is not a condition of this lock
     */
    public boolean hasWaiters(final Condition condition)
    {
        return ownCondition(condition).hasWaiters();
    }

    /**
     * How many threads await a condition of the write lock.
     *
     * @param condition a condition of this lock's write lock
     * @return how many threads await it (the caller must hold the write lock)
     * @throws NullPointerException if {@code condition} is null (as {@code ReentrantReadWriteLock} does)
     * @throws IllegalArgumentException if {@code condition} is not a condition of this lock
     */
    public int getWaitQueueLength(final Condition condition)
    {
        return ownCondition(condition).waitQueueLength();
    }

    private WriteCondition ownCondition(final Condition condition)
    {
        if (condition == null)
        {
            throw new NullPointerException("condition");
        }
        if (!(condition instanceof WriteCondition) || ((WriteCondition)condition).engine() != engine)
        {
            throw new IllegalArgumentException("not a condition of this lock");
        }
        return (WriteCondition)condition;
    }

    /**
     * {@code downgrade_write}: the caller's write lock becomes a read lock in one atomic step; queued readers at the
     * head are woken to share it. Release it with {@code readLock().unlock()}.
     *
     * @throws IllegalMonitorStateException if the caller does not hold the write lock
     */
    public void downgrade()
    {
        engine.downgradeWrite();
    }

    /**
     * {@return the canonical spec of this lock's variant, e.g. {@code base} or {@code handoff+reader-owned}}
     */
    public String variant()
    {
        return engine.variant;
    }

    /**
     * {@return the name given with {@link RwsemBuilder#name(String)}, or {@code null} for an unnamed lock}
     */
    public String name()
    {
        return engine.name;
    }

    /**
     * {@return whether some thread holds the write lock (monitoring only)}
     */
    public boolean isWriteLocked()
    {
        return (engine.count() & LockWordBits.WRITER_LOCKED) != 0;
    }

    /**
     * {@return whether the caller holds the write lock}
     */
    public boolean isWriteLockedByCurrentThread()
    {
        return engine.isWriteLockedByCurrentThread();
    }

    /**
     * {@return the reader count in the lock word (readers holding or attempting) plus the biased reads held, from a
     * scan of the table of visible readers (monitoring only)}
     */
    public int getReadLockCount()
    {
        return (int)Math.min(Integer.MAX_VALUE, LockWordBits.readers(engine.count()) + engine.biasedReaders());
    }

    /**
     * {@return whether any thread is queued (monitoring only)}
     */
    public boolean hasQueuedThreads()
    {
        return engine.queueLengthRacy() > 0;
    }

    /**
     * {@return the number of queued threads (monitoring only)}
     */
    public int getQueueLength()
    {
        return engine.queueLengthRacy();
    }

    /**
     * {@return a diagnostic snapshot: decoded word, owner, queue, OSQ}
     */
    public RwsemState state()
    {
        return engine.state();
    }

    /**
     * {@return this lock's slow-path event counters}
     */
    public LockEvents events()
    {
        return LockEvents.snapshot(engine.eventsOrNull());
    }

    /** {@return whether a slow path has made this lock's contended state} (made on first contention) */
    boolean hasContendedState()
    {
        return engine.hasContendedState();
    }

    /**
     * {@return the tunables this lock was built with}
     */
    public Tunables tunables()
    {
        return engine.tunables();
    }

    @Override
    public String toString()
    {
        return engine.toString();
    }

    /**
     * Serialized as its variant spec, word kind, name and numeric tunables; it deserializes unlocked, as
     * {@code ReentrantReadWriteLock} and {@code StampedLock} do. A custom clock or slot source is not kept (the
     * system clock and the built-in source of the same kind are used), and every patch of the spec must be available
     * by name where it is read back.
     *
     * @return the {@link SerialForm} written in this lock's place
     */
    private Object writeReplace()
    {
        final Tunables t = engine.tunables();
        return new SerialForm(engine.variant, engine.slots.isOffHeap(), engine.name, t);
    }

    /**
     * Refuses a stream that carries an {@link Rwsem} directly rather than its serial form.
     *
     * @param in the stream being read
     * @throws java.io.InvalidObjectException always
     */
    private void readObject(final java.io.ObjectInputStream in) throws java.io.InvalidObjectException
    {
        throw new java.io.InvalidObjectException("Rwsem is serialized through its serial form");
    }

    /** The serial form of an {@link Rwsem}. */
    private static final class SerialForm implements java.io.Serializable
    {
        private static final long serialVersionUID = 1L;

        private final String spec;
        private final boolean offHeap;
        private final String name;
        private final long spinBudgetNanos;
        private final long handoffTimeoutNanos;
        private final Tunables.ReaderSpinThreshold readerSpinThreshold;
        private final int readerSpinCount;
        private final int nullOwnerRetries;
        /** A stream written before this field existed reads false, the default. */
        private final boolean padded;
        /** Inverted, so a stream written before it existed reads false: adaptations on, the default. */
        private final boolean noPlatformAdaptations;

        SerialForm(final String spec, final boolean offHeap, final String name, final Tunables t)
        {
            this.spec = spec;
            this.offHeap = offHeap;
            this.name = name;
            this.spinBudgetNanos = t.spinBudgetNanos();
            this.handoffTimeoutNanos = t.handoffTimeoutNanos();
            this.readerSpinThreshold = t.readerSpinThreshold();
            this.readerSpinCount = t.readerSpinCount();
            this.nullOwnerRetries = t.nullOwnerRetries();
            this.padded = t.padded();
            this.noPlatformAdaptations = !t.platformAdaptations();
        }

        private Object readResolve()
        {
            final RwsemBuilder b = Rwsem.builder().variant(spec).name(name)
                .spinBudget(java.time.Duration.ofNanos(spinBudgetNanos))
                .handoffTimeout(java.time.Duration.ofNanos(handoffTimeoutNanos))
                .readerSpinThreshold(readerSpinThreshold).readerSpinCount(readerSpinCount)
                .nullOwnerRetries(nullOwnerRetries).padded(padded).platformAdaptations(!noPlatformAdaptations);
            return (offHeap ? b.offHeap() : b.onHeap()).build();
        }
    }

    /**
     * What the two {@link Lock} views share: interrupt checks, the timed form, and the zero-timeout trylock. The hot
     * methods ({@code lock}, {@code tryLock}, {@code unlock}) stay in each view so each call site is monomorphic.
     */
    abstract static class View implements Lock
    {
        final Engine engine;

        View(final Engine engine)
        {
            this.engine = engine;
        }

        abstract boolean acquire(int mode, long nanos) throws InterruptedException;

        @Override
        public final void lockInterruptibly() throws InterruptedException
        {
            if (Thread.interrupted())
            {
                throw new InterruptedException();
            }
            acquire(Engine.INTERRUPTIBLE, 0);
        }

        @Override
        public final boolean tryLock(final long time, final TimeUnit unit) throws InterruptedException
        {
            if (Thread.interrupted())
            {
                throw new InterruptedException();
            }
            final long nanos = unit.toNanos(time);
            return nanos <= 0 ? tryLock() : acquire(Engine.TIMED, nanos);
        }

        final void lockUninterruptibly()
        {
            try
            {
                acquire(Engine.UNINTERRUPTIBLE, 0);
            }
            catch (final InterruptedException impossible)
            {
                throw new AssertionError(impossible);
            }
        }
    }

    /** The read side. */
    static final class ReadLock extends View
    {
        ReadLock(final Engine engine)
        {
            super(engine);
        }

        @Override
        boolean acquire(final int mode, final long nanos) throws InterruptedException
        {
            return engine.downRead(mode, nanos);
        }

        @Override
        public void lock()
        {
            lockUninterruptibly();
        }

        @Override
        public boolean tryLock()
        {
            return engine.downReadTrylock();
        }

        @Override
        public void unlock()
        {
            engine.upRead();
        }

        @Override
        public Condition newCondition()
        {
            throw new UnsupportedOperationException("read locks have no conditions");
        }

        @Override
        public String toString()
        {
            return "ReadLock of " + engine;
        }
    }

    /** The write side. */
    static final class WriteLock extends View
    {
        WriteLock(final Engine engine)
        {
            super(engine);
        }

        @Override
        boolean acquire(final int mode, final long nanos) throws InterruptedException
        {
            return engine.downWrite(mode, nanos);
        }

        @Override
        public void lock()
        {
            lockUninterruptibly();
        }

        @Override
        public boolean tryLock()
        {
            return engine.downWriteTrylock();
        }

        @Override
        public void unlock()
        {
            engine.upWrite();
        }

        /**
         * A condition bound to the write lock, with {@code ReentrantLock}-like semantics: await releases the write lock
         * and re-acquires it before returning; signal requires the write lock.
         */
        @Override
        public Condition newCondition()
        {
            return new WriteCondition(engine);
        }

        @Override
        public String toString()
        {
            return "WriteLock of " + engine;
        }
    }
}
