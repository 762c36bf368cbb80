package org.rwsem4j.spi;

/** What a spinner reads in the owner word, as the kernel's {@code enum owner_state}. */
public enum OwnerState
{
    /** No owner recorded: the lock is free, or a writer has not stored itself yet, or (base) readers own it. */
    NULL,
    /** A writer owner that looks alive (Java has no {@code on_cpu}; the hint is the owner's thread state). */
    WRITER,
    /** Readers own, or last owned, the lock (only with a patch that marks reader ownership). A stale hint. */
    READER,
    /** Nobody should spin: a writer owner that is parked or blocked. */
    NONSPINNABLE
}
