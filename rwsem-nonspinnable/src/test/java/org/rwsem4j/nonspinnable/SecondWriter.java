package org.rwsem4j.nonspinnable;

import org.rwsem4j.LockEvents;
import org.rwsem4j.Rwsem;
import org.rwsem4j.testkit.BusyWriter;
import org.rwsem4j.testkit.Locker;
import org.rwsem4j.testkit.TestClock;

/**
 * The life of the mark, step by step, on one lock:
 * <ol>
 *   <li>{@code w1} spins on a reader-owned lock until the count threshold ends its spin, and queues; it is then
 *       interrupted out of the queue, so the readers hold the lock with nobody queued;</li>
 *   <li>a reader takes and drops the read lock by the fast path;</li>
 *   <li>{@code w2} arrives while the readers still hold the lock, spins or not, queues, and is interrupted out;</li>
 *   <li>the last reader leaves with nobody queued;</li>
 *   <li>a writer takes the lock, and downgrades it while {@code w3} spins on it: {@code w3} meets the readers as
 *       {@code w1} did.</li>
 * </ol>
 *
 * @param ownerAfterFirstSpin the owner word once {@code w1} has queued
 * @param ownerWhileReading the owner word while the reader of step 2 holds the lock
 * @param afterSecondWriter the counters once {@code w2} has queued
 * @param ownerOnFreeLock the owner word once the last reader has left (step 4)
 * @param quiescentMarked whether the lock was quiescent then
 * @param afterThirdWriter the counters once {@code w3} has queued
 * @param quiescentAfter whether the lock ended quiescent
 */
record SecondWriter(String ownerAfterFirstSpin, String ownerWhileReading, LockEvents afterSecondWriter,
    String ownerOnFreeLock, boolean quiescentMarked, LockEvents afterThirdWriter, boolean quiescentAfter)
{
    static SecondWriter run(final String spec)
    {
        final Rwsem lock = Scene.lock(spec, TestClock.manual());
        final String ownerAfterFirstSpin;
        final String ownerWhileReading;
        final LockEvents afterSecondWriter;
        try (BusyWriter holder = BusyWriter.hold(lock))
        {
            final Locker w1 = Scene.interruptibleWriter(lock, "w1");
            Scene.spinOnReadersUntilQueued(lock, holder, w1);
            ownerAfterFirstSpin = lock.state().owner();
            Scene.interruptOut(w1);

            lock.readLock().lock();
            try
            {
                ownerWhileReading = lock.state().owner();
            }
            finally
            {
                lock.readLock().unlock();
            }

            final Locker w2 = Scene.interruptibleWriter(lock, "w2");
            Locker.await(lock, "w2 to queue", lock::hasQueuedThreads);
            afterSecondWriter = lock.events();
            Scene.interruptOut(w2);
        }
        final String ownerOnFreeLock = lock.state().owner();
        final boolean quiescentMarked = lock.state().isQuiescent();

        final LockEvents afterThirdWriter;
        try (BusyWriter holder = BusyWriter.hold(lock))
        {
            final Locker w3 = Scene.interruptibleWriter(lock, "w3");
            Scene.spinOnReadersUntilQueued(lock, holder, w3);
            afterThirdWriter = lock.events();
            Scene.interruptOut(w3);
        }
        return new SecondWriter(ownerAfterFirstSpin, ownerWhileReading, afterSecondWriter, ownerOnFreeLock,
            quiescentMarked, afterThirdWriter, lock.state().isQuiescent());
    }
}
