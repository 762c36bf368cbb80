package org.rwsem4j;

import org.rwsem4j.spi.Waiter;

/**
 * The named fault points of the slow paths: each call that can throw (an allocation, a call into the wait lock, a
 * grant strategy) while a thread holds something it must give back (a reader bias, a trial grant, a queued waiter,
 * the wait lock). The engine passes each one to {@link Faults#reach} just before the call it stands for; a test's
 * {@link FaultInjector} may throw there what that call can throw. In production nothing is injected.
 *
 * <p>Each constant says where it is and what the engine does when the call fails. "Absorbed" means the lock goes on
 * without what was being allocated; "given back" means the locker's slow path returns whatever it holds (its bias,
 * its place in the queue, a lock it already won) and rethrows.
 */
enum FaultPoint
{
    /** {@link EventCounters}: the lazy counter storage (first slow-path event). Absorbed: the count is dropped. */
    COUNTERS,
    /**
     * {@code Engine.contended}: the lock's contended state (OSQ, wait lock, queue, counters), made by the first slow
     * path, or by the read unlock that first arms a reader bias. Given back (a reader's bias; nothing else is held
     * yet), or, at an arm, absorbed: the bias stays off.
     */
    CONTENDED,
    /** {@link JfrSupport#beginContendedEvent}: the JFR event of a slow-path acquisition. Absorbed: no event. */
    JFR_EVENT,
    /** {@code Engine.commit}: committing that JFR event. Absorbed: the event is dropped. */
    JFR_COMMIT,
    /** {@code Engine.newWaiter}: a slow path's {@link Waiter}. Given back (a reader's bias). */
    WAITER,
    /** {@link WakeQ#create}: a wake queue. Absorbed: the waker unparks at once, under the wait lock. */
    WAKE_Q,
    /** {@link WakeQ#add}: the wake queue's array (allocated on first use, grown past 4). Absorbed: unparked at once. */
    WAKE_Q_GROW,
    /** {@link WaitLock#lock}: the {@code ReentrantLock}'s queue node. Absorbed: {@code tryLock} and yield. */
    WAIT_LOCK,
    /** {@code Engine.rwsemOptimisticSpin}: the OSQ node and the spin attempt. Given back (nothing is held yet). */
    OSQ_NODE,
    /**
     * {@code Engine.Batch#unlink}: a reader-grant strategy that throws once it has unlinked a reader (as growing a
     * batch buffer can). The mark-wake finishes the wake the strategy started (grants and publishes every reader it
     * unlinked, returns the trial grant), then rethrows.
     */
    READER_GRANT
}
