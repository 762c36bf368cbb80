package org.rwsem4j.protocol;

import static org.rwsem4j.spi.LockWordBits.HANDOFF;
import static org.rwsem4j.spi.LockWordBits.READER_BIAS;
import static org.rwsem4j.spi.LockWordBits.READ_FAIL;
import static org.rwsem4j.spi.LockWordBits.WRITER_LOCKED;

import java.util.EnumSet;

import org.rwsem4j.spi.DecisionPoint;
import org.rwsem4j.spi.Patch;
import org.rwsem4j.spi.ReadTrylock;
import org.rwsem4j.testkit.TestClock;

/** The test-only patches shared by the handoff tests. */
final class TestPolicies
{
    private TestPolicies()
    {
    }

    /**
     * Handoff as the {@code handoff} patch decides it (which is not on this module's classpath): a waiter past its
     * timeout sets the bit; spinners quit on it. With {@code handoffTimeout(Duration.ZERO)} and a {@link TestClock}
     * every queued waiter has "waited too long" at its first failed try, so the bit is set deterministically.
     */
    static Patch handoff()
    {
        return new TestPatch("test-handoff", EnumSet.of(DecisionPoint.HANDOFF, DecisionPoint.SPIN_ON_HANDOFF), h ->
        {
            h.handoff((waiterTimeout, now) -> now - waiterTimeout >= 0);
            h.ownerSpinExit(count -> (count & HANDOFF) != 0);
        });
    }

    /**
     * A read trylock that may steal past queued waiters, as the kernel's reader lock stealing does since 5.11
     * (1a728dff855a): it fails only on a writer, on READ_FAIL and, unless {@code ignoreHandoff}, on HANDOFF. The
     * base's trylock also fails on WAITERS, and HANDOFF is never set without WAITERS, so with the base trylock the
     * handoff bit would protect nothing the waiters bit does not; with stealing allowed, HANDOFF is all that keeps the
     * lock for the queue head, which is what the handoff tests check.
     *
     * <p>{@code ignoreHandoff = true} is the seeded bug: an unqueued acquisition path that does not honour HANDOFF
     * (the kernel keeps HANDOFF in every such path's failure mask, and its 5.3 reader-steal exit required !HANDOFF).
     */
    static Patch stealingTrylock(final boolean ignoreHandoff)
    {
        final long failMask = WRITER_LOCKED | READ_FAIL | (ignoreHandoff ? 0 : HANDOFF);
        final ReadTrylock steal = word ->
        {
            long c = word.getVolatile();
            while ((c & failMask) == 0)
            {
                final long witness = word.compareAndExchange(c, c + READER_BIAS);
                if (witness == c)
                {
                    return true;
                }
                c = witness;
            }
            return false;
        };
        return new TestPatch(ignoreHandoff ? "test-steal-ignoring-handoff" : "test-steal", DecisionPoint.READ_TRYLOCK,
            h -> h.readTrylock(steal));
    }
}
