package org.rwsem4j.readerbias;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.locks.Lock;

import org.rwsem4j.Rwsem;
import org.rwsem4j.spi.LockWord;

/**
 * Where a biased read's time goes: T threads of a pool each do OPS of one of three loops on one armed lock.
 * "lock": the read lock and its unlock, as a user calls them; "table": the table's own part, tryBiasedRead and
 * tryBiasedUnlock on the lock's word and tag, without the engine around them; "bare": what the table's part must do
 * at least, a CAS of an entry from 0 to the tag, a store of the thread's tag, a read of the word, and the two stores
 * of the release. Prints ns per read per thread. Arguments: mode, threads, variant spec (with reader-bias).
 */
public final class Kh
{
    static final int OPS = 5_000_000;

    public static void main(final String[] a) throws Exception
    {
        final String mode = a[0];
        final int threads = Integer.parseInt(a[1]);
        final Rwsem lock = Rwsem.builder().variant(a[2]).build();
        final Object engine = field(lock, "engine");
        final LockWord word = (LockWord)field(engine, "word");
        final ExecutorService pool = Executors.newFixedThreadPool(threads);
        for (int r = 0; r < 12; r++)
        {
            for (int k = 0; k < 1000 && !lock.state().readBiased(); k++)
            {
                lock.readLock().lock();
                lock.readLock().lock();
                lock.readLock().unlock();
                lock.readLock().unlock();
            }
            final long tag = tag(engine);
            final CyclicBarrier go = new CyclicBarrier(threads);
            @SuppressWarnings("unchecked")
            final Future<Double>[] f = new Future[threads];
            for (int t = 0; t < threads; t++)
            {
                f[t] = pool.submit(() ->
                {
                    go.await();
                    final long t0 = System.nanoTime();
                    final long held = switch (mode)
                    {
                        case "lock" -> lockLoop(lock.readLock());
                        case "table" -> tableLoop(word, tag);
                        case "index" -> stepLoop(word, tag, false, false);
                        case "holds" -> stepLoop(word, tag, true, false);
                        case "precheck" -> stepLoop(word, tag, true, true);
                        default -> bareLoop(word, tag);
                    };
                    if (held != OPS)
                    {
                        throw new IllegalStateException("only " + held + " of " + OPS + " reads were biased");
                    }
                    return (System.nanoTime() - t0) / (double)OPS;
                });
            }
            final StringBuilder sb = new StringBuilder();
            for (final Future<Double> q : f)
            {
                sb.append(String.format(" %.2f", q.get()));
            }
            if (r >= 6)
            {
                System.out.printf("%s threads %d run %d: ns per read per thread:%s%n", mode, threads, r, sb);
            }
        }
        pool.shutdown();
    }

    static long lockLoop(final Lock read)
    {
        for (int i = 0; i < OPS; i++)
        {
            read.lock();
            read.unlock();
        }
        return OPS;
    }

    static long tableLoop(final LockWord word, final long tag)
    {
        final VisibleReaders table = VisibleReaders.INSTANCE;
        long held = 0;
        for (int i = 0; i < OPS; i++)
        {
            if (table.tryBiasedRead(word, tag) == VisibleReaders.HELD && table.tryBiasedUnlock(tag))
            {
                held++;
            }
        }
        return held;
    }

    private static final java.lang.invoke.VarHandle SLOT =
        java.lang.invoke.MethodHandles.arrayElementVarHandle(long[].class);
    private static final long[] BARE = new long[64 * 16];

    static long bareLoop(final LockWord word, final long tag)
    {
        final int i = (int)(Thread.currentThread().getId() & 7) * 16 + 16;
        final long me = Thread.currentThread().getId();
        long held = 0;
        for (int k = 0; k < OPS; k++)
        {
            if (SLOT.compareAndSet(BARE, i, 0L, tag))
            {
                SLOT.setOpaque(BARE, i + 1, me);
                if ((word.getVolatile() & 1) == 0 || true)
                {
                    held++;
                }
                SLOT.setOpaque(BARE, i + 1, 0L);
                SLOT.setRelease(BARE, i, 0L);
            }
        }
        return held;
    }

    /**
     * The table's steps one by one over "bare": the thread's tag and the entry's index from the table, in the read and
     * again in the unlock ("index"); the unlock's check that the entry is its own ("holds"); the read of the word
     * before the CAS ("precheck").
     */
    static long stepLoop(final LockWord word, final long tag, final boolean holds, final boolean precheck)
    {
        final VisibleReaders table = VisibleReaders.INSTANCE;
        final long[] t = (long[])fieldOrNull(table, "table");
        long held = 0;
        for (int k = 0; k < OPS; k++)
        {
            if (precheck && (word.getVolatile() & 1L << 62) == 12345)
            {
                continue;
            }
            final long me = ThreadTag.of(Thread.currentThread());
            final int i = table.lockField(me, tag);
            if (SLOT.compareAndSet(t, i, 0L, tag))
            {
                SLOT.setOpaque(t, i + 1, me);
                if ((word.getVolatile() & 1) == 0 || true)
                {
                    held++;
                }
                final long me2 = ThreadTag.of(Thread.currentThread());
                final int j = table.lockField(me2, tag);
                if (!holds || table.holds(j, tag, me2))
                {
                    SLOT.setOpaque(t, j + 1, 0L);
                    SLOT.setRelease(t, j, 0L);
                }
            }
        }
        return held;
    }

    static Object fieldOrNull(final Object o, final String name)
    {
        try
        {
            return field(o, name);
        }
        catch (final Exception e)
        {
            throw new IllegalStateException(e);
        }
    }

    static Object field(final Object o, final String name) throws Exception
    {
        for (Class<?> c = o.getClass(); c != null; c = c.getSuperclass())
        {
            try
            {
                final Field f = c.getDeclaredField(name);
                f.setAccessible(true);
                return f.get(o);
            }
            catch (final NoSuchFieldException e)
            {
                // the superclass's
            }
        }
        throw new NoSuchFieldException(name);
    }

    static long tag(final Object engine) throws Exception
    {
        for (Class<?> c = engine.getClass(); c != null; c = c.getSuperclass())
        {
            try
            {
                final Method m = c.getDeclaredMethod("biasTag");
                m.setAccessible(true);
                return (long)m.invoke(engine);
            }
            catch (final NoSuchMethodException e)
            {
                // the superclass's
            }
        }
        throw new NoSuchMethodException("biasTag");
    }
}
