package org.rwsem4j;

/**
 * The internal test SPI behind the {@link FaultPoint}s: a service that only test classpaths provide (a
 * {@code META-INF/services/org.rwsem4j.FaultInjector} file in test resources). It is package-private and not on
 * {@link RwsemBuilder}; {@link Faults} looks it up once, at class initialisation. Without a provider
 * {@link Faults#ENABLED} is false and the slow paths' fault checks fold away once compiled (the fast paths reach no
 * fault point at all), but every lock still carries one {@code int} field for its seeded bug, 0 in production, set
 * at construction: the handoff protocol tests' seeded bugs are per lock.
 */
interface FaultInjector
{
    /**
     * A slow path is about to make the call that {@code point} stands for.
     *
     * @param point the fault point
     */
    void reach(FaultPoint point);

    /**
     * A seeded handoff-bookkeeping bug for the lock now being built ({@code Engine.FAULT_*}), or 0; read once per lock,
     * at construction, for the handoff protocol tests' negative controls.
     *
     * @return the seeded bug, 0 for none
     */
    int seededBug();
}
