package org.rwsem4j.torture;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

import org.rwsem4j.Rwsem;
import org.rwsem4j.Variant;
import org.rwsem4j.cli.UsageErrors;

import picocli.CommandLine;

/**
 * A fixed-work race of virtual threads (JDK 21+), timed: {@code threads} virtual threads, half readers and half
 * writers, each takes its lock {@code ops} times, with the exclusion oracle's occupancy check in every critical
 * section; the time from the start signal to the last join, per lock, beside the JDK's {@code rrwl}. The locks take
 * turns within each repetition. Exit status 0, 1 on any exclusion violation, 2 for a bad command line.
 *
 * <pre>
 * java --add-opens java.base/jdk.internal.misc=ALL-UNNAMED -cp rwsem4j-torture.jar org.rwsem4j.torture.Race \
 *     --threads 10000 --ops 100 --locks rrwl,recommended,all --reps 5 [--cs-spins 20] [--park-every 0]
 * </pre>
 */
public final class Race
{
    private final int threads;
    private final int ops;
    private final int csSpins;
    private final int parkEvery;

    private Race(final int threads, final int ops, final int csSpins, final int parkEvery)
    {
        this.threads = threads;
        this.ops = ops;
        this.csSpins = csSpins;
        this.parkEvery = parkEvery;
    }

    /**
     * Runs the command line and exits with its status.
     *
     * @param args the command line (see the class comment)
     */
    public static void main(final String[] args)
    {
        System.exit(run(args, System.out, System.err));
    }

    static int run(final String[] args, final PrintStream out, final PrintStream err)
    {
        return UsageErrors.execute(new CommandLine(new RaceArgs(out, err)), args, out, err, RaceArgs.PROGRAM, null);
    }

    /** Runs the race the checked arguments describe. */
    static int race(final RaceArgs a, final PrintStream out, final PrintStream err)
    {
        if (!WorkerThreads.virtualAvailable())
        {
            err.println(RaceArgs.PROGRAM + ": " + WorkerThreads.virtualUnavailableMessage());
            return Main.EXIT_USAGE;
        }
        final List<String> locks = a.locks();
        out.printf(Locale.ROOT, "rwsem4j race: JDK %s, %d cores, %d virtual threads (1:1) x %d ops, cs %d spins, " +
            "park every %d, rwsem4j.virtualSpin %s%n", Runtime.version(), Runtime.getRuntime().availableProcessors(),
            a.threads, a.ops, a.csSpins, a.parkEvery,
            System.getProperty("rwsem4j.virtualSpin", "short (default)"));
        out.println(Presets.line(Variant.available()));
        final Race race = new Race(a.threads, a.ops, a.csSpins, a.parkEvery);
        final long[][] millis = new long[locks.size()][a.reps];
        long violations = 0;
        for (int rep = 0; rep < a.reps; rep++)
        {
            for (int k = 0; k < locks.size(); k++)
            {
                final AtomicLong seen = new AtomicLong();
                final long nanos = race.once(lock(locks.get(k)), seen);
                millis[k][rep] = nanos / 1_000_000;
                violations += seen.get();
                out.printf(Locale.ROOT, "  rep %d  %-12s %6d ms  violations %d%n", rep + 1, locks.get(k),
                    millis[k][rep], seen.get());
            }
        }
        out.println("lock          median ms   min ms   max ms");
        for (int k = 0; k < locks.size(); k++)
        {
            final long[] m = millis[k].clone();
            Arrays.sort(m);
            out.printf(Locale.ROOT, "%-12s %10d %8d %8d%n", locks.get(k), m[m.length / 2], m[0], m[m.length - 1]);
        }
        out.println(violations == 0 ? "violations 0: SUCCESS" : "violations " + violations + ": FAILURE");
        return violations == 0 ? Main.EXIT_SUCCESS : Main.EXIT_FAILURE;
    }

    private static ReadWriteLock lock(final String name)
    {
        return Peer.RRWL.equals(name) ? new ReentrantReadWriteLock(false) : Rwsem.of(name);
    }

    /** One timed race over a fresh lock; adds the exclusion violations seen to {@code violations}. */
    private long once(final ReadWriteLock lock, final AtomicLong violations)
    {
        final AtomicLong occupancy = new AtomicLong();
        final CountDownLatch start = new CountDownLatch(1);
        final List<Thread> all = new ArrayList<>(threads);
        for (int i = 0; i < threads; i++)
        {
            final boolean writer = (i & 1) == 0;
            final Lock l = writer ? lock.writeLock() : lock.readLock();
            all.add(WorkerThreads.unstarted(() -> loop(l, writer, occupancy, violations, start),
                (writer ? "race-w" : "race-r") + i, true));
        }
        all.forEach(Thread::start);
        final long began = System.nanoTime();
        start.countDown();
        for (final Thread t : all)
        {
            joinUninterruptibly(t);
        }
        return System.nanoTime() - began;
    }

    private void loop(final Lock l, final boolean writer, final AtomicLong occupancy, final AtomicLong violations,
        final CountDownLatch start)
    {
        awaitUninterruptibly(start);
        for (int i = 1; i <= ops; i++)
        {
            l.lock();
            try
            {
                final long before = writer ? occupancy.compareAndExchange(0, OccupancyCheck.WRITER) :
                    occupancy.getAndIncrement();
                if (writer ? before != 0 : before >= OccupancyCheck.WRITER)
                {
                    violations.incrementAndGet();
                }
                if (writer && before != 0)
                {
                    occupancy.getAndAdd(OccupancyCheck.WRITER);
                }
                for (int s = 0; s < csSpins; s++)
                {
                    Thread.onSpinWait();
                }
                if (parkEvery > 0 && i % parkEvery == 0)
                {
                    LockSupport.parkNanos(20_000); // unmounts a virtual owner while it holds the lock
                }
                occupancy.getAndAdd(writer ? -OccupancyCheck.WRITER : -1);
            }
            finally
            {
                l.unlock();
            }
        }
    }

    private static void awaitUninterruptibly(final CountDownLatch latch)
    {
        boolean interrupted = false;
        while (latch.getCount() > 0)
        {
            try
            {
                latch.await();
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

    private static void joinUninterruptibly(final Thread t)
    {
        boolean interrupted = false;
        while (t.isAlive())
        {
            try
            {
                t.join();
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
