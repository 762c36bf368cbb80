package org.rwsem4j;

import java.util.Set;

/**
 * The engine's decision points while a variant is being built. Each {@link Patch#install} may write only the points
 * it declared; the defaults are the base's choices. After construction the engine copies every choice into final
 * fields and this object is dropped.
 */
public final class Hooks
{
    final Tunables tunables;
    ReadTrylock readTrylock = BaseChoices.READ_TRYLOCK_LOAD_FIRST;
    boolean markReaderOwned;
    SpinPolicy spinPolicy = BaseChoices.SPIN_ON_WRITER_OWNER;
    boolean readerSpin;
    ReaderGrant readerGrant = BaseChoices.TWO_PASS_GRANT;
    WokenWriterPolicy wokenWriter = BaseChoices.WOKEN_WRITER_COMPETES;
    UnlockWakePolicy unlockWake = BaseChoices.ALWAYS_WAKE;
    HandoffPolicy handoff;
    boolean spinnersQuitOnHandoff;
    boolean handoffWriterSpins;

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
     * Overrides {@link DecisionPoint#READER_SPIN}.
     *
     * @param spin whether slow-path readers may spin
     */
    public void readerSpin(final boolean spin)
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
     * @param policy what a woken writer does
     */
    public void wokenWriter(final WokenWriterPolicy policy)
    {
        check(DecisionPoint.WOKEN_WRITER);
        wokenWriter = policy;
    }

    /**
     * Overrides {@link DecisionPoint#UNLOCK_WAKE}.
     *
     * @param policy whether an unlock may skip its wakeup
     */
    public void unlockWake(final UnlockWakePolicy policy)
    {
        check(DecisionPoint.UNLOCK_WAKE);
        unlockWake = policy;
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
     * @param quit whether spinners quit on a set handoff bit
     */
    public void spinnersQuitOnHandoff(final boolean quit)
    {
        check(DecisionPoint.SPIN_ON_HANDOFF);
        spinnersQuitOnHandoff = quit;
    }

    /**
     * Overrides {@link DecisionPoint#HANDOFF_WAIT}.
     *
     * @param spin whether the handoff writer spins on the owner before sleeping
     */
    public void handoffWriterSpins(final boolean spin)
    {
        check(DecisionPoint.HANDOFF_WAIT);
        handoffWriterSpins = spin;
    }
}
