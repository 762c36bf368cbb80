package org.rwsem4j.examples;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;

import org.rwsem4j.Rwsem;

/**
 * Runs a short multi-threaded workload on an {@link LruCache} and prints a summary:
 *
 * <pre>
 * java --add-opens java.base/jdk.internal.misc=ALL-UNNAMED -cp ... org.rwsem4j.examples.LruCacheDemo \
 *      [variant=recommended] [threads=4] [opsPerThread=200000]
 * </pre>
 *
 * Each thread looks up skewed keys (most hits on a few hot keys, a long tail of misses that load and evict), and
 * now and then invalidates or overwrites one. Every value returned is checked against the loader. The lock is named
 * {@code lru-cache}, so while the demo runs {@code java -jar rwsem-stat.jar <pid>} shows its counters live.
 */
public final class LruCacheDemo
{
    static final int CAPACITY = 1024;
    static final int KEYS = 2 * CAPACITY;

    private LruCacheDemo()
    {
    }

    /** What a run did. */
    public record Summary(String variant, int threads, long ops, long hits, long misses, long evictions, int size,
        int capacity, long wrongValues, long elapsedNanos, Map<String, Long> lockEvents)
    {
        @Override
        public String toString()
        {
            final double secs = elapsedNanos / 1e9;
            final String events = lockEvents.entrySet().stream().filter(e -> e.getValue() != 0)
                .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "));
            return String.format(Locale.ROOT,
                "LRU cache demo: variant %s, %d threads, %,d ops in %.2f s (%,.0f ops/s)%n" +
                "  hits %,d  misses %,d  hit rate %.1f%%  evictions %,d  size %d/%d  wrong values %d%n" +
                "  lock events: %s",
                variant, threads, ops, secs, ops / Math.max(secs, 1e-9), hits, misses,
                100.0 * hits / Math.max(1, hits + misses), evictions, size, capacity, wrongValues,
                events.isEmpty() ? "(none)" : events);
        }
    }

    static String valueOf(final int key)
    {
        return "value-" + key;
    }

    /**
     * @param variant rwsem4j variant spec
     * @param threads worker threads
     * @param opsPerThread operations each
     * @return the summary
     * @throws InterruptedException if interrupted while waiting for the workers
     */
    public static Summary run(final String variant, final int threads, final long opsPerThread)
        throws InterruptedException
    {
        // The embed: one named lock in the chosen variant (a name publishes its counters for rwsem-stat).
        final Rwsem lock = Rwsem.builder().variant(variant).name("lru-cache").build();
        final LruCache<Integer, String> cache = new LruCache<>(CAPACITY, lock);
        final AtomicLong wrong = new AtomicLong();
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final CountDownLatch start = new CountDownLatch(1);
        final List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++)
        {
            final long seed = 0x9E3779B97F4A7C15L * (t + 1);
            final Thread w = new Thread(() ->
            {
                long x = seed;
                try
                {
                    start.await();
                    for (long i = 0; i < opsPerThread; i++)
                    {
                        x ^= x << 13;
                        x ^= x >>> 7;
                        x ^= x << 17;
                        final double u = (x >>> 11) * 0x1.0p-53;
                        final int key = (int)(KEYS * u * u * u); // skewed towards small keys
                        final int op = (int)((x >>> 3) & 63);
                        if (op == 0)
                        {
                            cache.invalidate(key);
                        }
                        else if (op == 1)
                        {
                            cache.put(key, valueOf(key));
                        }
                        else if (!valueOf(key).equals(cache.computeIfAbsent(key, LruCacheDemo::valueOf)))
                        {
                            wrong.incrementAndGet();
                        }
                    }
                }
                catch (final Throwable ex)
                {
                    failure.compareAndSet(null, ex);
                }
            }, "lru-worker-" + t);
            workers.add(w);
            w.start();
        }
        final long t0 = System.nanoTime();
        start.countDown();
        for (final Thread w : workers)
        {
            w.join();
        }
        final long elapsed = System.nanoTime() - t0;
        if (failure.get() != null)
        {
            throw new IllegalStateException("a worker failed", failure.get());
        }
        return new Summary(lock.variant(), threads, threads * opsPerThread, cache.hits(), cache.misses(),
            cache.evictions(), cache.size(), cache.capacity(), wrong.get(), elapsed, events(lock));
    }

    private static Map<String, Long> events(final Rwsem lock)
    {
        final Map<String, Long> out = new java.util.LinkedHashMap<>();
        lock.events().asMap().forEach((event, count) -> out.put(event.kernelName(), count));
        return out;
    }

    /**
     * The program without the process exit, so that a test can run it in its own JVM.
     *
     * @param args [variant] [threads] [opsPerThread]
     * @param out where the summary goes
     * @param err where a failure goes
     * @return the exit status: 0, 1 if the results are inconsistent, 2 for bad arguments
     * @throws InterruptedException if interrupted
     */
    static int run(final String[] args, final PrintStream out, final PrintStream err) throws InterruptedException
    {
        final Summary s;
        try
        {
            final String variant = args.length > 0 ? args[0] : "recommended";
            final int threads = args.length > 1 ? Integer.parseInt(args[1]) : 4;
            final long ops = args.length > 2 ? Long.parseLong(args[2]) : 200_000;
            if (args.length > 3 || threads < 1 || ops < 0)
            {
                throw new IllegalArgumentException("usage: LruCacheDemo [variant] [threads >= 1] [opsPerThread >= 0]");
            }
            s = run(variant, threads, ops);
        }
        catch (final IllegalArgumentException ex)
        {
            err.println("LRU cache demo: " + ex.getMessage());
            return 2;
        }
        return status(s, out, err);
    }

    /**
     * Prints a run's summary and judges it.
     *
     * @param s the run
     * @param out where the summary goes
     * @param err where a failure goes
     * @return 0, or 1 if a lookup returned a wrong value or the cache outgrew its capacity
     */
    static int status(final Summary s, final PrintStream out, final PrintStream err)
    {
        out.println(s);
        if (s.wrongValues() != 0 || s.size() > s.capacity())
        {
            err.println("LRU cache demo: FAILED (wrong values " + s.wrongValues() + ", size " + s.size() + "/" +
                s.capacity() + ")");
            return 1;
        }
        return 0;
    }

    /**
     * @param args [variant] [threads] [opsPerThread]
     * @throws InterruptedException if interrupted
     */
    public static void main(final String[] args) throws InterruptedException
    {
        final int status = run(args, System.out, System.err);
        if (status != 0)
        {
            System.exit(status);
        }
    }
}
