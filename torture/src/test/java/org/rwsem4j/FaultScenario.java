package org.rwsem4j;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.LockSupport;
import org.rwsem4j.testkit.TestClock;

/**
 * One fault-injection run on a fresh lock. A holder takes the write lock and keeps running (so that
 * writers, and readers in reader-spin variants, spin on it before they queue); five readers (the last one timed), a
 * timed writer, a reader behind that writer, an interruptible reader and an interruptible writer then queue behind
 * it, one after another; the two interruptible ones are interrupted and leave; the holder lets go, which grants the
 * five readers in one wake (past the wake queue's first four slots; with wake-all-readers the reader behind the
 * writer too, so a fault lands in a scan that stepped over a writer), and the writer follows them. One fault is
 * armed for all these threads.
 *
 * <p>Afterwards every thread must have left within 10 s; the lock must be quiescent (count 0: no leaked reader bias,
 * no WAITERS, HANDOFF or writer bit; queue and OSQ empty); and other threads must read-lock and write-lock it within
 * 10 s each, after which it is quiescent again.
 */
final class FaultScenario
{
    private static final long LIMIT_NANOS = TimeUnit.SECONDS.toNanos(10);
    private static final int READERS = 5;

    private final Rwsem lock;
    private final Set<Thread> threads = ConcurrentHashMap.newKeySet();
    private final List<Thread> started = new ArrayList<>();
    private final AtomicInteger propagated = new AtomicInteger();
    private final Queue<Throwable> unexpected = new ConcurrentLinkedQueue<>();
    private volatile boolean holding;
    private volatile boolean release;

    /** A worker's lock operations; an {@link TestFaultInjector.InjectedFault} may come out of any of them. */
    private interface Body
    {
        void run() throws InterruptedException;
    }

    /** What became of one run's armed fault. */
    record Outcome(int reaches, boolean thrown, int propagated)
    {
    }

    FaultScenario(final Variant variant)
    {
        this(variant, NanoClock.SYSTEM);
    }

    FaultScenario(final Variant variant, final NanoClock clock)
    {
        lock = Rwsem.builder().variant(variant.spec()).onHeap().clock(clock).build();
    }

    /**
     * Runs the scenario with the {@code nth} reach of {@code point} throwing, then checks the lock.
     *
     * @return the fault's outcome
     * @throws AssertionError when the lock is left unusable, not quiescent, or a thread is stuck
     */
    Outcome run(final FaultPoint point, final int nth)
    {
        final TestFaultInjector.Plan plan = TestFaultInjector.arm(point, nth, threads);
        runArmed();
        return new Outcome(plan.reaches(), plan.thrown() != null, propagated.get());
    }

    /**
     * Runs the scenario with the lock's clock (a {@link TestClock}) throwing at its {@code nth} call by one of the
     * scenario's threads, then checks the lock.
     *
     * @return the fault's outcome
     */
    Outcome runWithFailingClock(final TestClock clock, final int nth)
    {
        clock.failAt(nth, threads);
        try
        {
            runArmed();
        }
        finally
        {
            clock.disarm();
        }
        return new Outcome(clock.armedReads(), clock.thrown(), propagated.get());
    }

    /** The set of threads the armed fault counts; the scenario adds its workers before starting them. */
    Set<Thread> threads()
    {
        return threads;
    }

    private void runArmed()
    {
        final long deadline = System.nanoTime() + LIMIT_NANOS;
        try
        {
            start("holder", this::hold);
            awaitCondition("the holder holds the write lock", () -> holding, deadline);
            for (int i = 1; i < READERS; i++)
            {
                startQueued("reader-" + i, () -> once(lock.readLock()), deadline);
            }
            startQueued("reader-" + READERS, () -> timed(lock.readLock()), deadline);
            startQueued("writer", () -> timed(lock.writeLock()), deadline);
            startQueued("reader-after-writer", () -> once(lock.readLock()), deadline);
            final Thread reader = startQueued("interruptible-reader", () -> interruptibly(lock.readLock()), deadline);
            final Thread writer = startQueued("interruptible-writer", () -> interruptibly(lock.writeLock()), deadline);
            reader.interrupt();
            writer.interrupt();
            awaitCondition("the interrupted waiters leave", () -> !reader.isAlive() && !writer.isAlive(), deadline);
            release = true;
            awaitCondition("every thread leaves", () -> started.stream().noneMatch(Thread::isAlive), deadline);
        }
        finally
        {
            TestFaultInjector.disarm();
        }
        check();
    }

