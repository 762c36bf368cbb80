package org.rwsem4j.torture;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

import org.jctools.queues.SpscArrayQueue;

/**
 * One worker's side of the history oracle: its bounded single-producer single-consumer queue of {@link Operation}s
 * (JCTools), the floor it publishes before each attempt, and the register scratch of the operation in progress.
 *
 * <p>The worker is the only producer and the history's checker thread the only consumer. Everything the worker does
 * here happens outside the critical section: {@link #begin} before {@code lock()}, {@link #record} after
 * {@code unlock()}. The scratch fields are plain and written by the worker only, inside its hold.
 *
 * <p>The floor is the invocation time of the worker's current attempt, published with a release store before the
 * attempt starts: every operation the worker has not yet put in its queue was invoked at or after it. The checker
 * reads it with an acquire load and then drains the queue, so every operation invoked before the floor it read is in
 * its hands. A finished worker's floor is {@link Long#MAX_VALUE}.
 */
final class HistoryLane
{
    /** Written values carry the lane in their low bits, so a value names its writer. */
    static final int LANE_BITS = 16;
    static final long LANE_MASK = (1L << LANE_BITS) - 1;
    /** The register's initial value, which no write writes. */
    static final long NO_VALUE = 0;

    private static final int CAPACITY = 1024;
    private static final int YIELDS_BEFORE_PARK = 16;
    private static final long BACKOFF_PARK_NANOS = 20_000;
    private static final VarHandle FLOOR;

    static
    {
        try
        {
            FLOOR = MethodHandles.lookup().findVarHandle(HistoryLane.class, "floor", long.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    final int index;
    final String name;
    /** Whether this worker can write (a reader worker's operations are all reads). */
    final boolean writer;
    final SpscArrayQueue<Operation> queue = new SpscArrayQueue<>(CAPACITY);
    private final History history;
    @SuppressWarnings("unused") // through FLOOR
    private long floor = Long.MIN_VALUE;
    /** Times the worker waited for room in its queue (the checker's backpressure). */
    long backpressureWaits;

    // The operation in progress; plain, the worker's own.
    private long writes;
    long written = NO_VALUE;
    boolean read;
    long first;
    long second;

    HistoryLane(final History history, final int index, final String name, final boolean writer)
    {
        if (index > LANE_MASK)
        {
            throw new IllegalArgumentException("too many workers for the history oracle: " + index);
        }
        this.history = history;
        this.index = index;
        this.name = name;
        this.writer = writer;
    }

    /** @return a value no other write of the run writes: this worker's write count and its lane */
    long nextValue()
    {
        writes++;
        return (writes << LANE_BITS) | index;
    }

    /** Before {@code lock()}: every operation still to come is invoked at or after this time. */
    void begin(final long invoked)
    {
        FLOOR.setRelease(this, invoked);
    }

    /** The worker has stopped: nothing more will come. */
    void end()
    {
        FLOOR.setRelease(this, Long.MAX_VALUE);
    }

    long floor()
    {
        return (long)FLOOR.getAcquire(this);
    }

    /**
     * After {@code unlock()}: queues the operation the critical section left in the scratch fields, waiting for room
     * if the checker is behind (backpressure), unless the history was closed (an aborted run).
     */
    void record(final long invoked, final long responded)
    {
        final Operation op = new Operation(index, invoked, responded, written, read, first, second);
        written = NO_VALUE;
        read = false;
        int tries = 0;
        while (!queue.offer(op))
        {
            if (history.isClosed())
            {
                return;
            }
            if (tries++ == 0)
            {
                backpressureWaits++;
            }
            if (tries < YIELDS_BEFORE_PARK)
            {
                Thread.yield();
            }
            else
            {
                Thread.interrupted(); // a stray interrupt must not make this a spin; the next attempt clears it anyway
                LockSupport.parkNanos(BACKOFF_PARK_NANOS);
            }
        }
    }
}
