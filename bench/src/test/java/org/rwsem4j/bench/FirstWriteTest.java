package org.rwsem4j.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.locks.ReadWriteLock;

import org.rwsem4j.LockEvent;
import org.rwsem4j.Rwsem;

import org.junit.jupiter.api.Test;

/**
 * The write-after-read case ({@link FirstWriteBenchmark}): its setup arms every lock of a variant with
 * {@code reader-bias}, {@code readAlone} and {@code readOne} read them through the table (the count untouched, the bias
 * still on), and {@code readThenWrite} revokes each one. No timing assertion.
 */
class FirstWriteTest
{
    private static final String RECOMMENDED_BIAS = "reader-owned+spin-on-readers+reader-spin+reader-steal+" +
        "wake-once+handoff+handoff-spin+handoff-on-readers+reader-bias";

    private static FirstWriteBenchmark armed(final String lockState)
    {
        final FirstWriteBenchmark b = new FirstWriteBenchmark();
        b.impl = RECOMMENDED_BIAS;
        b.lockState = lockState;
        b.checkState();
        b.armLocks();
        return b;
    }

    @Test
    void theReadsAloneAreBiasedReadsAndLeaveEveryLockArmed()
    {
        for (final String state : new String[] {FirstWriteBenchmark.FRESH, FirstWriteBenchmark.REARMED})
        {
            final FirstWriteBenchmark b = armed(state);
            b.readAlone();
            b.readOne();
            b.armLocks(); // a rearmed setup fails if a lock is not armed: the reads left every one armed
            b.readAlone();
            b.readOne();
            for (final ReadWriteLock lock : b.locks())
            {
                final Rwsem r = (Rwsem)lock;
                assertTrue(r.state().readBiased(), state + ": " + r.state());
                assertEquals(0, r.events().get(LockEvent.BIAS_REVOKE), state);
                lock.readLock().lock(); // the read the benchmark makes, held: in the table, not in the count
                try
                {
                    assertEquals(0, r.state().readers(), "a biased read leaves the count alone: " + r.state());
                    assertEquals(1, r.state().biasedReaders(), "a biased read is in the table: " + r.state());
                }
                finally
                {
                    lock.readLock().unlock();
                }
            }
        }
    }

    /** The control: the pair's write revokes the bias of each lock, which the read alone never does. */
    @Test
    void theReadThenWriteRevokesEachLock()
    {
        final FirstWriteBenchmark b = armed(FirstWriteBenchmark.FRESH);
        b.readThenWrite();
        for (final ReadWriteLock lock : b.locks())
        {
            final Rwsem r = (Rwsem)lock;
            assertEquals(1, r.events().get(LockEvent.BIAS_REVOKE), r.state().toString());
            assertFalse(r.state().readBiased(), r.state().toString());
        }
    }

    @Test
    void aBadLockStateIsRefused()
    {
        final FirstWriteBenchmark b = new FirstWriteBenchmark();
        b.impl = RECOMMENDED_BIAS;
        b.lockState = "warm";
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, b::checkState);
        assertTrue(e.getMessage().contains("'warm'"), e.getMessage());
    }
}
