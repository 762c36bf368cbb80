package org.rwsem4j.torture;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The history oracle of one run: a {@link HistoryLane} per worker and a checker thread that drains the lanes into a
 * {@link HistoryChecker} while the run lasts, so that the check streams and its memory stays bounded.
 *
 * <p>Each round the checker reads every lane's floor (acquire) and then drains that lane, so that lane has handed
 * over every operation invoked before its floor. The write watermark is the least floor of the lanes that can write;
 * the prune bound the least floor of all. When too much is pending (a writer has been waiting long, so the reads
 * after it cannot be checked yet), the checker drains only the writer lanes that hold the watermark back: the others
 * fill their queues and their workers wait outside the lock (backpressure) until the laggard's next attempt moves the
 * watermark. The lagging lane is always drained, so the wait cannot close on itself.
 */
final class History
{
    /** Above this many pending operations, only the lagging writer lanes are drained. */
    static final int MAX_PENDING = 1 << 17;
    private static final long IDLE_PARK_NANOS = TimeUnit.MICROSECONDS.toNanos(200);
    private static final long JOIN_NANOS = TimeUnit.SECONDS.toNanos(30);

    private final List<HistoryLane> lanes = new ArrayList<>();
    private final Violations violations = new Violations();
    private HistoryChecker checker;
    private long[] bounds;
    private long writeWatermark = Long.MIN_VALUE;
    private Thread thread;
    private volatile boolean closed;
    private volatile boolean finishing;
    private volatile boolean stop;
    private volatile Throwable failure;

    /** Called while the workers are made, before any starts. */
    HistoryLane lane(final String name, final boolean writer)
    {
        final HistoryLane lane = new HistoryLane(this, lanes.size(), name, writer);
        lanes.add(lane);
        return lane;
    }

    /** Starts the checker thread; times in violation lines count from now. */
    void start()
    {
        final List<String> names = new ArrayList<>();
        lanes.forEach(l -> names.add(l.name));
        checker = new HistoryChecker(names, System.nanoTime(), violations);
        bounds = new long[lanes.size()];
        Arrays.fill(bounds, Long.MIN_VALUE);
        thread = new Thread(this::checkLoop, "torture-history");
        thread.setDaemon(true);
        thread.start();
    }

    boolean isClosed()
    {
        return closed;
    }

    long violationCount()
    {
        return violations.count();
    }

    /** Every worker has stopped and been joined: check all that is left, then stop the checker. */
    void finish()
    {
        finishing = true;
        stop = true;
        LockSupport.unpark(thread);
        join();
    }

    /** The run was aborted (workers may be stuck): close the lanes and check what can be checked. */
    void close()
    {
        closed = true;
        stop = true;
        LockSupport.unpark(thread);
    }

    /** After {@link #close()}: wait for the checker's last round. */
    void abandon()
    {
        close();
        join();
    }

    HistoryReport report()
    {
        final long backpressure = lanes.stream().mapToLong(l -> l.backpressureWaits).sum();
        if (failure != null)
        {
            violations.record("the history checker failed: " + ThreadDump.stackOf(failure));
        }
        return new HistoryReport(checker.reads(), checker.writes(), violations.count(), violations.first(),
            checker.maxPending(), backpressure);
    }

    private void join()
    {
        try
        {
            TimeUnit.NANOSECONDS.timedJoin(thread, JOIN_NANOS);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
        if (thread.isAlive())
        {
            violations.record("the history checker did not finish within " +
                TimeUnit.NANOSECONDS.toSeconds(JOIN_NANOS) + " s");
        }
    }

    private void checkLoop()
    {
        try
        {
            while (!stop)
            {
                if (!round())
                {
                    LockSupport.parkNanos(IDLE_PARK_NANOS);
                }
            }
            if (finishing)
            {
                // The workers are joined: their floors are final, so one round takes everything.
                while (round())
                {
                    // until a round finds nothing more
                }
                checker.advance(Long.MAX_VALUE, Long.MAX_VALUE);
            }
            else
            {
                round(); // aborted: check what the floors allow
            }
        }
        catch (final Throwable t)
        {
            failure = t;
            closed = true; // no worker may wait for a checker that has gone
        }
    }

    /** @return whether any operation arrived */
    private boolean round()
    {
        final boolean throttled = checker.pending() >= MAX_PENDING;
        boolean arrived = false;
        long writes = Long.MAX_VALUE;
        long all = Long.MAX_VALUE;
        for (final HistoryLane lane : lanes)
        {
            if (!throttled || (lane.writer && bounds[lane.index] <= writeWatermark))
            {
                final long floor = lane.floor();
                Operation op;
                while ((op = lane.queue.relaxedPoll()) != null)
                {
                    checker.accept(op);
                    arrived = true;
                }
                bounds[lane.index] = floor;
            }
            if (lane.writer)
            {
                writes = Math.min(writes, bounds[lane.index]);
            }
            all = Math.min(all, bounds[lane.index]);
        }
        writeWatermark = writes;
        checker.advance(writes, all);
        return arrived;
    }
}
