package org.rwsem4j.spi;

import org.rwsem4j.LockEvent;

/**
 * What a {@link ReaderGrant} may do while the engine wakes readers (inside {@code rwsem_mark_wake}, under the wait
 * lock, after the trial grant). The engine implements it; it does the counting, the count arithmetic and the
 * deferred unparks, so a collection strategy is only the order of these calls.
 *
 * <p>The safe order, which every shipped strategy keeps: {@link #addGrant} for all readers to be woken <em>before</em>
 * the first {@link #publish}. Publishing first lets a woken reader run and unlock before the count includes it
 * (kernel a9e9bcb45b15); the engine does not stop you, so that the negative control can exist.
 */
public interface WakeBatch
{
    /**
     * Starts a pass over the shared wait list (counted as {@link LockEvent#WAKE_LIST_SCAN}) and returns its head.
     *
     * @return the first queued waiter, or null if the queue is empty
     */
    Waiter scanHead();

    /**
     * The next waiter in the shared list.
     *
     * @param waiter a queued waiter
     * @return its successor or null
     */
    Waiter next(Waiter waiter);

    /**
     * The kernel's {@code MAX_READERS_WAKEUP}: the most readers a kernel wake grants, and the most threads the engine
     * unparks itself in one wake. A strategy may grant more (phase-fair grants every queued reader): then
     * {@link #grantUnlinked} unparks the first {@code limit()} of them and links each later reader to the one
     * {@code limit()} places before it, which unparks it once it has woken.
     *
     * @return 256
     */
    int limit();

    /**
     * Unlinks a waiter from the shared list (it keeps its own identity; the caller keeps the reference).
     *
     * @param waiter a queued reader
     */
    void unlink(Waiter waiter);

    /**
     * Adds the grant for {@code readers} readers to the count in one atomic add, folding in the trial grant and
     * clearing WAITERS (and HANDOFF) if the queue is empty, or HANDOFF if readers were woken.
     *
     * @param readers how many readers this wake grants
     */
    void addGrant(int readers);

    /**
     * Publishes a reader's grant (release store) and queues its unpark for after the wait lock is dropped.
     *
     * @param waiter an unlinked reader
     */
    void publish(Waiter waiter);

    /**
     * The safe order in one call, for a strategy that unlinks first: {@link #addGrant} for every reader
     * {@link #unlink unlinked} in this wake, then {@link #publish} each of them in the order they were unlinked,
     * unparking at most {@link #limit()} of them (the rest are unparked by the readers woken before them).
     */
    void grantUnlinked();
}
