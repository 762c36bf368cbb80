package org.rwsem4j.testkit;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.locks.ReentrantReadWriteLock;

import org.junit.jupiter.api.Test;

/** The negative control of {@link Contention}'s exclusion check: a lock that excludes nobody must be caught. */
class ContentionTest
{
    @Test
    void aLockThatDoesNotExcludeIsCaught()
    {
        final AssertionError caught = assertThrows(AssertionError.class,
            () -> Contention.run(new NoExclusionLock(), 2, 2, Duration.ofSeconds(10), 200));
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
