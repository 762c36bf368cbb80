package org.rwsem4j.bench.share;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

import org.junit.jupiter.api.Test;

/** The harness in this JVM, short: a negative control that starves the writer, and rrwl counting both roles. */
class ShareHarnessTest
{
    private static final int WINDOWS = 2;
    private static final int WINDOW_MILLIS = 100;
    private static final double BOUND = WINDOW_MILLIS * 1000.0 / 201;

    /** A ReadWriteLock whose write lock blocks until the test opens its gate: the writer is starved for the run. */
    private static final class StarvingLock implements ReadWriteLock
    {
        final ReentrantReadWriteLock inner = new ReentrantReadWriteLock();
        final CountDownLatch gate = new CountDownLatch(1);
        final Lock write = new Lock()
        {
            @Override
            public void lock()
            {
                boolean interrupted = false;
                while (true)
                {
                    try
                    {
                        gate.await();
                        break;
                    }
                    catch (final InterruptedException e)
                    {
                        interrupted = true;
                    }
                }
                inner.writeLock().lock();
                if (interrupted)
                {
                    Thread.currentThread().interrupt();
                }
            }

            @Override
            public void lockInterruptibly()
            {
                throw new UnsupportedOperationException();
            }

            @Override
            public boolean tryLock()
            {
                return gate.getCount() == 0 && inner.writeLock().tryLock();
            }

            @Override
            public boolean tryLock(final long time, final TimeUnit unit)
            {
                throw new UnsupportedOperationException();
            }

            @Override
            public void unlock()
            {
                inner.writeLock().unlock();
            }

            @Override
            public Condition newCondition()
            {
                throw new UnsupportedOperationException();
            }
        };

        @Override
        public Lock readLock()
        {
            return inner.readLock();
        }

        @Override
        public Lock writeLock()
        {
            return write;
        }
    }

    private static List<Window> run(final ReadWriteLock lock) throws InterruptedException
    {
        return new ShareHarness(lock, Shape.ONE_READER, TimeUnit.MICROSECONDS.toNanos(200),
            TimeUnit.MICROSECONDS.toNanos(1), TimeUnit.MICROSECONDS.toNanos(20)).run(0, WINDOWS, WINDOW_MILLIS);
    }

    @Test
    void aStarvedWriterMissesTheWriterTarget() throws InterruptedException
    {
        final StarvingLock lock = new StarvingLock();
        final List<Window> windows;
        try
        {
            windows = run(lock);
        }
        finally
        {
            lock.gate.countDown();
        }
        assertEquals(WINDOWS, windows.size());
        final ShareReport.Worst w = ShareReport.Worst.of(windows);
        assertEquals(0, w.writerAcquisitions());
        assertFalse(w.writerShareMet(BOUND));
        assertTrue(w.writerMax() > 0, "the open wait of the blocked writer shows in its window's max");
        assertTrue(w.readerAcquisitions() > 0, "the reader runs freely: " + windows);
    }

    @Test
    void rrwlCountsAcquisitionsOfBothRolesInEveryWindow() throws InterruptedException
    {
        final List<Window> windows = run(new ReentrantReadWriteLock());
        assertEquals(WINDOWS, windows.size());
        for (final Window w : windows)
        {
            assertTrue(w.writerAcquisitions() > 0, w.toString());
            assertTrue(w.readerAcquisitionsMin() > 0, w.toString());
            assertTrue(w.nanos() > 0, w.toString());
        }
    }
}
