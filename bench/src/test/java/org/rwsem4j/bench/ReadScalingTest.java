package org.rwsem4j.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.concurrent.locks.StampedLock;

import org.rwsem4j.Variant;

import org.junit.jupiter.api.Test;

/**
 * The read-scaling case ({@link ReadScalingBenchmark}): its ratio parser, its figure on known inputs, the mix of
 * reads and writes a run makes (counted by a lock that counts its acquisitions), the optimistic reference, and the
 * reader-bias counters. No timing assertion.
 */
class ReadScalingTest
{
    private static final long MS = 1_000_000L;
    private static final String RECOMMENDED_BIAS = "reader-owned+spin-on-readers+reader-spin+reader-steal+" +
        "wake-once+handoff+handoff-spin+handoff-on-readers+reader-bias";

    @Test
    void theRatioParserTakesReadOnlyAndRToW()
    {
        final Ratio ro = Ratio.parseReadScaling("ro");
        assertTrue(ro.readOnly());
        assertEquals("1:0", ro.toString());
        assertTrue(ro.isRead(0));
        final Ratio r = Ratio.parseReadScaling("10000:1");
        assertFalse(r.readOnly());
        assertEquals(10_001, r.total());
        assertTrue(r.isRead(9_999));
        assertFalse(r.isRead(10_000), "one draw in 10,001 writes");
        assertEquals("100:1", Ratio.parseReadScaling(" 100:1 ").toString());
        assertEquals(2, Ratio.parseReadScaling("0:2").total(), "writes only parse too (not read scaling, but valid)");
    }

    @Test
    void aBadRatioIsRefusedWithAMessageThatSaysWhatIsValid()
    {
        for (final String bad : List.of("", "RO", "ro2", "10000", "1:-1", "a:b", "0:0", "1:1:1", "2147483647:1",
            "99999999999:1"))
        {
            final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Ratio.parseReadScaling(bad), bad);
            assertTrue(e.getMessage().startsWith("a read-scaling ratio is ro (reads only) or r:w with non-negative " +
                "integers, not both zero, e.g. 1000:1; got '" + bad + "'"), e.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> Ratio.parseReadScaling(null));
    }

