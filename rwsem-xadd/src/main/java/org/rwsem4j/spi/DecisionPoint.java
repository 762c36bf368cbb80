package org.rwsem4j.spi;

/**
 * The named hook points where a {@link Patch} puts its code. The engine owns every mechanism (the count word, the
 * wait queue, wake and grant, OSQ spinning, parking, cancellation) and offers hooks the operations of
 * {@link SlowPath} and {@link WakeBatch}; a hook is the patch's change, written in its module. Each constant names
 * its interface, where the engine consults it, and the base's choice ({@code BaseChoices} in the engine). At most one patch in a
 * variant provides each point, unless one provider requires the other and so refines it.
 *
 * <p>The fast paths consult no hook through the variant's choices: {@link #READ_TRYLOCK}, {@link #READER_OWNER} and
 * {@link #READER_BIAS} are resolved into final fields at construction.
 */
public enum DecisionPoint
{
    /**
     * {@link ReadTrylock}, {@code down_read_trylock}: consulted in {@code Engine.downReadTrylock}. Base: load the
     * word, then CAS. Seed 004 (trylock).
     */
    READ_TRYLOCK,
    /**
     * A boolean, {@code rwsem_set_reader_owned}: whether a reader stores the reader-owned marker in the owner word
     * ({@code Engine.rwsemSetReaderOwned}, on the read fast path). Base: no; the owner stays NULL. Seed 002
     * (reader-owned).
     */
    READER_OWNER,
    /**
     * {@link SpinPolicy}, {@code rwsem_can_spin_on_owner} and the spin loop's owner-state check: consulted in
     * {@code Engine.rwsemOptimisticSpin} and by {@link SlowPath#canSpinOnOwner()}. Base: start only on a writer
     * owner; once spinning, keep going through a NULL owner until the budget ends. Seed 002 (reader-owned), refined
     * by seed 000 (spin on readers for a threshold), refined by kernel 5.3's nonspinnable (a reader-owned lock whose
     * threshold ran out is not spun on until a writer takes it).
     */
    SPIN_ON_OWNER,
    /**
     * {@link ReaderSteal}: what a reader that missed the fast path does first, with its fast path's bias, in
     * {@code Engine.readerStealBeforeQueueing}, ahead of {@link #READER_SPIN} and before a waiter exists. Base: nothing. Kernel 5.11 (reader-steal).
     */
    READER_STEAL,
    /**
     * {@link ReaderSpin}: what a reader that missed the fast path does before it queues, in
     * {@code Engine.rwsemDownReadSlowpath}. Base: nothing; readers queue. Seed 000 (reader-spin).
     */
    READER_SPIN,
    /**
     * {@link ReaderGrant}, the reader collection of {@code rwsem_mark_wake}: consulted in
     * {@code Engine.rwsemMarkWake}, when the head is a reader. Base: two passes over the shared wait list, the readers
     * at the head. Seed 003 (wake-once); kernel 5.3's wake-all-readers refines it (every queued reader, up to 256);
     * phase-fair refines that (every queued reader).
     */
    READER_COLLECT,
    /**
     * {@link WokenWriter}: whether a woken writer that failed to lock leaves the queue to spin, in
     * {@code Engine.rwsemDownWriteSlowpath}. Base: never; it sleeps again. Seed 000 (writer-respin).
     */
    WOKEN_WRITER,
    /**
     * {@link UnlockWake}, {@code rwsem_wake}: consulted in {@code Engine.rwsemWake}. Base: take the wait lock and
     * wake. Seed 000 (wake-skip).
     */
    UNLOCK_WAKE,
    /**
     * {@link HandoffPolicy}: whether a waiter that failed to lock sets the handoff bit, in
     * {@code Engine.rwsemTryWriteLock} (a writer) and {@code Engine.rwsemMarkWake} (a head reader), and, for a policy
     * that marks phase changes, in {@code Engine.rwsemCondWakeWaiter} and {@code Engine.Batch.addGrant}. Base: never
     * ({@link HandoffPolicy#NEVER}). Kernel 5.3 (handoff), refined by phase-fair (a writer behind readers and a
     * reader behind a writer set it at once).
     */
    HANDOFF,
    /**
     * {@link OwnerSpinExit}: a check on the count inside {@code Engine.rwsemSpinOnOwner}'s loop that ends an
     * optimistic spinner's spin on a writer owner. Base: none. Kernel 5.3 (handoff) quits on the handoff bit; seed
     * 001 (handoff-spin) removes that again.
     */
    SPIN_ON_HANDOFF,
    /**
     * {@link HandoffWait}: what the writer holding the handoff does before it sleeps, in
     * {@code Engine.rwsemDownWriteSlowpath}. Base: it sleeps. Seed 001 (handoff-spin).
     */
    HANDOFF_WAIT,
    /**
     * {@link ReaderBias}: reads that publish themselves in a table of visible readers instead of adding to the count
     * while the word reads {@link LockWordBits#READ_BIASED}, and the table a revoking writer waits on: consulted in
     * {@code Engine.downRead} and {@code Engine.upRead} (resolved into a final field at construction, like
     * {@link #READ_TRYLOCK}) and in {@code Engine.rwsemRevokeBias}. Base: none; the bit is never set. Beyond upstream:
     * BRAVO (reader-bias).
     */
    READER_BIAS
}
