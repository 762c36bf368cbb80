package org.rwsem4j.torture;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.LockSupport;

import org.HdrHistogram.Histogram;

/**
 * One reader or writer thread of a run. Each loop: stop at the stutter gate if it is closed, clear a stale interrupt,
 * acquire with a random {@link AcquireMode} of the run, run
 * the oracle's entry check, the critical-section body, the exit check, release (a writer of an {@code Rwsem}
 * sometimes downgrades and releases as a reader), then a short pause outside.
 *
 * <p>Its tallies are plain fields written only by its own thread and read after it is joined; the two the monitor
 * reads while it runs ({@link #acquisitions} and {@link #phase}) are opaque, so that the worker puts no fence into
 * its critical section that the data oracle could hide behind.
 */
final class Worker implements Runnable
{
    private static final VarHandle ACQUISITIONS;
    private static final VarHandle PHASE;

    static
    {
        try
        {
            final MethodHandles.Lookup lookup = MethodHandles.lookup();
            ACQUISITIONS = lookup.findVarHandle(Worker.class, "acquisitions", long.class);
            PHASE = lookup.findVarHandle(Worker.class, "phase", int.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    /** {@code tryLock(time)} draws a log-uniform timeout between these bounds. */
    private static final double MIN_TIMEOUT_NANOS = 1_000;
    private static final double MAX_TIMEOUT_NANOS = 5_000_000;

    final String name;
    final boolean writer;
    Thread thread;
    private final TortureRun run;
    private final Lock lock;
    private final SplittableRandom rnd;
    private final double logMinTimeout = Math.log(MIN_TIMEOUT_NANOS);
    private final double logMaxTimeout = Math.log(MAX_TIMEOUT_NANOS);

    /** Wait per successful acquisition, in nanoseconds. */
    final Histogram waits = new Histogram(3);
    @SuppressWarnings("unused") // through ACQUISITIONS
    private long acquisitions;
    @SuppressWarnings("unused") // through PHASE
    private int phase;
    long fails;
    long timeouts;
    long interrupted;
    long trylockFailed;
    long downgrades;
    long longHolds;
    /** Data oracle scratch: the value seen at entry (reader) or written (writer). */
    long seen;
    /** This worker's side of the history oracle; null when the run records no history. */
    final HistoryLane lane;

    Worker(final TortureRun run, final String name, final boolean writer, final long seed)
    {
        this.run = run;
        this.name = name;
        this.writer = writer;
        this.lock = writer ? run.target.write : run.target.read;
        this.rnd = new SplittableRandom(seed);
        this.lane = run.history == null ? null : run.history.lane(name, writer);
    }

    long acquisitions()
    {
        return (long)ACQUISITIONS.getOpaque(this);
    }

    int phase()
    {
        return (int)PHASE.getOpaque(this);
    }

    void phase(final int p)
    {
        PHASE.setOpaque(this, p);
    }

    @Override
    public void run()
    {
        try
        {
            run.awaitStart();
            phase(Phase.OUTSIDE);
            while (!run.stopping())
            {
                run.gate.pass(this);
                if (run.stopping())
                {
                    break;
                }
                Thread.interrupted(); // a stale interrupt is not part of the next attempt
                attempt();
                outside();
            }
        }
        catch (final Throwable t)
        {
            run.unexpected(this, t);
        }
        finally
        {
            if (lane != null)
            {
                lane.end();
            }
            phase(Phase.DONE);
        }
    }

    private void attempt()
    {
        final AcquireMode mode = run.pickMode(rnd);
        phase(Phase.WAITING);
        final long start = System.nanoTime();
        if (lane != null)
        {
            lane.begin(start);
        }
        final boolean got;
        try
        {
            switch (mode)
            {
                case LOCK:
                    lock.lock();
                    got = true;
                    break;
                case LOCK_INTERRUPTIBLY:
                    lock.lockInterruptibly();
                    got = true;
                    break;
                case TRY_LOCK:
                    got = lock.tryLock();
                    if (!got)
                    {
                        trylockFailed++;
                    }
                    break;
                default:
                    got = lock.tryLock(timeoutNanos(), TimeUnit.NANOSECONDS);
                    if (!got)
                    {
                        timeouts++;
                    }
            }
        }
        catch (final InterruptedException expected)
        {
            interrupted++;
            phase(Phase.OUTSIDE);
            return;
        }
        if (!got)
        {
            phase(Phase.OUTSIDE);
            return;
        }
        final long waited = System.nanoTime() - start;
        try
        {
            if (writer)
            {
                writeSection();
            }
            else
            {
                readSection();
            }
        }
        catch (final Throwable t)
        {
            if (lane != null)
            {
                lane.record(start, System.nanoTime()); // what the section did, with the end known only now
            }
            throw t;
        }
        final long responded = lane == null ? 0 : System.nanoTime();
        waits.recordValue(waited);
        ACQUISITIONS.setOpaque(this, (long)ACQUISITIONS.getOpaque(this) + 1);
        phase(Phase.OUTSIDE);
        if (lane != null)
        {
            lane.record(start, responded);
        }
    }

    private void readSection()
    {
        phase(Phase.HOLDING_READ);
        run.check.readerEnter(this);
        body();
        run.check.readerExit(this);
        lock.unlock();
    }

    private void writeSection()
    {
        phase(Phase.HOLDING_WRITE);
        run.check.writerEnter(this);
        body();
        if (run.target.canDowngrade() && rnd.nextInt(100) < run.cfg.downgradePercent)
        {
            run.check.downgrade(this);
            run.target.rwsem.downgrade();
            downgrades++;
            phase(Phase.HOLDING_READ);
            body();
            run.check.readerExit(this);
            run.target.read.unlock();
        }
        else
        {
            run.check.writerExit(this);
            lock.unlock();
        }
    }

    /** The critical section: mostly a short spin, sometimes a yield or a short park, rarely a long hold. */
    private void body()
    {
        if (run.longHoldProbability > 0 && rnd.nextDouble() < run.longHoldProbability)
        {
            longHolds++;
            LockSupport.parkNanos(run.longHoldNanos);
            return;
        }
        final int r = rnd.nextInt(100);
        if (r < 85)
        {
            spin(rnd.nextInt(64));
        }
        else if (r < 95)
        {
            Thread.yield();
        }
        else
        {
            LockSupport.parkNanos(1_000 + rnd.nextInt(49_000));
        }
    }

    /** Between critical sections: mostly a few spins, sometimes a yield, rarely a short sleep. */
    private void outside()
    {
        final int r = rnd.nextInt(100);
        if (r < 95)
        {
            spin(rnd.nextInt(32));
        }
        else if (r < 99)
        {
            Thread.yield();
        }
        else
        {
            LockSupport.parkNanos(10_000 + rnd.nextInt(90_000));
        }
    }

    private long timeoutNanos()
    {
        return (long)Math.exp(logMinTimeout + rnd.nextDouble() * (logMaxTimeout - logMinTimeout));
    }

    private static void spin(final int n)
    {
        for (int i = 0; i < n; i++)
        {
            Thread.onSpinWait();
        }
    }

    @Override
    public String toString()
    {
        return name;
    }
}
