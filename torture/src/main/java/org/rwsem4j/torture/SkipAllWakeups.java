package org.rwsem4j.torture;

import org.rwsem4j.spi.AbstractPatch;
import org.rwsem4j.spi.DecisionPoint;
import org.rwsem4j.spi.Hooks;
import org.rwsem4j.LockEvent;

/**
 * Negative control for the watchdog: every unlock that sees the waiters bit skips its wakeup, as if a spinner or an
 * owner were always known to wake later (the wake-skip heuristic with its proof removed, kernel §9 hazard 4). Queued
 * waiters are then left asleep on a free lock: a lost wakeup that the liveness watchdog must report. Test-only,
 * never registered with {@link java.util.ServiceLoader}.
 */
final class SkipAllWakeups extends AbstractPatch
{
    static final String NAME = "lost-wakeup";

    SkipAllWakeups()
    {
        super(NAME, "test-only negative control for the watchdog", "torture", DecisionPoint.UNLOCK_WAKE);
    }

    @Override
    public void install(final Hooks hooks)
    {
        hooks.unlockWake(path -> path.event(LockEvent.WAKE_SKIP));
    }
}
