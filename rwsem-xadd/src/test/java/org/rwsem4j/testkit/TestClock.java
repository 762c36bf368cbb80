package org.rwsem4j.testkit;

import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

import org.rwsem4j.NanoClock;

/**
 * The tests' lock clock (given to {@code RwsemBuilder.clock}), in one of three kinds:
 * <ul>
 *   <li>{@link #manual()}: its own time, which stands still until the test {@link #step steps} it, so spin budgets
 *       and handoff timeouts end only when the test says; it counts its reads ({@link #reads()}), which tells "a
 *       spinner went round its loop many times" from "time passed" without measuring either;</li>
 *   <li>{@link #ticking()}: its own time, one tick further at every read, so deadlines measured in ticks expire after
 *       a bounded number of reads whatever the real time (for the model checker, which sees this clock: a read is
 *       one shared access and nothing else, and it offers nothing but {@link #step});</li>
 *   <li>{@link #system()}: {@link System#nanoTime()} plus an offset the test can {@link #step} forward, so timed
 *       waits expire on demand.</li>
 * </ul>
 * A manual or system clock can also stop one named thread once, inside a read, until the test opens the gate
 * ({@link #stop}, {@link #awaitStopped}, {@link #open}), and throw a {@link ClockFault} at the n-th read by armed
 * threads ({@link #failAt}): the builder's clock is a user hook, so any {@link Error} may come out of it.
 */
public final class TestClock implements NanoClock
{
    /** Read on every call, never written after construction: the ticking clock's reads stay one shared access. */
    private final boolean ticking;
    private final boolean system;
    /** The clock's own time, or the offset added to the system clock. */
    private final AtomicLong now = new AtomicLong();
    private final AtomicLong reads = new AtomicLong();

    private final CountDownLatch stopped = new CountDownLatch(1);
    private final CountDownLatch opened = new CountDownLatch(1);
    /** The thread the gate stops, by name; null while no gate is set. */
    private volatile String gated;
    private volatile BooleanSupplier when = () -> false;

    /** The threads whose reads are counted towards a fault; null while none are armed. */
    private volatile Set<Thread> armed;
    private volatile int failAt;
    private final AtomicInteger armedReads = new AtomicInteger();
    private volatile boolean thrown;

    private TestClock(final boolean ticking, final boolean system)
    {
        this.ticking = ticking;
        this.system = system;
    }

    /** {@return a clock at 0 that stands still until the test steps it} */
    public static TestClock manual()
    {
        return new TestClock(false, false);
    }

    /** {@return a clock at 0 that moves one tick per read (and when stepped)} */
    public static TestClock ticking()
    {
        return new TestClock(true, false);
    }

    /** {@return the system clock, plus what the test steps it forward} */
    public static TestClock system()
    {
        return new TestClock(false, true);
    }

    /** What the clock throws when a fault is armed: not an {@link OutOfMemoryError}, so nothing absorbs it. */
    public static final class ClockFault extends Error
    {
        private static final long serialVersionUID = 1L;

        ClockFault(final int read)
        {
            super("injected: the lock's clock failed (read " + read + ")");
        }
    }

    @Override
    public long nanoTime()
    {
        if (ticking)
        {
            return now.getAndIncrement();
        }
        reads.incrementAndGet();
        if (gated != null)
        {
            gate();
        }
        if (armed != null)
        {
            fault();
        }
        return system ? System.nanoTime() + now.get() : now.get();
    }

    /**
     * Moves the time forward: every deadline nearer than {@code nanos} has now passed.
     *
     * @param nanos by how much
     */
    public void step(final long nanos)
    {
        now.addAndGet(nanos);
    }

    /**
     * Moves the time forward.
     *
     * @param amount by how much
     * @param unit the unit of {@code amount}
     */
    public void step(final long amount, final TimeUnit unit)
    {
        step(unit.toNanos(amount));
    }

    /** {@return how many times the clock was read so far (not counted for a ticking clock)} */
    public long reads()
    {
        return reads.get();
    }

    /**
     * Stops the thread named {@code thread} at its first clock read where {@code condition} holds. The condition runs
     * inside that thread's clock read: it must not take anything the thread may hold there.
     *
     * @param thread the name of the thread to stop
     * @param condition when to stop it
     */
    public void stop(final String thread, final BooleanSupplier condition)
    {
        when = condition;
        gated = thread;
    }

    /**
     * Waits until the gated thread is stopped; fails after {@link Locker#WAIT_SECONDS}.
     *
     * @param diagnostic shown in the failure (the lock, whose {@code toString} says its state)
     */
    public void awaitStopped(final Object diagnostic)
    {
        try
        {
            if (!stopped.await(Locker.WAIT_SECONDS, TimeUnit.SECONDS))
            {
                throw new AssertionError(gated + " never reached the clock gate: " + diagnostic);
            }
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            throw new AssertionError(ex);
        }
    }

    /** Lets the stopped thread go on (and every later read pass). */
    public void open()
    {
        opened.countDown();
    }

    /**
     * Throws a {@link ClockFault} at the {@code nth} read by one of {@code threads}, counting from the first read
     * after this call.
     *
     * @param nth which read throws (1 for the next)
     * @param threads the threads whose reads count
     */
    public void failAt(final int nth, final Set<Thread> threads)
    {
        armedReads.set(0);
        thrown = false;
        failAt = nth;
        armed = threads;
    }

    /** Stops counting reads towards a fault. */
    public void disarm()
    {
        armed = null;
    }

    /** {@return how many reads the armed threads made while armed} */
    public int armedReads()
    {
        return armedReads.get();
    }

    /** {@return whether the clock has thrown its fault} */
    public boolean thrown()
    {
        return thrown;
    }

    private void gate()
    {
        if (stopped.getCount() > 0 && Thread.currentThread().getName().equals(gated) && when.getAsBoolean())
        {
            stopped.countDown();
            awaitOpen();
        }
    }

    private void fault()
    {
        final Set<Thread> threads = armed;
        if (threads != null && threads.contains(Thread.currentThread()))
        {
            final int n = armedReads.incrementAndGet();
            if (n == failAt)
            {
                thrown = true;
                throw new ClockFault(n);
            }
        }
    }

    private void awaitOpen()
    {
        boolean interrupted = false;
        for (;;)
        {
            try
            {
                opened.await();
                break;
            }
            catch (final InterruptedException ex)
            {
                interrupted = true;
            }
        }
        if (interrupted)
        {
            Thread.currentThread().interrupt();
        }
    }
}
