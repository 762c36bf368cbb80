package org.rwsem4j.bench.cli;

import java.io.PrintStream;
import java.lang.ref.Reference;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.function.LongSupplier;

import org.rwsem4j.Rwsem;
import org.rwsem4j.bench.PositiveInt;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code footprint}: the memory run, in this JVM. Builds {@code --locks} locks and keeps them, contends each
 * once with two threads at the same time (this thread holds every write lock while a second thread tries each read
 * lock with a 1 us timeout, so each goes through its read slow path), then drops them all and waits for the
 * off-heap arena to take its slots back. Prints heap used after GC and direct memory in use at the start, with the
 * locks fresh, with them contended and after the drop, as a markdown table; exit status 1 if the heap or the direct
 * memory did not come back (heap within {@value #HEAP_SLACK_MB} MB, direct within {@value #DIRECT_SLACK_MB} MB).
 * A million locks take more than a gigabyte of heap: run it alone, e.g. {@code java -Xmx3g -jar rwsem4j-bench.jar
 * footprint} (the default maximum heap, a quarter of the machine's memory, is enough on a machine of 8 GB or more).
 */
@Command(name = "footprint", usageHelpAutoWidth = true,
    description = {"The memory run: build N locks, contend each once with two threads, drop them; print heap " +
        "after GC and direct memory in use at each step (a markdown table). Give it heap: java -Xmx3g -jar ... " +
        "footprint. Exit status 1 if heap or direct memory did not come back after the drop."})
final class FootprintCommand implements Callable<Integer>
{
    static final int HEAP_SLACK_MB = 8;
    static final int DIRECT_SLACK_MB = 8;
    private static final long MB = 1L << 20;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Print this help and exit.")
    boolean help;

    @Option(names = "--locks", defaultValue = "1000000", converter = PositiveInt.class,
        description = "How many locks to build (default: ${DEFAULT-VALUE}).")
    int locks;

    @Option(names = "--spec", defaultValue = "recommended",
        description = "The variant spec, as for Rwsem.of (default: ${DEFAULT-VALUE}).")
    String spec;

    @Option(names = "--timeout", defaultValue = "120", converter = PositiveInt.class,
        description = "Seconds to wait for the dropped locks' slots and memory to come back (default: " +
            "${DEFAULT-VALUE}).")
    int timeoutSeconds;

    private final PrintStream stdout;
    private final ArenaProbe arena = ArenaProbe.open();

    FootprintCommand(final PrintStream stdout)
    {
        this.stdout = stdout;
    }

    @Override
    public Integer call() throws InterruptedException
    {
        Rwsem.of(spec); // load and resolve everything once, so the start row holds the classes and the arena
        final Point start = measure("start", 0);
        ReadWriteLock[] made = new ReadWriteLock[locks];
        final long t0 = System.nanoTime();
        for (int i = 0; i < locks; i++)
        {
            made[i] = Rwsem.of(spec);
        }
        final long buildMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        final Point fresh = measure(locks + " fresh", locks);
        final long t1 = System.nanoTime();
        final int granted = contendEachOnce(made);
        final long contendMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t1);
        final Point contended = measure(locks + " contended once", locks);
        Reference.reachabilityFence(made);
        made = null;
        final long t2 = System.nanoTime();
        final boolean slotsBack = awaitSlots(start.liveSlots);
        // A retired chunk's memory is freed by the JDK at a GC after the one that returned its slots.
        gcUntilAtMost(MemoryProbe::directUsed, start.direct + DIRECT_SLACK_MB * MB);
        final Point after = measure("dropped, after GC", locks);
        final long backMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t2);

        stdout.printf(Locale.ROOT, "footprint of %,d Rwsem.of(\"%s\") locks (JDK %s, max heap %,d MB); built in " +
            "%,d ms, contended in %,d ms (%d read locks granted: expected 0), memory back in %,d ms%n%n", locks, spec,
            Runtime.version(), Runtime.getRuntime().maxMemory() / MB, buildMs, contendMs, granted, backMs);
        stdout.println("| point | heap used after GC | heap per lock | direct memory in use | direct per lock | " +
            "arena live slots | arena reserved |");
        stdout.println("|---|---|---|---|---|---|---|");
        for (final Point p : new Point[] {start, fresh, contended, after})
        {
            stdout.println(p.row(start));
        }
        final boolean heapBack = after.heap - start.heap <= HEAP_SLACK_MB * MB;
        final boolean directOk = after.direct - start.direct <= DIRECT_SLACK_MB * MB;
        stdout.printf(Locale.ROOT, "%nafter the drop: heap %+,.1f MB against the start (%s, within %d MB), direct " +
            "%+,.1f MB (%s, within %d MB), arena slots %s%n", (after.heap - start.heap) / (double)MB,
            heapBack ? "ok" : "NOT BACK", HEAP_SLACK_MB, (after.direct - start.direct) / (double)MB,
            directOk ? "ok" : "NOT BACK", DIRECT_SLACK_MB, !arena.available() ? "unknown (arena not reachable)" :
            slotsBack ? "all returned" : "NOT ALL RETURNED");
        return heapBack && directOk && slotsBack && granted == 0 ? 0 : 1;
    }

    private Point measure(final String name, final int count)
    {
        final long heap = MemoryProbe.heapUsedAfterGc();
        return new Point(name, count, heap, MemoryProbe.directUsed(), arena.liveSlots(), arena.reservedBytes());
    }

    /** GC until the arena's live slots are back to {@code target}; true if they are (or the arena is unreachable). */
    private boolean awaitSlots(final long target)
    {
        return !arena.available() || gcUntilAtMost(arena::liveSlots, target);
    }

    /** GC until {@code figure} is at most {@code target}, or {@code --timeout} passes; whether it got there. */
    private boolean gcUntilAtMost(final LongSupplier figure, final long target)
    {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutSeconds);
        while (figure.getAsLong() > target)
        {
            if (System.nanoTime() - deadline > 0)
            {
                return false;
            }
            System.gc();
            LockSupport.parkNanos(20_000_000);
        }
        return true;
    }

    /**
     * This thread holds every write lock while a second thread tries each read lock with a 1 us timeout: two threads
     * at the same time on every lock, each read attempt taking the slow path.
     *
     * @return how many read locks were granted (0 unless the lock is broken)
     */
    private static int contendEachOnce(final ReadWriteLock[] locks) throws InterruptedException
    {
        for (final ReadWriteLock lock : locks)
        {
            lock.writeLock().lock();
        }
        final int[] granted = new int[1];
        final Thread other = new Thread(() ->
        {
            for (final ReadWriteLock lock : locks)
            {
                try
                {
                    if (lock.readLock().tryLock(1, TimeUnit.MICROSECONDS))
                    {
                        granted[0]++;
                        lock.readLock().unlock();
                    }
                }
                catch (final InterruptedException e)
                {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }, "footprint-contender");
        other.start();
        other.join();
        for (final ReadWriteLock lock : locks)
        {
            lock.writeLock().unlock();
        }
        return granted[0];
    }

    /** One row of the table. */
    private static final class Point
    {
        final String name;
        final int locks;
        final long heap;
        final long direct;
        final long liveSlots;
        final long reserved;

        Point(final String name, final int locks, final long heap, final long direct, final long liveSlots,
            final long reserved)
        {
            this.name = name;
            this.locks = locks;
            this.heap = heap;
            this.direct = direct;
            this.liveSlots = liveSlots;
            this.reserved = reserved;
        }

        String row(final Point start)
        {
            final boolean held = locks > 0 && !name.startsWith("dropped");
            return String.format(Locale.ROOT, "| %s | %,.1f MB | %s | %,.1f MB | %s | %,d | %,.1f MB |", name,
                heap / (double)MB, held ? String.format(Locale.ROOT, "%,d B", (heap - start.heap) / locks) : "",
                direct / (double)MB, held ? String.format(Locale.ROOT, "%,d B", (direct - start.direct) / locks) : "",
                liveSlots, reserved / (double)MB);
        }
    }
}