    private void check()
    {
        if (!unexpected.isEmpty())
        {
            throw new AssertionError("unexpected exception in a worker: " + unexpected.peek(), unexpected.peek());
        }
        assertQuiescent("after the run");
        probe(lock.readLock(), "reader probe");
        probe(lock.writeLock(), "writer probe");
        assertQuiescent("after the probes");
    }

    /**
     * Takes the write lock and keeps it. With reader bias the first write of a lock revokes (a slow path that makes the
     * contended state and reads the clock), so the armed fault may come out of it: that counts as passed to the caller,
     * and the holder, like any caller, tries again on the lock the fault left.
     */
    private void hold()
    {
        while (true)
        {
            try
            {
                lock.writeLock().lock();
                break;
            }
            catch (final TestFaultInjector.InjectedFault | TestClock.ClockFault ex)
            {
                propagated.incrementAndGet();
            }
        }
        holding = true;
        while (!release)
        {
            Thread.yield(); // stays RUNNABLE: an owner worth spinning on
        }
        lock.writeLock().unlock();
    }

    private static void once(final Lock l)
    {
        l.lock();
        l.unlock();
    }

    /** A timed acquisition reads the lock's clock while it waits. */
    private static void timed(final Lock l) throws InterruptedException
    {
        if (!l.tryLock(10, TimeUnit.SECONDS))
        {
            throw new AssertionError(Thread.currentThread().getName() + " timed out after 10 s");
        }
        l.unlock();
    }

    private static void interruptibly(final Lock l)
    {
        try
        {
            l.lockInterruptibly();
        }
        catch (final InterruptedException expected)
        {
            return;
        }
        l.unlock();
    }

    private Thread start(final String name, final Body body)
    {
        final Thread t = new Thread(() ->
        {
            try
            {
                body.run();
            }
            catch (final TestFaultInjector.InjectedFault | TestClock.ClockFault ex)
            {
                propagated.incrementAndGet();
            }
            catch (final Throwable ex)
            {
                unexpected.add(ex);
            }
        }, name);
        t.setDaemon(true);
        threads.add(t);
        started.add(t);
        t.start();
        return t;
    }

    /** Starts a waiter and returns once it is queued, or gone (a fault made it leave). */
    private Thread startQueued(final String name, final Body body, final long deadline)
    {
        final Thread t = start(name, body);
        awaitCondition(name + " queues", () -> !t.isAlive() || isQueued(name), deadline);
        return t;
    }

    /** The queue's entries read {@code R:name} or {@code W:name}, maybe followed by a parenthesised mark. */
    private boolean isQueued(final String name)
    {
        for (final String w : lock.state().waiters())
        {
            final String rest = w.substring(2);
            if (rest.equals(name) || rest.startsWith(name + "("))
            {
                return true;
            }
        }
        return false;
    }

    private void awaitCondition(final String what, final java.util.function.BooleanSupplier condition,
        final long deadline)
    {
        while (!condition.getAsBoolean())
        {
            if (System.nanoTime() - deadline > 0)
            {
                fail("not within 10 s: " + what + "; " + lock.state() + "; threads " + describeAlive());
            }
            LockSupport.parkNanos(20_000);
        }
    }

    private String describeAlive()
    {
        final StringBuilder sb = new StringBuilder();
        for (final Thread t : started)
        {
            if (t.isAlive())
            {
                sb.append('\n').append(t.getName()).append(' ').append(t.getState())
                    .append(Arrays.toString(t.getStackTrace()));
            }
        }
        return sb.length() == 0 ? "none alive" : sb.toString();
    }

    private void assertQuiescent(final String when)
    {
        final RwsemState st = lock.state();
        assertTrue(st.isQuiescent(), () -> "not quiescent " + when +
            " (a leaked bias, a stuck WAITERS or HANDOFF bit, a waiter left in the queue): " + st);
    }

    /** Another thread, not armed, takes and releases the lock within 10 s. */
    private void probe(final Lock l, final String name)
    {
        final boolean[] got = new boolean[1];
        final Throwable[] failed = new Throwable[1];
        final Thread t = new Thread(() ->
        {
            try
            {
                got[0] = l.tryLock(10, TimeUnit.SECONDS);
                if (got[0])
                {
                    l.unlock();
                }
            }
            catch (final Throwable ex)
            {
                failed[0] = ex;
            }
        }, name);
        t.setDaemon(true);
        t.start();
        try
        {
            t.join(TimeUnit.SECONDS.toMillis(15));
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            fail("interrupted while waiting for the " + name);
        }
        if (failed[0] != null)
        {
            throw new AssertionError(name + " threw", failed[0]);
        }
        assertTrue(got[0] && !t.isAlive(), () -> name + " could not take the lock within 10 s: " + lock.state());
    }
}
