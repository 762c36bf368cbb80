package org.rwsem4j;

import java.util.Set;

/**
 * The engine's hook points while a variant is being built ({@link DecisionPoint}). Each {@link Patch#install} may
 * write only the points it declared; the defaults are the base's choices ({@link BaseChoices}). After construction
 * the engine copies every hook into final fields and this object is dropped.
 */
public final class Hooks
{
    final Tunables tunables;
    ReadTrylock readTrylock = BaseChoices.READ_TRYLOCK_LOAD_FIRST;
    boolean markReaderOwned;
    SpinPolicy spinPolicy = BaseChoices.SPIN_ON_WRITER_OWNER;
    ReaderSteal readerSteal = BaseChoices.NO_READER_STEAL;
    ReaderSpin readerSpin = BaseChoices.READERS_QUEUE;
    ReaderGrant readerGrant = BaseChoices.TWO_PASS_GRANT;
    WokenWriter wokenWriter = BaseChoices.WOKEN_WRITER_SLEEPS;
    UnlockWake unlockWake = BaseChoices.ALWAYS_WAKE;
    HandoffPolicy handoff;
    OwnerSpinExit ownerSpinExit = OwnerSpinExit.NEVER;
    HandoffWait handoffWait = BaseChoices.HANDOFF_WRITER_SLEEPS;

    private String installing = "base";
    private Set<DecisionPoint> declared = Set.of();

    Hooks(final Tunables tunables)
    {
        this.tunables = tunables;
    }

    void installing(final Patch patch)
    {
        installing = patch.name();
        declared = patch.decisionPoints();
    }

    private void check(final DecisionPoint point)
    {
        if (!declared.contains(point))
        {
            throw new IllegalStateException(
                "patch " + installing + " sets decision point " + point + " but does not declare it");
        }
    }

    /** {@return the builder's tunables} */
    public Tunables tunables()
    {
        return tunables;
    }

    /** {@return the current read trylock (the base's or a required patch's)} */
    public ReadTrylock readTrylock()
    {
        return readTrylock;
    }

    /**
     * Overrides {@link DecisionPoint#READ_TRYLOCK}.
     *
     * @param trylock the read trylock to use
     */
    public void readTrylock(final ReadTrylock trylock)
    {
        check(DecisionPoint.READ_TRYLOCK);
        readTrylock = trylock;
    }

    /**
     * Overrides {@link DecisionPoint#READER_OWNER}.
     *
     * @param mark whether readers store the reader-owned marker
     */
    public void markReaderOwned(final boolean mark)
    {
        check(DecisionPoint.READER_OWNER);
        markReaderOwned = mark;
    }

    /** {@return the current spin policy, for a patch that refines it} */
    public SpinPolicy spinPolicy()
    {
        return spinPolicy;
    }

    /**
     * Overrides {@link DecisionPoint#SPIN_ON_OWNER}.
     *
     * @param policy the spin policy
     */
    public void spinPolicy(final SpinPolicy policy)
    {
        check(DecisionPoint.SPIN_ON_OWNER);
        spinPolicy = policy;
    }

    /**
     * Overrides {@link DecisionPoint#READER_STEAL}.
     *
     * @param steal what a slow-path reader does first, with its fast path's bias
     */
    public void readerSteal(final ReaderSteal steal)
    {
        check(DecisionPoint.READER_STEAL);
        readerSteal = steal;
    }

    /**
     * Overrides {@link DecisionPoint#READER_SPIN}.
     *
     * @param spin what a slow-path reader does before it queues
     */
    public void readerSpin(final ReaderSpin spin)
    {
        check(DecisionPoint.READER_SPIN);
        readerSpin = spin;
    }

    /**
     * Overrides {@link DecisionPoint#READER_COLLECT}.
     *
     * @param grant how readers are collected at a wake
     */
    public void readerGrant(final ReaderGrant grant)
    {
        check(DecisionPoint.READER_COLLECT);
        readerGrant = grant;
    }

    /**
     * Overrides {@link DecisionPoint#WOKEN_WRITER}.
     *
     * @param hook whether a woken writer leaves the queue to spin
     */
    public void wokenWriter(final WokenWriter hook)
    {
        check(DecisionPoint.WOKEN_WRITER);
        wokenWriter = hook;
    }

    /**
     * Overrides {@link DecisionPoint#UNLOCK_WAKE}.
     *
     * @param hook the unlock's {@code rwsem_wake}
     */
    public void unlockWake(final UnlockWake hook)
    {
        check(DecisionPoint.UNLOCK_WAKE);
        unlockWake = hook;
    }

    /**
     * Overrides {@link DecisionPoint#HANDOFF}.
     *
     * @param policy when a waiter sets the handoff bit
     */
    public void handoff(final HandoffPolicy policy)
    {
        check(DecisionPoint.HANDOFF);
        handoff = policy;
    }

    /**
     * Overrides {@link DecisionPoint#SPIN_ON_HANDOFF}.
     *
     * @param exit the check that ends an optimistic spin on a writer owner ({@link OwnerSpinExit#NEVER}: none)
     */
    public void ownerSpinExit(final OwnerSpinExit exit)
    {
        check(DecisionPoint.SPIN_ON_HANDOFF);
        ownerSpinExit = exit;
    }

    /**
     * Overrides {@link DecisionPoint#HANDOFF_WAIT}.
     *
     * @param hook what the handoff writer does before it sleeps
     */
    public void handoffWait(final HandoffWait hook)
    {
        check(DecisionPoint.HANDOFF_WAIT);
        handoffWait = hook;
    }
}
