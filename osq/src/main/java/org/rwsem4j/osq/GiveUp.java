package org.rwsem4j.osq;

/**
 * Polled by a waiting (non-head) spinner while it spins on its own node; {@code true} means give up and unqueue.
 *
 * <p>{@link AbstractOsq#lock} calls it once per spin iteration, from the waiting thread only, and never once the
 * node has become the head. It should be cheap (a spin budget, a deadline, {@link Thread#isInterrupted()}) and should
 * not block. If it throws, {@code lock} unqueues the node first (passing the OSQ on if it was handed over meanwhile)
 * and then rethrows, so the queue stays intact.
 */
@FunctionalInterface
public interface GiveUp
{

    /** {@return {@code true} to stop waiting and leave the queue} */
    boolean giveUp();
}
