package org.rwsem4j.trylock;

import static org.rwsem4j.spi.LockWordBits.READER_BIAS;
import static org.rwsem4j.spi.LockWordBits.READ_FAILED_MASK;
import static org.rwsem4j.spi.LockWordBits.UNLOCKED;

import org.rwsem4j.spi.LockWord;
import org.rwsem4j.spi.ReadTrylock;

/** Guess "unlocked", CAS, and retry with the witness value while it shows no failing bit. No load first. */
final class AssumeUnlockedReadTrylock implements ReadTrylock
{
    static final AssumeUnlockedReadTrylock INSTANCE = new AssumeUnlockedReadTrylock();

    private AssumeUnlockedReadTrylock()
    {
    }

    @Override
    public boolean tryReadLock(final LockWord word)
    {
        long expected = UNLOCKED;
        for (;;)
        {
            final long witness = word.compareAndExchange(expected, expected + READER_BIAS);
            if (witness == expected)
            {
                return true;
            }
            if ((witness & READ_FAILED_MASK) != 0)
            {
                return false;
            }
            expected = witness;
        }
    }
}
