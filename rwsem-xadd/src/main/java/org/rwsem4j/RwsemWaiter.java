package org.rwsem4j;

import org.rwsem4j.spi.SlowPath;
import org.rwsem4j.spi.Waiter;


/**
 * The engine's {@link Waiter}: one slow-path acquisition, queued or not (the kernel's {@code struct rwsem_waiter}).
 * Every field but {@link #granted}, {@link #wakeup} and {@link #waiting} is read and written under the engine's wait
 * lock, or only by the waiting thread where a comment says so.
 */
final class RwsemWaiter implements Waiter
{
    final Thread thread;
    final boolean writer;
    /** The acquisition mode: {@code Engine.UNINTERRUPTIBLE}, {@code INTERRUPTIBLE} or {@code TIMED}. */
    final int mode;
    /** The handoff clock: when this waiter may claim a handoff. */
    final long timeout;
    /** Set with release semantics by the waker, after the count holds this reader's grant; read by the waiter. */
    volatile boolean granted;
    /** Set (release) by a waker before it unparks this writer; lets a writer about to park skip the park. */
    volatile boolean wakeup;
    /** This waiter set or inherited the handoff bit (5.16+ {@code handoff_set}). */
    boolean handoffSet;
    /**
     * A queued writer that may sleep: the next wake must unpark it. The writer sets it under the wait lock before
     * each try of the lock; a wake clears it (under the wait lock) when it unparks the writer. Volatile, because an
     * unlock reads it without the wait lock ({@code Engine.Ops.nothingToWake}): the writer stores it before it reads
     * the count, the unlock writes the count before it reads this, so one of the two sees the other.
     */
    volatile boolean waiting;
    /**
     * Unlocks that found this writer awake at the head and did not unpark it ({@code Engine.Ops.nothingToWake}),
     * added there with plain adds after the unlock has released the count, and folded into the lock's
     * {@link LockEvent#WAKE_WRITER_AWAKE} once when the writer leaves its slow path, so an unlock that skips takes no
     * atomic on a path it runs nearly every operation under contention. Two unlocks that skip this writer at the
     * same instant, or one that skips it just as it leaves, may count once; the lock's count still only grows.
     */
    int awakeSkips;
    RwsemWaiter prev;
    RwsemWaiter next;
    boolean queued;
    // Written and read only by the waiting thread: what this acquisition did, for the JFR event.
    boolean spun;
    boolean slept;
    boolean handedOff;
    /** A writer spun on the owner since it last slept (the handoff wait): counted if it then takes the lock. */
    boolean spunSinceSleep;
    /** Immediate retries without sleeping since it last slept ({@link SlowPath#mayRetryWithoutSleeping}). */
    int immediateRetries;
    // Written and read only by the waiting thread: what a reader holds, for the give-back when its slow path throws.
    /** The bias this reader's fast path added is still in the count (not yet given back or turned into a lock). */
    boolean biased;
    /** This reader took the read lock without a grant (the empty-queue steal, or spinning). */
    boolean stole;
    /** Under the wait lock, in one mark-wake: the next reader the grant strategy unlinked (Engine.Batch). */
    RwsemWaiter batchNext;
    /**
     * A granted reader that this reader unparks once it has woken: set by the waker before it publishes this reader's
     * grant, when one wake grants more readers than it unparks itself (Engine.Batch.grantUnlinked); then read and
     * cleared by this reader's thread.
     */
    RwsemWaiter wakeNext;

    RwsemWaiter(final Thread thread, final boolean writer, final int mode, final long timeout)
    {
        this.thread = thread;
        this.writer = writer;
        this.mode = mode;
        this.timeout = timeout;
    }

    @Override
    public boolean isReader()
    {
        return !writer;
    }

    @Override
    public String toString()
    {
        return (writer ? "W:" : "R:") + thread.getName() + (granted ? "(granted)" : "") +
            (handoffSet ? "(handoff)" : "");
    }
}
