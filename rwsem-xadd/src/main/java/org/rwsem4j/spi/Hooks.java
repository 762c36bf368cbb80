package org.rwsem4j.spi;

import org.rwsem4j.Tunables;

/**
 * The engine's hook points while a variant is being built ({@link DecisionPoint}). Each {@link Patch#install} may
 * write only the points it declared (a setter for another point throws {@link IllegalStateException}); a point no
 * patch writes keeps the base's choice. The engine implements this interface; once every patch of a variant is
 * installed it turns what was written into an immutable set of choices, shared by every lock of the variant, and from
 * then on every setter throws {@link IllegalStateException}: a patch cannot change a variant after it was built.
 */
public interface Hooks
{
    /** {@return the builder's tunables} */
    Tunables tunables();

    /** {@return the current read trylock (the base's or a required patch's)} */
    ReadTrylock readTrylock();

    /**
     * Overrides {@link DecisionPoint#READ_TRYLOCK}.
     *
     * @param trylock the read trylock to use
     */
    void readTrylock(ReadTrylock trylock);

    /**
     * Overrides {@link DecisionPoint#READER_OWNER}.
     *
     * @param mark whether readers store the reader-owned marker
     */
    void markReaderOwned(boolean mark);

    /** {@return the current spin policy, for a patch that refines it} */
    SpinPolicy spinPolicy();

    /**
     * Overrides {@link DecisionPoint#SPIN_ON_OWNER}.
     *
     * @param policy the spin policy
     */
    void spinPolicy(SpinPolicy policy);

    /**
     * Overrides {@link DecisionPoint#READER_STEAL}.
     *
     * @param steal what a slow-path reader does first, with its fast path's bias
     */
    void readerSteal(ReaderSteal steal);

    /**
     * Overrides {@link DecisionPoint#READER_SPIN}.
     *
     * @param spin what a slow-path reader does before it queues
     */
    void readerSpin(ReaderSpin spin);

    /**
     * Overrides {@link DecisionPoint#READER_COLLECT}.
     *
     * @param grant how readers are collected at a wake
     */
    void readerGrant(ReaderGrant grant);

    /**
     * Overrides {@link DecisionPoint#WOKEN_WRITER}.
     *
     * @param hook whether a woken writer leaves the queue to spin
     */
    void wokenWriter(WokenWriter hook);

    /**
     * Overrides {@link DecisionPoint#UNLOCK_WAKE}.
     *
     * @param hook the unlock's {@code rwsem_wake}
     */
    void unlockWake(UnlockWake hook);

    /** {@return the current handoff policy, for a patch that refines it} */
    HandoffPolicy handoff();

    /**
     * Overrides {@link DecisionPoint#HANDOFF}.
     *
     * @param policy when a waiter sets the handoff bit
     */
    void handoff(HandoffPolicy policy);

    /**
     * Overrides {@link DecisionPoint#SPIN_ON_HANDOFF}.
     *
     * @param exit the check that ends an optimistic spin on a writer owner ({@link OwnerSpinExit#NEVER}: none)
     */
    void ownerSpinExit(OwnerSpinExit exit);

    /**
     * Overrides {@link DecisionPoint#HANDOFF_WAIT}.
     *
     * @param hook what the handoff writer does before it sleeps
     */
    void handoffWait(HandoffWait hook);

    /** {@return the current reader bias (the base's does nothing), for a patch that refines it} */
    ReaderBias readerBias();

    /**
     * Overrides {@link DecisionPoint#READER_BIAS}.
     *
     * @param bias the biased read path and its table
     */
    void readerBias(ReaderBias bias);
}
