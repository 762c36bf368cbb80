package org.rwsem4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rwsem4j.TestSupport.assertQuiescent;
import static org.rwsem4j.TestSupport.awaitQueuedAndParked;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.rwsem4j.TestSupport.Holder;
import org.rwsem4j.TestSupport.Kind;
import org.rwsem4j.spi.DecisionPoint;
import org.rwsem4j.spi.ReaderGrant;
import org.rwsem4j.spi.Waiter;
import org.rwsem4j.spi.WakeBatch;

/**
 * A test-only patch's hook is really called by the engine, and the slow-path lock events count what happened (and
 * nothing on the fast paths).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class HooksAndEventsTest
{
    /** The base's two-pass collection, wrapped with counters (how often it is called, how many readers it granted). */
    static final class CountingTwoPass implements ReaderGrant
    {
        final AtomicInteger calls = new AtomicInteger();
        final AtomicInteger granted = new AtomicInteger();

        @Override
        public void grantReaders(final WakeBatch batch)
        {
            calls.incrementAndGet();
            BaseChoices.TWO_PASS_GRANT.grantReaders(new WakeBatch()
            {
                @Override
                public Waiter scanHead()
                {
                    return batch.scanHead();
                }

                @Override
                public Waiter next(final Waiter waiter)
                {
                    return batch.next(waiter);
                }

                @Override
                public int limit()
                {
                    return batch.limit();
                }

                @Override
                public void unlink(final Waiter waiter)
                {
                    batch.unlink(waiter);
                }

                @Override
                public void addGrant(final int readers)
                {
                    batch.addGrant(readers);
                }

                @Override
                public void publish(final Waiter waiter)
                {
                    granted.incrementAndGet();
                    batch.publish(waiter);
                }

                @Override
                public void grantUnlinked()
                {
                    throw new UnsupportedOperationException("the base's two passes grant before they unlink");
                }
            });
        }
    }

    private static List<Holder> queueReaders(final Rwsem lock, final int n)
    {
        final List<Holder> readers = new ArrayList<>();
        for (int i = 0; i < n; i++)
        {
            final Holder r = new Holder("reader-" + i, lock.readLock());
            readers.add(r);
            awaitQueuedAndParked(lock, i + 1, r.thread());
        }
        return readers;
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Kind.class, names = {"OF_BASE", "ON_HEAP"})
    void readerCollectHookIsCalledOnEveryReaderWake(final Kind kind)
    {
        final CountingTwoPass grant = new CountingTwoPass();
        final Rwsem lock = kind.builder()
            .patch(TestPatch.named("counting-collect").overrides(DecisionPoint.READER_COLLECT)
                .installs(h -> h.readerGrant(grant)))
            .build();
        assertEquals("counting-collect", lock.variant());

        // Wake by unlock: three queued readers, one call, three grants.
        lock.writeLock().lock();
        List<Holder> readers = queueReaders(lock, 3);
        assertEquals(0, grant.calls.get(), "hook called before any wake");
        lock.writeLock().unlock();
        readers.forEach(Holder::awaitAcquired);
        assertEquals(1, grant.calls.get());
        assertEquals(3, grant.granted.get());
        assertEquals(3, lock.getReadLockCount());
        readers.forEach(Holder::releaseAndJoin);
        assertQuiescent(lock);

        // Wake by downgrade: two queued readers join the downgraded hold.
        lock.writeLock().lock();
        readers = queueReaders(lock, 2);
        lock.downgrade();
        readers.forEach(Holder::awaitAcquired);
        assertEquals(2, grant.calls.get());
        assertEquals(5, grant.granted.get());
        lock.readLock().unlock();
        readers.forEach(Holder::releaseAndJoin);
        assertQuiescent(lock);

        final LockEvents ev = lock.events();
        assertEquals(5, ev.get(LockEvent.WAKE_READER), ev::toString);
        assertEquals(4, ev.get(LockEvent.WAKE_LIST_SCAN), "two scans per wake: " + ev);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Kind.class)
    void baseScansTheWaitListTwicePerReaderWake(final Kind kind)
    {
        final Rwsem lock = kind.create();
        int woken = 0;
        for (int round = 1; round <= 3; round++)
        {
            lock.writeLock().lock();
            final List<Holder> readers = queueReaders(lock, round);
            lock.writeLock().unlock();
            readers.forEach(Holder::awaitAcquired);
            readers.forEach(Holder::releaseAndJoin);
            woken += round;
            final LockEvents ev = lock.events();
            assertEquals(woken, ev.get(LockEvent.WAKE_READER), ev::toString);
            assertEquals(2L * round, ev.get(LockEvent.WAKE_LIST_SCAN),
                "base two-pass wake, round " + round + ": " + ev);
        }
        assertQuiescent(lock);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Kind.class)
    void contendedWriteThenReadCountsSlowPathEvents(final Kind kind)
    {
        final Rwsem lock = kind.create();
        lock.writeLock().lock();
        final Holder writer = new Holder("writer", lock.writeLock());
        awaitQueuedAndParked(lock, 1, writer.thread());
        final Holder reader = new Holder("reader", lock.readLock());
        awaitQueuedAndParked(lock, 2, reader.thread());
        lock.writeLock().unlock();
        writer.awaitAcquired();
        writer.releaseAndJoin();
        reader.awaitAcquired();
        reader.releaseAndJoin();
        assertQuiescent(lock);

        final LockEvents ev = lock.events();
        final String all = ev.toString();
        assertEquals(1, ev.get(LockEvent.WLOCK), all);
        assertEquals(1, ev.get(LockEvent.RLOCK), all);
        assertTrue(ev.get(LockEvent.SLEEP_WRITER) > 0, all);
        assertTrue(ev.get(LockEvent.SLEEP_READER) > 0, all);
        assertTrue(ev.get(LockEvent.WAKE_WRITER) > 0, all);
        assertEquals(1, ev.get(LockEvent.WAKE_READER), all);
        assertEquals(2, ev.get(LockEvent.WAKE_LIST_SCAN), all);
        assertTrue(ev.get(LockEvent.OPT_NOSPIN) + ev.get(LockEvent.OPT_FAIL) > 0, "the writer neither spun nor " +
            "declined to: " + all);
        assertEquals(0, ev.get(LockEvent.OPT_LOCK), all);
        assertEquals(0, ev.get(LockEvent.WLOCK_FAIL) + ev.get(LockEvent.RLOCK_FAIL), all);
        assertEquals(0, ev.get(LockEvent.WLOCK_HANDOFF) + ev.get(LockEvent.RLOCK_HANDOFF), "no handoff in base");
        assertTrue(all.contains("rwsem_wlock=1\n") && all.contains("rwsem_rlock=1\n"), all);
        System.out.println("[events " + kind + "] contended write then read:\n" + all.trim().replace('\n', ' '));
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Kind.class)
    void uncontendedUseCountsNothing(final Kind kind) throws InterruptedException
    {
        final Rwsem lock = kind.create();
        for (int i = 0; i < 1000; i++)
        {
            lock.readLock().lock();
            lock.readLock().lock();
            lock.readLock().unlock();
            lock.readLock().unlock();
            lock.writeLock().lock();
            lock.writeLock().unlock();
            assertTrue(lock.readLock().tryLock());
            lock.readLock().unlock();
            assertTrue(lock.writeLock().tryLock());
            lock.downgrade();
            lock.readLock().unlock();
            lock.writeLock().lockInterruptibly();
            lock.writeLock().unlock();
            lock.readLock().lockInterruptibly();
            lock.readLock().unlock();
            assertTrue(lock.writeLock().tryLock(TestSupport.WAIT_SECONDS, TimeUnit.SECONDS));
            lock.writeLock().unlock();
            assertTrue(lock.readLock().tryLock(TestSupport.WAIT_SECONDS, TimeUnit.SECONDS));
            lock.readLock().unlock();
        }
        assertQuiescent(lock);
        for (final Map.Entry<LockEvent, Long> e : lock.events().asMap().entrySet())
        {
            assertEquals(0L, e.getValue(), () -> "fast paths counted " + e.getKey() + ": " + lock.events());
        }
        assertEquals("", lock.events().toString());
    }
}
