package org.rwsem4j.osq;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.Collectors;

/**
 * Stress harness for a {@link QueueUnderTest} used as a mutex: N daemon threads each make a number of
 * {@code lock} attempts with randomly chosen give-up policies; a successful attempt enters a critical section
 * guarded by a plain-field oracle (a non-atomic read-modify-write that loses updates if two holders overlap) and
 * an occupancy counter, then unlocks.
 *
 * <p>It never waits forever: a watchdog in the calling thread abandons the run on the first overlap, or when no
 * attempt has completed for {@code stallMillis} (a wedged queue), and reports the threads still stuck. Abandoning
 * makes every {@link GiveUp} return true; threads stuck somewhere that does not poll it are reported as hung and
 * left behind (daemons).
 */
final class MutexHarness
{

    private MutexHarness()
    {
    }

    record Config(int threads, int attemptsPerThread, long seed, long stallMillis)
    {
    }

    record Report(String queue, Config config, long attempts, long completed, long holds, long giveUps,
                  long oracle, long overlaps, long notLockedWhileHeld, boolean lockedAtEnd, String tailAtEnd,
                  boolean stalled, List<String> hung, List<String> errors)
    {

        List<String> failures()
        {
            final List<String> f = new ArrayList<>();
            if (overlaps != 0)
            {
                f.add("mutual exclusion: " + overlaps + " entries found another holder inside");
            }
            if (oracle != holds)
            {
                f.add("plain-field oracle " + oracle + " != holds " + holds + " (lost updates)");
            }
            if (notLockedWhileHeld != 0)
            {
                f.add("isLocked() false while held, " + notLockedWhileHeld + " times");
            }
            if (stalled)
            {
                f.add("no attempt completed for " + config.stallMillis() + " ms (wedged queue)");
            }
            if (!hung.isEmpty())
            {
                f.add("hung threads: " + hung);
            }
            if (!errors.isEmpty())
            {
                f.add("errors: " + errors);
            }
            if (completed != attempts || holds + giveUps != attempts)
            {
                f.add("attempts " + attempts + " != holds " + holds + " + give-ups " + giveUps);
            }
            if (lockedAtEnd)
            {
                f.add("isLocked() at end, tail owned by " + tailAtEnd);
            }
            return f;
        }

        boolean clean()
        {
            return failures().isEmpty();
        }

        @Override
        public String toString()
        {
            return queue + " threads=" + config.threads() + " seed=" + config.seed() + ": attempts=" + attempts +
                    " holds=" + holds + " giveUps=" + giveUps + " -> " +
                    (clean() ? "clean" : String.join("; ", failures()));
        }
    }

    /** Per-run shared state. The oracle is deliberately a plain field. */
    private static final class Shared
    {
        final QueueUnderTest q;
        final AtomicBoolean abandon;
        final AtomicInteger occupancy = new AtomicInteger();
        final AtomicLong overlaps = new AtomicLong();
        final AtomicLong notLockedWhileHeld = new AtomicLong();
        final AtomicLong completed = new AtomicLong();
        final LongAdder holds = new LongAdder();
        final LongAdder giveUps = new LongAdder();
        final ConcurrentLinkedQueue<String> errors = new ConcurrentLinkedQueue<>();
        long oracle;

        Shared(final QueueUnderTest q, final AtomicBoolean abandon)
        {
            this.q = q;
            this.abandon = abandon;
        }
    }

    /** Gives up after a budget of polls (no waiter is infinitely patient: on 2 cores that costs time slices). */
    private static final class Budget implements GiveUp
    {
        private final AtomicBoolean abandon;
        private int left;

        Budget(final AtomicBoolean abandon, final int left)
        {
            this.abandon = abandon;
            this.left = left;
        }

        @Override
        public boolean giveUp()
        {
            return abandon.get() || left-- == 0;
        }
    }

    /** Gives up on each poll with probability 1/{@code odds}. */
    private static final class Coin implements GiveUp
    {
        private final AtomicBoolean abandon;
        private final SplittableRandom rnd;
        private final int odds;

        Coin(final AtomicBoolean abandon, final SplittableRandom rnd, final int odds)
        {
            this.abandon = abandon;
            this.rnd = rnd;
            this.odds = odds;
        }

        @Override
        public boolean giveUp()
        {
            return abandon.get() || rnd.nextInt(odds) == 0;
        }
    }

    /** Runs with a fresh abandon flag, for a real queue ({@link Osq} or {@link CompactOsq}). */
    static Report run(final String name, final QueueUnderTest q, final Config c)
    {
        return run(name, q, new AtomicBoolean(), c);
    }

