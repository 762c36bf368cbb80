package org.rwsem4j.testkit;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

import org.junit.jupiter.api.Test;

/** The negative control of {@link Contention}'s exclusion check: a lock that excludes nobody must be caught. */
class ContentionTest
{
    /** A read-write lock whose both sides let everyone in. */
    static final class NoExclusion implements ReadWriteLock
    {
        private final Lock open = new Lock()
        {
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
        };

        @Override
        public Lock readLock()
        {
            return open;
        }

        @Override
        public Lock writeLock()
        {
            return open;
        }
    }

    @Test
    void aLockThatDoesNotExcludeIsCaught()
    {
        final AssertionError caught = assertThrows(AssertionError.class,
            () -> Contention.run(new NoExclusion(), 2, 2, Duration.ofSeconds(10), 200));
        final String message = String.valueOf(caught.getMessage());
        assertTrue(message.startsWith("a contention thread failed: java.lang.AssertionError: ") &&
            message.contains(" entered with "), message);
        System.out.println("[expected] " + message);
    }

    @Test
    void aRealLockPasses()
    {
        assertTrue(Contention.run(new ReentrantReadWriteLock(), 2, 2, Duration.ofMillis(200), 200) > 0);
    }
}
