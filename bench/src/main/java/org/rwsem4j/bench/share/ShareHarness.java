package org.rwsem4j.bench.share;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReadWriteLock;

/**
 * The writer-share harness, one fork's worth, in this JVM: dedicated threads on one lock, readers looping {read lock;
 * busy-spin on {@link System#nanoTime()} for the read section; unlock} with nothing outside, writers looping {write
 * lock; busy-spin for the write section; unlock; busy-spin for the gap}. After an unmeasured warm-up it measures
 * consecutive windows; each thread records every completed acquisition into the window current when it completed
 * (a volatile index the controlling thread advances), into preallocated per-window counters and
 * {@link WaitHistogram}s: the loops allocate nothing. Threads are daemons; a thread that is still blocked in the lock
 * a while after the end is left behind (its figures are those it recorded before it blocked).
 */
final class ShareHarness
{
    /** How long the end waits for the threads to leave their loops before it leaves a blocked one behind. */
    private static final long JOIN_NANOS = TimeUnit.SECONDS.toNanos(2);

    private final ReadWriteLock lock;
    private final Shape shape;
    private final long readNanos;
    private final long writeNanos;
    private final long gapNanos;
    private volatile int window;
    private volatile boolean stop;

    /**
     * @param lock       the lock under test
     * @param shape      the threads
     * @param readNanos  each read section
     * @param writeNanos each write section
     * @param gapNanos   a writer's spin between its sections
     */
    ShareHarness(final ReadWriteLock lock, final Shape shape, final long readNanos, final long writeNanos,
        final long gapNanos)
    {
        this.lock = lock;
        this.shape = shape;
        this.readNanos = readNanos;
        this.writeNanos = writeNanos;
        this.gapNanos = gapNanos;
    }

    /** One thread's per-window figures, preallocated: index 0 is the warm-up, the last index the time after. */
    private static final class Recorder
    {
        final long[] acquisitions;
        final long[] max;
        final int[][] histograms;
        /** When the thread's current lock call began, or 0 when it holds the lock or is outside it. */
        final AtomicLong waitingSince = new AtomicLong();

        Recorder(final int windows)
        {
            acquisitions = new long[windows + 2];
            max = new long[windows + 2];
            histograms = new int[windows + 2][WaitHistogram.BUCKETS];
        }

        void record(final int w, final long waited)
        {
            acquisitions[w]++;
            histograms[w][WaitHistogram.bucket(waited)]++;
            if (waited > max[w])
            {
                max[w] = waited;
            }
        }

        Window.Figures figures(final int w, final long openWait)
        {
            final long worst = Math.max(max[w], openWait);
            final long p99 = acquisitions[w] == 0 ? openWait :
                WaitHistogram.percentile(histograms[w], 0.99, max[w]);
            return new Window.Figures(acquisitions[w], p99, worst);
        }
    }

    /**
     * Runs the threads: the warm-up, then the windows.
     *
     * @param warmupMillis unmeasured warm-up
     * @param windows      measured windows
     * @param windowMillis each window's length
     * @return the windows, in order
     * @throws InterruptedException if interrupted
     */
    List<Window> run(final long warmupMillis, final int windows, final long windowMillis) throws InterruptedException
    {
        final int threads = shape.readers + shape.writers;
        final Recorder[] recorders = new Recorder[threads];
        final Thread[] started = new Thread[threads];
        final CountDownLatch gate = new CountDownLatch(1);
        for (int t = 0; t < threads; t++)
        {
            final Recorder r = new Recorder(windows);
            recorders[t] = r;
            final boolean reader = t < shape.readers;
            started[t] = new Thread(() -> loop(gate, r, reader), (reader ? "share-reader-" : "share-writer-") + t);
            started[t].setDaemon(true);
            started[t].start();
        }
        final long[] open = new long[threads * (windows + 1)];
        final long[] bounds = new long[windows + 1];
        gate.countDown();
        sleepUntil(System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(warmupMillis));
        window = 1;
        bounds[0] = System.nanoTime();
        for (int w = 1; w <= windows; w++)
        {
            sleepUntil(bounds[0] + w * TimeUnit.MILLISECONDS.toNanos(windowMillis));
            window = w + 1;
            bounds[w] = System.nanoTime();
            for (int t = 0; t < threads; t++)
            {
                final long since = recorders[t].waitingSince.get();
                open[w * threads + t] = since == 0 ? 0 : Math.max(0, bounds[w] - since);
            }
        }
        stop = true;
        final long deadline = System.nanoTime() + JOIN_NANOS;
        for (final Thread t : started)
        {
            t.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
        }
        final List<Window> out = new ArrayList<>();
        for (int w = 1; w <= windows; w++)
        {
            final List<Window.Figures> readers = new ArrayList<>();
            final List<Window.Figures> writers = new ArrayList<>();
            for (int t = 0; t < threads; t++)
            {
                (t < shape.readers ? readers : writers).add(recorders[t].figures(w, open[w * threads + t]));
            }
            out.add(new Window(w, bounds[w] - bounds[w - 1], readers, writers));
        }
        return out;
    }

    private void loop(final CountDownLatch gate, final Recorder r, final boolean reader)
    {
        final Lock l = reader ? lock.readLock() : lock.writeLock();
        final long section = reader ? readNanos : writeNanos;
        try
        {
            gate.await();
        }
        catch (final InterruptedException e)
        {
            return;
        }
        while (!stop)
        {
            final long t0 = System.nanoTime();
            r.waitingSince.lazySet(t0 == 0 ? 1 : t0);
            l.lock();
            final long t1 = System.nanoTime();
            final int acquiredIn = window; // the window the wait ended in, not the one the section ends in
            r.waitingSince.lazySet(0);
            try
            {
                spinUntil(t1 + section);
            }
            finally
            {
                l.unlock();
            }
            r.record(acquiredIn, t1 - t0);
            if (!reader)
            {
                spinUntil(System.nanoTime() + gapNanos);
            }
        }
    }

    /** Busy-spins on the clock, as the case prescribes (no pause, no yield). */
    private static void spinUntil(final long deadline)
    {
        while (System.nanoTime() - deadline < 0)
        {
            // spin
        }
    }

    private static void sleepUntil(final long deadline) throws InterruptedException
    {
        long left;
        while ((left = deadline - System.nanoTime()) > 0)
        {
            LockSupport.parkNanos(left);
            if (Thread.interrupted())
            {
                throw new InterruptedException();
            }
        }
    }
}
