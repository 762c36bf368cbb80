package org.rwsem4j;

import java.util.List;

import org.rwsem4j.spi.LockWordBits;

/**
 * A diagnostic snapshot of one lock: the decoded lock word, the owner, the wait queue and the OSQ. Fields are read
 * one after another, not atomically together; on a quiescent lock they are exact.
 */
public final class RwsemState
{
    private final String variant;
    private final long count;
    private final String owner;
    private final List<String> waiters;
    private final boolean spinners;
    private final String osqTail;
    private final int biasedReaders;

    RwsemState(final String variant, final long count, final String owner, final List<String> waiters,
        final boolean spinners, final String osqTail, final int biasedReaders)
    {
        this.variant = variant;
        this.count = count;
        this.owner = owner;
        this.waiters = List.copyOf(waiters);
        this.spinners = spinners;
        this.osqTail = osqTail;
        this.biasedReaders = biasedReaders;
    }

    /** {@return the raw lock word} */
    public long count()
    {
        return count;
    }

    /** {@return the reader count in the lock word (active or attempting readers)} */
    public long readers()
    {
        return LockWordBits.readers(count);
    }

    /**
     * {@return the biased reads held, from the table of visible readers (0 without a reader bias)} Readers counted
     * here are not in {@link #readers()}.
     */
    public int biasedReaders()
    {
        return biasedReaders;
    }

    /**
     * {@return whether READ_BIASED is set: reads may go through the table of visible readers} While a writer holds the
     * lock the bit lets no reader in: it is then the writer's revocation's, waiting for the table or, once the table
     * held no biased reader, left for the release to clear.
     */
    public boolean readBiased()
    {
        return (count & LockWordBits.READ_BIASED) != 0;
    }

    /** {@return whether WRITER_LOCKED is set} */
    public boolean writerLocked()
    {
        return (count & LockWordBits.WRITER_LOCKED) != 0;
    }

    /** {@return whether WAITERS is set} */
    public boolean waitersFlag()
    {
        return (count & LockWordBits.WAITERS) != 0;
    }

    /** {@return whether WRITER_WAKING is set: W7's window, the queue's head a writer already woken} */
    public boolean writerWaking()
    {
        return (count & LockWordBits.WRITER_WAKING) != 0;
    }

    /** {@return whether HANDOFF is set} */
    public boolean handoff()
    {
        return (count & LockWordBits.HANDOFF) != 0;
    }

    /**
     * {@return the owner word: NULL, READER_OWNED, READER_OWNED|NONSPINNABLE (nonspinnable's mark), or the writer
     * thread's name and state}
     */
    public String owner()
    {
        return owner;
    }

    /** {@return the queued waiters, head first, e.g. {@code W:worker-3(handoff)}} */
    public List<String> waiters()
    {
        return waiters;
    }

    /** {@return whether the OSQ has a spinner} */
    public boolean spinners()
    {
        return spinners;
    }

    /**
     * Quiescent: count 0 but for READ_BIASED (no lock bits, no WAITERS, no HANDOFF), no biased reader, queue empty,
     * OSQ empty, no writer owner.
     *
     * @return true when nothing holds, waits or spins
     */
    public boolean isQuiescent()
    {
        return (count & ~LockWordBits.READ_BIASED) == 0 && biasedReaders == 0 && waiters.isEmpty() && !spinners &&
            ("NULL".equals(owner) || "READER_OWNED".equals(owner) || "READER_OWNED|NONSPINNABLE".equals(owner));
    }

    @Override
    public String toString()
    {
        return "variant=" + variant + " count=0x" + Long.toHexString(count) + " (" + LockWordBits.describe(count) +
 (biasedReaders != 0 ? " biased readers=" + biasedReaders : "") +
            ") owner=" + owner + " queue=" + waiters + " osq=" + (spinners ? "tail " + osqTail : "empty");
    }
}