    /** Runs with the given abandon flag, which a {@link BrokenOsq} may also poll in its internal loops. */
    static Report run(final String name, final QueueUnderTest q, final AtomicBoolean abandon, final Config c)
    {
        final Shared s = new Shared(q, abandon);
        final SplittableRandom seeds = new SplittableRandom(c.seed());
        final Thread[] ts = new Thread[c.threads()];
        for (int i = 0; i < ts.length; i++)
        {
            final SplittableRandom rnd = seeds.split();
            ts[i] = new Thread(() -> worker(s, rnd, c.attemptsPerThread()), "osq-stress-" + i);
            ts[i].setDaemon(true);
        }
        for (final Thread t : ts)
        {
            t.start();
        }

        boolean stalled = false;
        long lastCompleted = -1;
        long lastProgress = System.nanoTime();
        while (Arrays.stream(ts).anyMatch(Thread::isAlive))
        {
            if (s.overlaps.get() != 0 || !s.errors.isEmpty())
            {
                abandon.set(true);
                break;
            }
            final long done = s.completed.get();
            final long now = System.nanoTime();
            if (done != lastCompleted)
            {
                lastCompleted = done;
                lastProgress = now;
            }
            else if (now - lastProgress > c.stallMillis() * 1_000_000L)
            {
                stalled = true;
                abandon.set(true);
                break;
            }
            joinQuietly(ts, 20);
        }
        joinQuietly(ts, 10_000);            // after abandoning: give stuck threads a chance to get out (loaded host)
        final List<String> hung = new ArrayList<>();
        for (final Thread t : ts)
        {
            if (t.isAlive())
            {
                hung.add(t.getName() + " at " + Arrays.stream(t.getStackTrace()).limit(4)
                        .map(StackTraceElement::toString).collect(Collectors.joining(" < ")));
            }
        }
        final long attempts = (long)c.threads() * c.attemptsPerThread();
        return new Report(name, c, attempts, s.completed.get(), s.holds.sum(), s.giveUps.sum(), s.oracle,
                s.overlaps.get(), s.notLockedWhileHeld.get(), q.isLocked(), q.describeTail(), stalled, hung,
                List.copyOf(s.errors));
    }

    private static void joinQuietly(final Thread[] ts, final long totalMillis)
    {
        final long deadline = System.nanoTime() + totalMillis * 1_000_000L;
        try
        {
            for (final Thread t : ts)
            {
                final long left = (deadline - System.nanoTime()) / 1_000_000L;
                if (left <= 0)
                {
                    return;
                }
                t.join(left);
            }
        }
        catch (final InterruptedException e)
        {
            Thread.currentThread().interrupt();
        }
    }

    private static void worker(final Shared s, final SplittableRandom rnd, final int attempts)
    {
        try
        {
            for (int i = 0; i < attempts; i++)
            {
                if (s.abandon.get())
                {
                    return;
                }
                final Node node = Osq.newNode();
                final GiveUp g = switch (rnd.nextInt(4))
                {
                    case 0 -> new Budget(s.abandon, rnd.nextInt(4_096));      // patient
                    case 1 -> new Budget(s.abandon, rnd.nextInt(64));         // after a few polls
                    case 2 -> new Coin(s.abandon, rnd, 16);                   // randomly
                    default -> new Budget(s.abandon, 0);                      // at the first poll
                };
                if (s.q.lock(node, g))
                {
                    criticalSection(s, rnd);
                    s.q.unlock(node);
                    s.holds.increment();
                }
                else
                {
                    s.giveUps.increment();
                }
                s.completed.incrementAndGet();
                if (rnd.nextInt(64) == 0)
                {
                    Thread.yield();
                }
            }
        }
        catch (final Throwable t)
        {
            s.errors.add(Thread.currentThread().getName() + ": " + t);
        }
    }

    private static void criticalSection(final Shared s, final SplittableRandom rnd)
    {
        if (!s.q.isLocked())
        {
            s.notLockedWhileHeld.incrementAndGet();
        }
        if (s.occupancy.incrementAndGet() != 1)
        {
            s.overlaps.incrementAndGet();
        }
        final long v = s.oracle;
        final int spins = rnd.nextInt(16);
        for (int k = 0; k < spins; k++)
        {
            Thread.onSpinWait();
        }
        if (rnd.nextInt(128) == 0)
        {
            Thread.yield();                 // get preempted while holding: waiters pile up and give up
        }
        s.oracle = v + 1;
        s.occupancy.decrementAndGet();
    }
}
