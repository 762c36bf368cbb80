package org.rwsem4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rwsem4j.TestSupport.assertQuiescent;
import static org.rwsem4j.TestSupport.assertUsableByAnotherThread;
import static org.rwsem4j.TestSupport.describe;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.LockSupport;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.rwsem4j.TestSupport.Worker;

/**
 * The OSQ, wait lock, queue and counters are made by the first slow path, installed with one CAS, and never
 * by a fast path or a diagnostic. The race test's negative control is the seeded check-then-set install
 * ({@link EngineFaults#RACY_CONTENDED_INSTALL}), which it must catch.
 */
class ContendedStateTest
{
    private static final int RACERS = 4;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"base", "all", "base@heap", "all@heap"})
    void fastPathsAndDiagnosticsNeverMakeIt(final String impl) throws InterruptedException
    {
        final Rwsem lock = build(impl);
        lock.readLock().lock();
        lock.readLock().lock();
        lock.readLock().unlock();
        lock.readLock().unlock();
        lock.writeLock().lock();
        lock.downgrade();
        lock.readLock().unlock();
        assertTrue(lock.writeLock().tryLock());
        lock.writeLock().unlock();
        assertTrue(lock.readLock().tryLock(1, TimeUnit.SECONDS));
        lock.readLock().unlock();
        lock.writeLock().lockInterruptibly();
        lock.writeLock().unlock();
        assertFalse(lock.toString().isEmpty());
        assertTrue(lock.state().isQuiescent(), lock.state()::toString);
        assertEquals(0, lock.getQueueLength());
        assertEquals(0L, lock.events().get(LockEvent.RLOCK));
        assertFalse(lock.hasContendedState(), () -> "a fast path or a diagnostic made the contended state: " + lock);
    }

    @Test
    void theFirstContentionMakesItAndItStays()
    {
        final Rwsem lock = Rwsem.of("base");
        lock.writeLock().lock();
        final Worker<Boolean> reader = Worker.start("first-contender",
            () -> lock.readLock().tryLock(TestSupport.WAIT_SECONDS, TimeUnit.SECONDS));
        TestSupport.awaitQueuedAndParked(lock, 1, reader.thread());
        assertTrue(lock.hasContendedState());
        lock.writeLock().unlock();
        assertTrue(reader.join());
        lock.readLock().unlock(); // a read lock is not owned by a thread: the reader's may be released here
        assertEquals(1, lock.events().get(LockEvent.RLOCK));
        assertTrue(lock.hasContendedState());
        assertQuiescent(lock);
    }

    /** Racing first slow paths share one contended state: every reader is queued where the unlock's wake finds it. */
    @Test
    void racingFirstContendersShareOneState() throws Exception
    {
        for (int round = 0; round < 40; round++)
        {
            final String failure = raceOnce(Rwsem.builder().variant("base").build());
            assertEquals(null, failure, "round " + round);
        }
    }

    /** Negative control: the check-then-set install loses a racer's queue, which the race must notice. */
    @Test
    void racingFirstContendersCatchARacyInstall() throws Exception
    {
        String caught = null;
        for (int round = 0; round < 200 && caught == null; round++)
        {
            caught = raceOnce(EngineFaults.build(Rwsem.builder().variant("base"),
                EngineFaults.RACY_CONTENDED_INSTALL));
        }
        assertNotNull(caught, "200 rounds never caught the racy install");
    }

    /**
     * {@code RACERS} readers reach a write-held fresh lock at once, so all of them make the contended state; each must
     * end up in the one queue the writer's unlock wakes. Returns {@code null}, or what went wrong.
     */
    private static String raceOnce(final Rwsem lock) throws Exception
    {
        lock.writeLock().lock();
        final CyclicBarrier start = new CyclicBarrier(RACERS);
        final List<Worker<Boolean>> readers = new ArrayList<>();
        for (int i = 0; i < RACERS; i++)
        {
            readers.add(Worker.start("racer-" + i, () ->
            {
                start.await();
                final boolean got = lock.readLock().tryLock(2, TimeUnit.SECONDS);
                if (got)
                {
                    lock.readLock().unlock();
                }
                return got;
            }));
        }
        final String stuck = awaitParkedWithDeadline(readers);
        if (stuck != null)
        {
            return stuck;
        }
        final int queued = lock.getQueueLength();
        final StringBuilder thrown = new StringBuilder();
        try
        {
            lock.writeLock().unlock();
        }
        catch (final RuntimeException ex)
        {
            thrown.append(" the unlock threw ").append(ex);
        }
        int acquired = 0;
        for (final Worker<Boolean> r : readers)
        {
            try
            {
                acquired += r.join() ? 1 : 0;
            }
            catch (final AssertionError ex) // a racer threw: with two states its wait lock calls can disagree
            {
                thrown.append(' ').append(ex.getMessage()).append(": ").append(ex.getCause());
            }
        }
        final long counted = lock.events().get(LockEvent.RLOCK);
        if (queued != RACERS || acquired != RACERS || counted != RACERS || thrown.length() > 0)
        {
            return "queued " + queued + ", acquired " + acquired + ", counted " + counted + " of " + RACERS + ";" +
                thrown;
        }
        return null;
    }

    /**
     * Waits until every racer is parked with its deadline or done. A racer that never gets there is a finding, not a
     * test error: with two contended states a wait lock taken on one and released on the other stays held, and a
     * racer queued on it waits with no deadline. Returns {@code null}, or which racer is stuck and where.
     */
    private static String awaitParkedWithDeadline(final List<Worker<Boolean>> racers)
    {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TestSupport.WAIT_SECONDS);
        for (final Worker<Boolean> r : racers)
        {
            while (r.thread().getState() != Thread.State.TIMED_WAITING && !r.isDone())
            {
                if (System.nanoTime() - deadline > 0)
                {
                    return "a racer never parked with its deadline: " + describe(r.thread());
                }
                LockSupport.parkNanos(1_000_000);
            }
        }
        return null;
    }

    /**
     * {@link FaultPoint#CONTENDED}: a reader's allocation fails while it holds the fast path's bias, which must go back;
     * a writer's fails before it holds anything. Either way the lock stays usable.
     */
    @ParameterizedTest(name = "{0}, {1}")
    @CsvSource({"base, read", "all, read", "base, write", "all, write"})
    void aContenderWhoseAllocationFailsHoldsNothing(final String spec, final String side)
    {
        final Rwsem lock = Rwsem.of(spec);
        final boolean reader = "read".equals(side);
        final Lock held = reader ? lock.writeLock() : lock.readLock();
        final Lock wanted = reader ? lock.readLock() : lock.writeLock();
        held.lock();
        final Throwable thrown = failFirstContention(lock, wanted::lock);
        assertInstanceOf(TestFaultInjector.InjectedFault.class, thrown);
        assertFalse(lock.hasContendedState());
        assertEquals(reader ? 0 : 1, lock.getReadLockCount(), lock.state()::toString);
        held.unlock();
        assertQuiescent(lock);
        assertUsableByAnotherThread(lock);
    }

    private static Throwable failFirstContention(final Rwsem lock, final Runnable acquire)
    {
        final Set<Thread> armed = ConcurrentHashMap.newKeySet();
        final Worker<Throwable> w = Worker.start("contender", () ->
        {
            armed.add(Thread.currentThread());
            final TestFaultInjector.Plan plan = TestFaultInjector.arm(FaultPoint.CONTENDED, 1, armed);
            try
            {
                return assertThrows(Throwable.class, acquire::run, "the injected fault did not reach the caller");
            }
            finally
            {
                TestFaultInjector.disarm();
                assertNotNull(plan.thrown(), "FaultPoint.CONTENDED was never reached: " + lock);
            }
        });
        return w.join();
    }

    private static Rwsem build(final String impl)
    {
        final int at = impl.indexOf('@');
        return at < 0 ? Rwsem.of(impl) : Rwsem.builder().variant(impl.substring(0, at)).onHeap().build();
    }
}
