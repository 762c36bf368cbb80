package org.rwsem4j;

/**
 * The named places where a {@link Patch} may change the engine's choice. The engine owns every mechanism (the count
 * word, the wait queue, wake and grant, OSQ spinning, parking, cancellation); a decision point is only the choice.
 * At most one patch in a variant provides each point, unless one provider requires the other and so refines it.
 */
public enum DecisionPoint
{
    /** How the read trylock tries. Base: load the word, then CAS. */
    READ_TRYLOCK,
    /** What a reader writes to the owner word. Base: nothing; the owner stays NULL. */
    READER_OWNER,
    /**
     * Whether a locker starts, and keeps, spinning on a given owner state ({@link SpinPolicy}). Base: start only on
     * a writer owner; once spinning, keep going through a NULL owner until the budget ends.
     */
    SPIN_ON_OWNER,
    /** Whether a reader in the slow path may spin. Base: never; readers queue. */
    READER_SPIN,
    /** How readers are collected for a wake ({@link ReaderGrant}). Base: two passes over the shared wait list. */
    READER_COLLECT,
    /** What a woken queued writer does before it sleeps again. Base: it competes once, then sleeps. */
    WOKEN_WRITER,
    /** Whether an unlock may skip its wakeup. Base: every unlock that sees the waiters bit wakes. */
    UNLOCK_WAKE,
    /** Whether a waiter sets the handoff bit, and after how long. Base: never. */
    HANDOFF,
    /**
     * Whether an optimistic spinner quits when the handoff bit appears while it spins on a writer owner (5.3's check
     * inside {@code rwsem_spin_on_owner}). Base: there is no handoff bit to see.
     */
    SPIN_ON_HANDOFF,
    /** What the handoff writer does before it sleeps. Base: it sleeps. */
    HANDOFF_WAIT
}
