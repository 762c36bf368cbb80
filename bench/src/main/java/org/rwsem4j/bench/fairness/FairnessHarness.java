package org.rwsem4j.bench.fairness;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReadWriteLock;

import org.rwsem4j.bench.GuardedPair;
import org.rwsem4j.bench.Locks;
import org.rwsem4j.bench.Pause;

/**
 * A plain timed harness (locktorture style): dedicated reader and writer threads loop on one lock for a fixed time,
 * with {@code load} pause units inside the critical section and as many outside (the read sections may be given
 * their own length, {@code readLoad}: the reader-flood case's long read sections). It reports per-thread operation
 * counts (total, min, mean, max per side, as the kernel prints them), the writers' wait for the lock (p50, p99, max)
 * and the number of torn reads ({@code Fail}, which must be 0). The ablation runs it in a child JVM per repetition.
 */
public final class FairnessHarness
{
    /** The line a child prints for the parent to parse. */
    public static final String RESULT_PREFIX = "RESULT ";
    /** The failure line of a run with torn reads. */
    public static final String TORN = "FAILED: ";
    private static final int MAX_SAMPLES_PER_WRITER = 1 << 21;

    private final ReadWriteLock lock;
    private final int readers;
    private final int writers;
    private final int load;
    private final int readLoad;
    private final GuardedPair pair = new GuardedPair();
    private volatile boolean stop;

    /**
     * @param lock    the lock under test
     * @param readers reader threads
     * @param writers writer threads
     * @param load    pause units inside each read and write section
     */
    public FairnessHarness(final ReadWriteLock lock, final int readers, final int writers, final int load)
    {
        this(lock, readers, writers, load, load);
    }

    FairnessHarness(final ReadWriteLock lock, final int readers, final int writers, final int load,
        final int readLoad)
    {
        this.lock = lock;
        this.readers = readers;
        this.writers = writers;
        this.load = load;
        this.readLoad = readLoad;
    }

    /**
     * Runs the harness.
     *
     * @param millis how long
     * @return the outcome
     * @throws InterruptedException if interrupted
     */
    public FairnessResult run(final long millis) throws InterruptedException
    {
        // A short unmeasured phase first: the JVM's first contended acquisitions load the slow-path classes and JFR's
        // metadata (slow: see JfrSupport), which would otherwise show up as the run's maximum writer wait.
        phase(WARM_UP_MILLIS);
        stop = false;
        return phase(millis);
    }

    /** Unmeasured warm-up before every run. */
    static final long WARM_UP_MILLIS = 300;

    private FairnessResult phase(final long millis) throws InterruptedException
    {
        final CountDownLatch gate = new CountDownLatch(1);
        final long[] readOps = new long[readers];
        final long[] writeOps = new long[writers];
        final long[][] waits = new long[writers][];
        final int[] waitCounts = new int[writers];
        final long[] fails = new long[readers + writers];
        final Thread[] threads = new Thread[readers + writers];
        for (int i = 0; i < readers; i++)
        {
            final int index = i;
            threads[i] = new Thread(() -> readLoop(gate, readOps, fails, index), "fair-reader-" + i);
        }
        for (int i = 0; i < writers; i++)
        {
            final int index = i;
            threads[readers + i] = new Thread(
                () -> writeLoop(gate, writeOps, waits, waitCounts, index), "fair-writer-" + i);
        }
        for (final Thread t : threads)
        {
            t.setDaemon(true);
            t.start();
        }
        gate.countDown();
        Thread.sleep(millis);
        stop = true;
        for (final Thread t : threads)
        {
            t.join(TimeUnit.MINUTES.toMillis(1));
        }
        int total = 0;
        for (final int c : waitCounts)
        {
            total += c;
        }
        final long[] all = new long[total];
        int at = 0;
        for (int w = 0; w < writers; w++)
        {
            System.arraycopy(waits[w], 0, all, at, waitCounts[w]);
            at += waitCounts[w];
        }
        Arrays.sort(all);
        return new FairnessResult(readOps, writeOps, all, Arrays.stream(fails).sum());
    }

