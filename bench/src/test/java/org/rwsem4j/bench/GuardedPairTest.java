package org.rwsem4j.bench;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

import org.junit.jupiter.api.Test;

/** The data oracle: a lock that does nothing must not be able to post a number (negative control). */
class GuardedPairTest
{
    /** The negative control: a lock that does nothing. */
    private static final class NoLock implements Lock, ReadWriteLock
    {
        @Override
        public Lock readLock()
        {
            return this;
        }

        @Override
        public Lock writeLock()
        {
            return this;
        }

        @Override
        public void lock()
        {
        }

        @Override
        public void lockInterruptibly()
        {
        }

        @Override
        public boolean tryLock()
        {
            return true;
        }

        @Override
        public boolean tryLock(final long time, final TimeUnit unit)
        {
            return true;
        }

        @Override
        public void unlock()
        {
        }

        @Override
        public Condition newCondition()
        {
            throw new UnsupportedOperationException();
        }
    }

    @Test
    void aReaderInsideAWriteSeesATornPair() throws Exception
    {
        final GuardedPair pair = new GuardedPair();
        final Thread writer = new Thread(() -> pair.write(200_000_000));
        writer.setDaemon(true);
        writer.start();
        Thread.sleep(100);
        assertThrows(IllegalStateException.class, () -> pair.read(0));
    }

    @Test
    void theWorkloadThrowsOnALockThatDoesNothing()
    {
        boolean caught = false;
        for (int attempt = 0; attempt < 10 && !caught; attempt++)
        {
            final LockTestRun run = new LockTestRun(new NoLock(), new GuardedPair(), 4, 200_000, Ratio.parse("1:1"),
                10, attempt);
            run.start();
            try
            {
                run.go();
            }
            catch (final Exception e)
            {
                caught = e instanceof IllegalStateException && e.getMessage().contains("torn");
            }
            try
            {
                run.join();
            }
            catch (final IllegalStateException | InterruptedException atRest)
            {
                caught = true;
            }
        }
        assertTrue(caught, "a lock that does nothing posted a number");
    }

    @Test
    void aRealLockPasses() throws Exception
    {
        final LockTestRun run = new LockTestRun(new ReentrantReadWriteLock(), new GuardedPair(), 4, 20_000,
            Ratio.parse("1:1"), 5, 1);
        run.start();
        assertDoesNotThrow(run::go);
        run.join();
    }

    @Test
    void theFairnessHarnessCountsTornReadsOnALockThatDoesNothing() throws Exception
    {
        final FairnessResult r = new FairnessHarness(new NoLock(), 2, 2, 10).run(300);
        assertTrue(r.fails > 0, "torn reads not counted");
        final FairnessResult back = FairnessResult.decode(FairnessHarness.RESULT_PREFIX + r.encode());
        assertTrue(back.fails == r.fails && FairnessResult.total(back.writeOps) == FairnessResult.total(r.writeOps));
    }
}
