package org.rwsem4j.examples;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;

/**
 * Runs a multi-threaded workload on an {@link LruCache} over each of several locks in turn and prints one line per
 * lock: its throughput, the cache's hit rate, and the lock's event counters where it keeps them.
 *
 * <pre>
 * java --add-opens java.base/jdk.internal.misc=ALL-UNNAMED -cp ... org.rwsem4j.examples.LruCacheDemo \
 *      [--locks recommended,base,rrwl,stamped,mutex] [--threads 4] [--ops 200000 | --seconds 5]
 * </pre>
 *
 * A lock is an rwsem4j variant spec, or {@code rrwl} (ReentrantReadWriteLock, nonfair), {@code stamped}
 * (StampedLock.asReadWriteLock()) or {@code mutex} (one ReentrantLock for readers and writers). Each thread looks up
 * skewed keys (most hits on a few hot keys, a long tail of misses that load and evict), and now and then invalidates
 * or overwrites one. Every value returned is checked against the loader. With {@code --seconds}, each lock first
 * runs a quarter of that (at most 1 s) as a warm-up, which is not counted. rwsem4j locks are named
 * {@code lru-cache}, so while the demo runs {@code java -jar rwsem-stat.jar <pid>} shows their counters live.
 */
public final class LruCacheDemo
{
    static final int CAPACITY = 1024;
    static final int KEYS = 2 * CAPACITY;
    private static final long MAX_WARM_UP_NANOS = 1_000_000_000L;

    private LruCacheDemo()
    {
    }

    /**
     * What one lock's run did.
     *
     * @param lock the lock's name as asked for
     * @param kind what it is (the rwsem4j variant, or the JDK lock)
     * @param threads worker threads
     * @param ops operations done, all workers
     * @param hits lookups that found their key
     * @param misses lookups that loaded it
     * @param evictions entries evicted
     * @param size entries at the end
     * @param capacity the cache's capacity
     * @param wrongValues lookups that returned a value the loader would not have
     * @param elapsedNanos from the start signal to the last worker's end
     * @param lockEvents the lock's event counters during the run, empty if it keeps none
     */
    public record Summary(String lock, String kind, int threads, long ops, long hits, long misses, long evictions,
        int size, int capacity, long wrongValues, long elapsedNanos, Map<String, Long> lockEvents)
    {
        /** @return operations per second */
        public double opsPerSecond()
        {
            return ops / Math.max(elapsedNanos / 1e9, 1e-9);
        }

        String line(final int lockWidth, final int kindWidth)
        {
            final String events = lockEvents.entrySet().stream().filter(e -> e.getValue() != 0)
                .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "));
            return String.format(Locale.ROOT,
                "%-" + lockWidth + "s %,12.0f %,14d %7.1f%% %6d  %-" + kindWidth + "s  %s",
                lock, opsPerSecond(), ops, 100.0 * hits / Math.max(1, hits + misses), wrongValues, kind,
                lockEvents.isEmpty() ? "-" : events.isEmpty() ? "(none)" : events);
        }

        @Override
        public String toString()
        {
            return line(lock.length(), kind.length());
        }
    }

    static String valueOf(final int key)
    {
        return "value-" + key;
    }

    /**
     * Runs the workload on one lock for a number of operations per thread.
     *
     * @param lockName an rwsem4j variant spec, {@code rrwl}, {@code stamped} or {@code mutex}
     * @param threads worker threads
     * @param opsPerThread operations each
     * @return the summary
     * @throws InterruptedException if interrupted while waiting for the workers
     * @throws IllegalArgumentException for an unknown lock name or a bad spec
     */
    public static Summary run(final String lockName, final int threads, final long opsPerThread)
        throws InterruptedException
    {
        return run(DemoLock.of(lockName), threads, opsPerThread, -1);
    }

    static Summary run(final DemoLock lock, final int threads, final long opsPerThread, final long nanos)
        throws InterruptedException
    {
        if (nanos > 0)
        {
            work(new LruCache<>(CAPACITY, lock.lock()), threads, -1, Math.min(nanos / 4, MAX_WARM_UP_NANOS));
        }
        final Map<String, Long> before = lock.events().get();
        final LruCache<Integer, String> cache = new LruCache<>(CAPACITY, lock.lock());
        final long[] done = work(cache, threads, opsPerThread, nanos);
        final Map<String, Long> events = new LinkedHashMap<>();
        lock.events().get().forEach((event, count) -> events.put(event, count - before.getOrDefault(event, 0L)));
        return new Summary(lock.name(), lock.kind(), threads, done[0], cache.hits(), cache.misses(),
            cache.evictions(), cache.size(), cache.capacity(), done[1], done[2], events);
    }