    private void readLoop(final CountDownLatch gate, final long[] ops, final long[] fails, final int index)
    {
        final Lock read = lock.readLock();
        long n = 0;
        long failed = 0;
        awaitQuietly(gate);
        while (!stop)
        {
            read.lock();
            try
            {
                pair.read(readLoad);
            }
            catch (final IllegalStateException torn)
            {
                failed++;
            }
            finally
            {
                read.unlock();
            }
            n++;
            Pause.spin(load);
        }
        ops[index] = n;
        fails[index] = failed;
    }

    private void writeLoop(final CountDownLatch gate, final long[] ops, final long[][] waits, final int[] counts,
        final int index)
    {
        final Lock write = lock.writeLock();
        long[] samples = new long[4096];
        int count = 0;
        long n = 0;
        awaitQuietly(gate);
        while (!stop)
        {
            final long t0 = System.nanoTime();
            write.lock();
            final long waited = System.nanoTime() - t0;
            try
            {
                pair.write(load);
            }
            finally
            {
                write.unlock();
            }
            if (count == samples.length && count < MAX_SAMPLES_PER_WRITER)
            {
                samples = Arrays.copyOf(samples, count * 2);
            }
            if (count < samples.length)
            {
                samples[count++] = waited;
            }
            else if (waited > samples[(int)(n % count)])
            {
                samples[(int)(n % count)] = waited; // full: keep the larger, so the max survives
            }
            n++;
            Pause.spin(load);
        }
        ops[index] = n;
        waits[index] = samples;
        counts[index] = count;
    }

    private static void awaitQuietly(final CountDownLatch gate)
    {
        try
        {
            gate.await();
        }
        catch (final InterruptedException e)
        {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Child-process entry: {@code <impl> <readers> <writers> <millis> <load> [<readLoad>]} (the read sections' length,
     * {@code load} if absent); prints the kernel-style summary (with a shape line first when the read sections'
     * length differs from {@code load}) and one {@link #RESULT_PREFIX} line.
     *
     * @param args the arguments
     * @param out where to print
     * @return exit status
     * @throws InterruptedException if interrupted
     */
    static int main(final String[] args, final PrintStream out) throws InterruptedException
    {
        if (args.length != 5 && args.length != 6)
        {
            throw new IllegalArgumentException("fairness <impl> <readers> <writers> <millis> <load> [<readLoad>]");
        }
        final String impl = args[0];
        final FairnessHarness h = of(args);
        if (h.readLoad != h.load)
        {
            out.printf(Locale.ROOT, "%s: Shape: %d readers (read sections %d pause units), %d writers (load %d), " +
                "%s ms%n", impl, h.readers, h.readLoad, h.writers, h.load, args[3]);
        }
        return report(impl, h.run(Long.parseLong(args[3])), out);
    }

    /**
     * @param args the child's arguments, {@code <impl> <readers> <writers> <millis> <load> [<readLoad>]}
     * @return the harness they describe (not run)
     */
    public static FairnessHarness of(final String[] args)
    {
        final int load = Integer.parseInt(args[4]);
        return new FairnessHarness(Locks.create(args[0]), Integer.parseInt(args[1]), Integer.parseInt(args[2]), load,
            args.length == 6 ? Integer.parseInt(args[5]) : load);
    }

    /** @return pause units in each read section */
    public int readLoad()
    {
        return readLoad;
    }

    /** @return pause units in each write section and outside every section */
    public int load()
    {
        return load;
    }

    /**
     * Prints a run's summary and its {@link #RESULT_PREFIX} line; a run with torn reads fails (the lock under test
     * does not exclude, so its figures mean nothing).
     *
     * @param impl the lock's name
     * @param r the run
     * @param out where to print
     * @return 0, or 1 if a reader saw torn data
     */
    public static int report(final String impl, final FairnessResult r, final PrintStream out)
    {
        out.print(r.kernelFormat(impl));
        out.println(RESULT_PREFIX + r.encode());
        if (r.fails != 0)
        {
            out.println(TORN + r.fails + " torn reads: " + impl + " does not exclude");
            return 1;
        }
        return 0;
    }
}