    /** A trial with a bad ratio fails in its setup, before any worker starts. */
    @Test
    void theBenchmarkRefusesABadRatioInItsSetup()
    {
        final ReadScalingBenchmark b = new ReadScalingBenchmark();
        b.impl = Locks.RRWL;
        b.ratio = "1000";
        b.threads = 2;
        b.locks = 1;
        b.millis = 10;
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, b::setUpTrial);
        assertTrue(e.getMessage().contains("got '1000'"), e.getMessage());
        b.ratio = "ro";
        b.locks = 0;
        assertThrows(IllegalArgumentException.class, b::setUpTrial);
        b.locks = 1;
        b.prewarmMillis = -1;
        assertTrue(assertThrows(IllegalArgumentException.class, b::setUpTrial).getMessage()
            .contains("prewarmMillis=-1"));
    }

    /** The pre-warm is a run in the cell's shape on the cell's lock before the first iteration: it takes the lock. */
    @Test
    void thePrewarmRunsTheCellsWorkersOnTheLock() throws Exception
    {
        final ReadScalingBenchmark b = twoWorkers("base", "4:1", 20);
        b.setUpTrial();
        assertTrue(b.prewarmOps > 0, "the pre-warm did no operation");
        assertEquals(2, b.prewarmWorkers, "the pre-warm runs the cell's workers");
        b.prewarmMillis = 0;
        b.setUpTrial();
        assertEquals(0, b.prewarmOps);
    }

    /**
     * Why the pre-warm takes the cell's shape: two workers' overlapping reads arm {@code reader-bias} during the
     * pre-warm, so the JIT compiles the biased path the cell measures; one worker never arms it (tried: a pre-warm of
     * one worker fails this test).
     */
    @Test
    void aTwoWorkerPrewarmArmsAReaderBias() throws Exception
    {
        assumeTrue(Variant.available().contains(BiasEvents.READER_BIAS), "reader-bias is not on the classpath");
        final ReadScalingBenchmark b = twoWorkers(RECOMMENDED_BIAS, "ro", 300);
        b.setUpTrial();
        assertTrue(b.prewarmOps > 0, "the pre-warm did no operation");
        final BiasEvents events = BiasEvents.of(b.locks());
        assertNotNull(events);
        assertTrue(events.arms() > 0, "two overlapping readers arm the bias in the pre-warm: " + events);
    }

    /** @return a trial of two workers on one lock, 10 ms windows, not yet set up */
    private static ReadScalingBenchmark twoWorkers(final String impl, final String ratio, final int prewarmMillis)
    {
        final ReadScalingBenchmark b = new ReadScalingBenchmark();
        b.impl = impl;
        b.ratio = ratio;
        b.threads = 2;
        b.locks = 1;
        b.millis = 10;
        b.prewarmMillis = prewarmMillis;
        return b;
    }

    /** The JIT clock counts the compiler threads' time, and says -1 when a span's start is unknown. */
    @Test
    void theJitClockCountsCompileTime()
    {
        final long before = JitClock.millis();
        assumeTrue(before >= 0, "this JVM keeps no compilation time");
        assertTrue(JitClock.since(before) >= 0);
        assertEquals(-1, JitClock.since(-1));
    }

    @Test
    void theFigureIsEveryWorkersOperationsOverTheSpan()
    {
        // 2 workers over a span of 200 ms (first start 0, last end 200 ms) did 300,000 operations: 1,500 per ms
        final long[] starts = {0, 10 * MS};
        final long[] ends = {190 * MS, 200 * MS};
        assertEquals(1500.0, ReadScalingRun.opsPerMilli(starts, ends, new long[] {100_000, 200_000}), 1e-9);
        assertEquals(750.0, ReadScalingRun.opsPerMilli(starts, ends, new long[] {50_000, 100_000}), 1e-9);
        assertTrue(Double.isNaN(ReadScalingRun.opsPerMilli(new long[] {5}, new long[] {5}, new long[] {1})));
    }

    /** Counts the acquisitions of each side of a lock (single-threaded use inside one worker). */
    private static final class Counting
    {
        final AtomicLong reads = new AtomicLong();
        final AtomicLong writes = new AtomicLong();
        final ReadWriteLock lock;

        Counting()
        {
            final ReadWriteLock inner = new ReentrantReadWriteLock();
            lock = new LockViews(new CountingLock(inner.readLock(), reads),
                new CountingLock(inner.writeLock(), writes));
        }
    }

    private record CountingLock(Lock inner, AtomicLong count) implements Lock
    {
        @Override
        public void lock()
        {
            inner.lock();
            count.incrementAndGet();
        }

        @Override
        public void lockInterruptibly()
        {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean tryLock()
        {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean tryLock(final long time, final java.util.concurrent.TimeUnit unit)
        {
            throw new UnsupportedOperationException();
        }

        @Override
        public void unlock()
        {
            inner.unlock();
        }

        @Override
        public Condition newCondition()
        {
            throw new UnsupportedOperationException();
        }
    }

    private static ReadScalingRun run(final ReadWriteLock[] locks, final StampedLock[] optimistic, final int threads,
        final String ratio) throws Exception
    {
        final ReadScalingRun run = new ReadScalingRun(locks, optimistic, threads, Ratio.parseReadScaling(ratio), 30,
            1);
        try
        {
            run.start();
            run.go();
        }
        finally
        {
            run.join();
        }
        assertTrue(run.totalOps() > 0, "no operation in 30 ms");
        assertTrue(run.opsPerMilli() > 0);
        return run;
    }

    @Test
    void readOnlyNeverWritesAndRToWWritesOnceInRPlusOneOperations() throws Exception
    {
        final Counting ro = new Counting();
        final ReadScalingRun readOnly = run(new ReadWriteLock[] {ro.lock}, null, 2, "ro");
        assertEquals(0, ro.writes.get());
        assertEquals(readOnly.totalOps(), ro.reads.get());
        assertEquals(readOnly.totalOps(), readOnly.totalReads());

        final Counting mixed = new Counting();
        final ReadScalingRun oneInFive = run(new ReadWriteLock[] {mixed.lock}, null, 2, "4:1");
        assertEquals(oneInFive.totalOps(), mixed.reads.get() + mixed.writes.get());
        assertEquals(mixed.reads.get(), oneInFive.totalReads());
        final double writeShare = mixed.writes.get() / (double)oneInFive.totalOps();
        assertTrue(oneInFive.totalOps() < 10_000 || Math.abs(writeShare - 0.2) < 0.02, "writes: " + writeShare +
            " of " + oneInFive.totalOps());
    }

    /** With many locks every operation draws one: over a run every lock is used, none more than its share. */
    @Test
    void manyLocksSpreadTheOperations() throws Exception
    {
        final Counting[] counts = new Counting[8];
        final ReadWriteLock[] locks = new ReadWriteLock[counts.length];
        for (int i = 0; i < counts.length; i++)
        {
            counts[i] = new Counting();
            locks[i] = counts[i].lock;
        }
        final ReadScalingRun r = run(locks, null, 2, "100:1");
        long sum = 0;
        for (final Counting c : counts)
        {
            final long n = c.reads.get() + c.writes.get();
            sum += n;
            assertTrue(r.totalOps() < 80_000 || Math.abs(n / (double)r.totalOps() - 1.0 / locks.length) < 0.02,
                n + " of " + r.totalOps());
        }
        assertEquals(r.totalOps(), sum);
    }

    @Test
    void theOptimisticReferenceReadsAndWritesItsStampedLocks() throws Exception
    {
        final StampedLock[] locks = {new StampedLock(), new StampedLock()};
        final ReadScalingRun r = run(null, locks, 2, "10:1");
        assertTrue(r.totalReads() > 0 && r.totalReads() < r.totalOps(), r.totalReads() + " of " + r.totalOps());
        for (final StampedLock l : locks)
        {
            assertFalse(l.isReadLocked() || l.isWriteLocked(), "a lock left held");
        }
        assertThrows(IllegalArgumentException.class, () -> new ReadScalingRun(null, null, 1,
            Ratio.parseReadScaling("ro"), 10, 1));
    }

    @Test
    void theOptimisticReferenceIsNoLockAndNoPeer()
    {
        assertFalse(Locks.isPeer(Locks.STAMPED_OPTIMISTIC));
        assertTrue(Locks.isReference(Locks.STAMPED_OPTIMISTIC));
        assertFalse(Locks.PEERS.contains(Locks.STAMPED_OPTIMISTIC));
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> Locks.create(Locks.STAMPED_OPTIMISTIC));
        assertEquals("'stamped-optimistic' is a reference row of ReadScalingBenchmark only (an optimistic read is " +
            "not a lock/unlock pair); elsewhere use 'stamped'", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Locks.validate(Locks.STAMPED_OPTIMISTIC));
    }

    @Test
    void biasCountersComeOnlyFromVariantsWithReaderBias() throws Exception
    {
        assertNull(BiasEvents.of(new ReadWriteLock[] {Locks.create(Locks.RRWL)}));
        assertNull(BiasEvents.of(new ReadWriteLock[] {Locks.create("recommended")}));
        assumeTrue(Variant.available().contains(BiasEvents.READER_BIAS), "reader-bias is not on the classpath");
        final ReadWriteLock[] locks = new ReadWriteLock[64];
        for (int i = 0; i < locks.length; i++)
        {
            locks[i] = Locks.create(RECOMMENDED_BIAS);
            locks[i].readLock().lock(); // two readers counted at an unlock arm the bias: a new lock is not biased
            locks[i].readLock().lock();
            locks[i].readLock().unlock();
            locks[i].readLock().unlock();
        }
        final BiasEvents before = BiasEvents.of(locks);
        assertNotNull(before);
        final ReadScalingRun r = run(locks, null, 2, "10:1");
        final BiasEvents during = BiasEvents.of(locks).minus(before);
        assertTrue(during.fallbacks() >= 0 && during.fallbacks() <= r.totalReads(), during.toString());
        assertTrue(during.revokes() > 0, "writes to biased locks revoke: " + during);
    }
}
