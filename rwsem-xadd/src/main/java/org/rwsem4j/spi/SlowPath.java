package org.rwsem4j.spi;

import org.rwsem4j.LockEvent;
import org.rwsem4j.Tunables;

/**
 * The engine's slow-path operations, as the hook points ({@link DecisionPoint}) see them. The engine implements it,
 * one per lock; a hook is the order of these calls, written in its patch's module, and the engine keeps every
 * mechanism behind them (the count arithmetic, the OSQ, the wait lock and queue, parking, the deferred unparks, the
 * bounds Java needs where the kernel disables preemption). Each method names the kernel function it stands for.
 *
 * <p>A {@link Waiter} passed to a hook is the current acquisition; pass it back unchanged where a method asks for it.
 */
public interface SlowPath
{
    /**
     * The kernel's read of the count: the count now (a volatile read); see {@link LockWordBits}.
     *
     * @return the count
     */
    long count();

    /**
     * The owner state now ({@code rwsem_owner_state}).
     *
     * @return the state
     */
    OwnerState ownerState();

    /**
     * {@code osq_is_locked}: whether an optimistic spinner is queued or spinning.
     *
     * @return true if the OSQ is held
     */
    boolean spinnersPresent();

    /**
     * Whether the current thread may spin at all (a platform adaptation: a virtual thread spins only with
     * {@code -Drwsem4j.virtualSpin=full} or its short budget; see the engine notes).
     *
     * @return true if spinning is allowed
     */
    boolean maySpin();

    /**
     * {@code rwsem_can_spin_on_owner}: the variant's {@link SpinPolicy} on the owner now.
     *
     * @return true if the owner state is worth spinning on
     */
    boolean canSpinOnOwner();

    /**
     * Whether the owner word carries the non-spinnable mark (the kernel's {@code RWSEM_NONSPINNABLE}): readers own,
     * or last owned, the lock, and a spinner's reader-owned threshold ran out since a writer last took it or the
     * reader count last dropped to 0 with waiters queued. {@link #ownerState()} still says
     * {@link OwnerState#READER}; only a patch that sets the mark ({@link #setNonspinnable()}) ever sees true.
     *
     * @return true if the mark is set
     */
    boolean ownerNonspinnable();

    /**
     * {@code rwsem_set_nonspinnable}: marks a reader-owned lock non-spinnable, in one CAS on the owner word that gives
     * up if the word no longer holds the plain reader-owned marker (a writer has stored itself, or the mark is already
     * set). The mark stays through later readers' stores and goes with the next writer's store.
     *
     * @return true if this call set the mark
     */
    boolean setNonspinnable();

    /**
     * {@code lockevent_inc}: counts an event of this lock.
     *
     * @param event the event
     */
    void event(LockEvent event);

    /**
     * Gives back the reader bias the read fast path added (the kernel subtracts one reader bias), waking the
     * queue if that bias may have hidden the last reader's wakeup.
     *
     * @param reader the current read acquisition, still holding its fast path's bias
     */
    void dropReaderBias(Waiter reader);

    /**
     * The reader keeps the bias its fast path added as its read lock ({@code rwsem_set_reader_owned}), counted as
     * {@link LockEvent#RLOCK_STEAL}. Only for a reader that still holds that bias; the caller has checked that no
     * writer and no handoff block it. Called from {@link ReaderSteal}, which runs before the acquisition has a
     * {@link Waiter}.
     */
    void keepReaderBias();

    /**
     * {@code rwsem_optimistic_spin}: join the OSQ and, as its head, spin on the owner and try the unqueued lock
     * ({@code rwsem_try_read_lock_unqueued} or {@code rwsem_try_write_lock_unqueued}) while the variant's
     * {@link SpinPolicy} says it is worth it, within the spin budget. A reader must have given its bias back first.
     *
     * @param waiter the current acquisition
     * @return true if it now holds the lock
     */
    boolean optimisticSpin(Waiter waiter);

    /**
     * {@code rwsem_mark_wake} in its read-owned mode if anyone is queued: the caller holds a read lock, so the
     * readers at the head of the queue join it (no trial grant).
     */
    void wakeReadersReadOwned();

    /**
     * {@code rwsem_spin_on_owner} for a queued writer: spin while a running writer owns the lock and nothing changes;
     * never quits on HANDOFF. Bounded by the spin budget and the owner's liveness hint.
     *
     * @param writer the current write acquisition
     * @return the owner state that ended the spin ({@code NONSPINNABLE} if the owner stopped running or the budget
     *     ended)
     */
    OwnerState spinOnOwner(Waiter writer);

    /**
     * Whether a waiter may try again without sleeping once more: Java cannot disable preemption between a CAS and
     * the owner store (kernel 48dfb5d2560d), so a NULL owner can last a scheduler slice; the engine bounds the
     * immediate retries between two sleeps by {@link Tunables#nullOwnerRetries()}.
     *
     * @param waiter the current acquisition
     * @return true if one more immediate retry is allowed (and counts it)
     */
    boolean mayRetryWithoutSleeping(Waiter waiter);

    /**
     * Takes the wait lock, runs {@code rwsem_mark_wake} in its wake-any mode, drops it, then {@code wake_up_q}.
     */
    void wake();

    /**
     * {@link #wake()} only if the wait lock is free right now ({@code raw_spin_trylock}).
     *
     * @return false if the wait lock was busy and nothing was done
     */
    boolean tryWake();
}
