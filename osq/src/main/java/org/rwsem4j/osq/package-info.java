/**
 * The optimistic spin queue (OSQ): the Linux kernel's cancellable MCS queue ({@code osq_lock}), which lets only
 * one would-be spinner at a time spin on a contended lock. See
 * {@link org.rwsem4j.osq.AbstractOsq}; {@link org.rwsem4j.osq.Osq} pads its tail, {@link org.rwsem4j.osq.CompactOsq}
 * does not.
 */
package org.rwsem4j.osq;
