package org.rwsem4j.torture;

import java.util.concurrent.atomic.AtomicBoolean;

import org.rwsem4j.spi.AbstractPatch;
import org.rwsem4j.spi.DecisionPoint;
import org.rwsem4j.spi.Hooks;
import org.rwsem4j.spi.LockWord;
import org.rwsem4j.spi.LockWordBits;

/**
 * Test-only negative control for the torture's quiescence check: the first read trylock that succeeds adds its reader
 * bias twice, so one bias is never given back, as a slow path that throws between adding a bias and giving it back
 * would leave it. In a run without writers nothing else can see it: readers do not wait for readers,
 * so the oracles and the watchdog stay quiet, and only the lock word after the run shows {@code readers=1}.
 */
final class LeakOneReaderBias extends AbstractPatch
{
    static final String NAME = "leak-one-reader-bias";

    private final AtomicBoolean leaked = new AtomicBoolean();

    LeakOneReaderBias()
    {
        super(NAME, "test-only negative control for the quiescence check", "torture (tests)",
            DecisionPoint.READ_TRYLOCK);
    }

    @Override
    public void install(final Hooks hooks)
    {
        hooks.readTrylock(this::tryReadLock);
    }

    /** The base trylock (a CAS that adds one bias while no READ_FAILED_MASK bit is set), leaking once. */
    private boolean tryReadLock(final LockWord word)
    {
        long c = word.getVolatile();
        while ((c & LockWordBits.READ_FAILED_MASK) == 0)
        {
            final long witness = word.compareAndExchange(c, c + LockWordBits.READER_BIAS);
            if (witness == c)
            {
                if (leaked.compareAndSet(false, true))
                {
                    word.getAndAdd(LockWordBits.READER_BIAS); // the seeded leak
                }
                return true;
            }
            c = witness;
        }
        return false;
    }

    /** @return whether the leak has happened */
    boolean leaked()
    {
        return leaked.get();
    }
}