    /** @return {operations, wrong values, elapsed nanoseconds} */
    private static long[] work(final LruCache<Integer, String> cache, final int threads, final long opsPerThread,
        final long nanos) throws InterruptedException
    {
        final AtomicLong ops = new AtomicLong();
        final AtomicLong wrong = new AtomicLong();
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final CountDownLatch start = new CountDownLatch(1);
        final AtomicLong deadline = new AtomicLong();
        final List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++)
        {
            final long seed = 0x9E3779B97F4A7C15L * (t + 1);
            final Thread w = new Thread(() ->
            {
                try
                {
                    start.await();
                    ops.addAndGet(worker(cache, seed, opsPerThread, nanos < 0 ? Long.MAX_VALUE : deadline.get(),
                        wrong));
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
        deadline.set(t0 + nanos);
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
        return new long[]{ops.get(), wrong.get(), elapsed};
    }

    /** One worker: opsPerThread operations (or, if that is negative, until the deadline); returns how many. */
    private static long worker(final LruCache<Integer, String> cache, final long seed, final long opsPerThread,
        final long deadline, final AtomicLong wrong)
    {
        long x = seed;
        long i = 0;
        for (; opsPerThread < 0 || i < opsPerThread; i++)
        {
            if (opsPerThread < 0 && (i & 63) == 0 && System.nanoTime() - deadline >= 0)
            {
                break;
            }
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
        return i;
    }

    /**
     * The program without the process exit, so that a test can run it in its own JVM.
     *
     * @param args see {@link DemoOptions}
     * @param out where the summary goes
     * @param err where a failure goes
     * @return the exit status: 0, 1 if the results are inconsistent, 2 for bad arguments
     * @throws InterruptedException if interrupted
     */
    static int run(final String[] args, final PrintStream out, final PrintStream err) throws InterruptedException
    {
        final DemoOptions options;
        final List<DemoLock> locks = new ArrayList<>();
        try
        {
            options = DemoOptions.parse(args);
            for (final String name : options.locks())
            {
                locks.add(DemoLock.of(name));
            }
        }
        catch (final IllegalArgumentException ex)
        {
            err.println("LRU cache demo: " + ex.getMessage());
            return 2;
        }
        out.println(header(options));
        final List<Summary> runs = new ArrayList<>();
        for (final DemoLock lock : locks)
        {
            runs.add(run(lock, options.threads(), options.opsPerThread(), options.nanos()));
        }
        return status(runs, out, err);
    }

    private static String header(final DemoOptions options)
    {
        final String length = options.nanos() > 0 ?
            String.format(Locale.ROOT, "%.1f s per lock after a %.1f s warm-up", options.nanos() / 1e9,
                Math.min(options.nanos() / 4, MAX_WARM_UP_NANOS) / 1e9) :
            String.format(Locale.ROOT, "%,d ops per thread per lock", options.opsPerThread());
        return String.format(Locale.ROOT, "LRU cache demo: %d threads, %s, capacity %d, %d keys (skewed), %d CPUs",
            options.threads(), length, CAPACITY, KEYS, Runtime.getRuntime().availableProcessors());
    }

    /**
     * Prints the runs, one line per lock, and judges them.
     *
     * @param runs the runs
     * @param out where the lines go
     * @param err where a failure goes
     * @return 0, or 1 if a lookup returned a wrong value or the cache outgrew its capacity in any run
     */
    static int status(final List<Summary> runs, final PrintStream out, final PrintStream err)
    {
        final int lockWidth = Math.max(4, runs.stream().mapToInt(s -> s.lock().length()).max().orElse(0));
        final int kindWidth = Math.max(4, runs.stream().mapToInt(s -> s.kind().length()).max().orElse(0));
        out.println(String.format(Locale.ROOT, "%-" + lockWidth + "s %12s %14s %8s %6s  %-" + kindWidth + "s  %s",
            "lock", "ops/s", "ops", "hit rate", "wrong", "what", "lock events during the run"));
        int status = 0;
        for (final Summary s : runs)
        {
            out.println(s.line(lockWidth, kindWidth));
            if (s.wrongValues() != 0 || s.size() > s.capacity())
            {
                err.println("LRU cache demo: FAILED on " + s.lock() + " (wrong values " + s.wrongValues() +
                    ", size " + s.size() + "/" + s.capacity() + ")");
                status = 1;
            }
        }
        return status;
    }

    /**
     * @param args see {@link DemoOptions}
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
