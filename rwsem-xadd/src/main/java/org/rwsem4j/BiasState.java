package org.rwsem4j;

/**
 * What a lock with a reader bias keeps about its bias beyond its tag (which its engine holds: {@code Engine.biasTag}):
 * the state of its revocations and its event counters. The first arm (or the first revocation, or the first slow
 * path) makes it and installs it where the contended state goes; a later slow path's contended state
 * ({@code Engine.BiasedContended}) takes it over whole, so a lock has one inhibit deadline and one set of counters in
 * its life. An armed lock that was never contended thus carries this object and its counters, not the OSQ, wait lock
 * and queue it has no use for.
 */
final class BiasState
{
    /** The lock's counters: the contended state that takes this state over counts in them too. */
    final EventCounters events;
    /**
     * The end of the inhibit window after the last revocation, in units of 2^{@link Engine#INHIBIT_SHIFT} ns
     * ({@code Engine.inhibitPassed}). Written by the revoking write owner, read racily by read unlocks (a stale value
     * only moves the re-arm).
     */
    int inhibitUntil;
    /**
     * The write owner's revocation found the table empty and left READ_BIASED for its release to clear in the add
     * that releases the lock ({@code Engine.takeRevokedBias}). Written and read only by the write owner, and false
     * again before it lets the lock go.
     */
    boolean revoked;

    BiasState(final EventCounters events)
    {
        this.events = events;
    }
}
