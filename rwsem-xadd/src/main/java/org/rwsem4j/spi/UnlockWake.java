package org.rwsem4j.spi;

/**
 * Hook point {@link DecisionPoint#UNLOCK_WAKE}: {@code rwsem_wake}, run by an unlock that left the lock free and saw
 * the waiters bit. Consulted in {@code Engine.rwsemWake}, from {@code upRead}, {@code upWrite} and a slow-path
 * locker's bias back-out. The base takes the wait lock and wakes ({@link SlowPath#wake()}); seed 000's wake-skip
 * may skip when someone else is bound to wake.
 */
@FunctionalInterface
public interface UnlockWake
{
    /**
     * Wakes the waiters the lock state lets in, or decides that someone else will.
     *
     * @param path the engine's slow-path operations
     */
    void rwsemWake(SlowPath path);
}
