package org.rwsem4j;

import static org.rwsem4j.spi.LockWordBits.READER_BIAS;
import static org.rwsem4j.spi.LockWordBits.READ_FAILED_MASK;

import org.rwsem4j.spi.DecisionPoint;
import org.rwsem4j.spi.HandoffPolicy;
import org.rwsem4j.spi.HandoffWait;
import org.rwsem4j.spi.LockWord;
import org.rwsem4j.spi.OwnerSpinExit;
import org.rwsem4j.spi.OwnerState;
import org.rwsem4j.spi.ReadTrylock;
import org.rwsem4j.spi.ReaderBias;
import org.rwsem4j.spi.ReaderGrant;
import org.rwsem4j.spi.ReaderSpin;
import org.rwsem4j.spi.ReaderSteal;
import org.rwsem4j.spi.SlowPath;
import org.rwsem4j.spi.SpinAttempt;
import org.rwsem4j.spi.SpinPolicy;
import org.rwsem4j.spi.UnlockWake;
import org.rwsem4j.spi.Waiter;
import org.rwsem4j.spi.WakeBatch;
import org.rwsem4j.spi.WokenWriter;

/**
 * The base's hook at every {@link DecisionPoint}: the kernel just before the seeds, on the 2019 word (what that is,
 * commit by commit: rwsem-xadd/README.md, "What base is"). {@link OwnerSpinExit#NEVER} is the base of
 * {@link DecisionPoint#SPIN_ON_HANDOFF} and {@link HandoffPolicy#NEVER} that of {@link DecisionPoint#HANDOFF}: no
 * point is ever without a choice.
 */
final class BaseChoices
{
    private BaseChoices()
    {
    }

    /** Pre-5.2 {@code __down_read_trylock}: load first, then CAS while no failing bit shows. */
    static final ReadTrylock READ_TRYLOCK_LOAD_FIRST = word ->
    {
        long c = word.getVolatile();
        while ((c & READ_FAILED_MASK) == 0)
        {
            final long witness = word.compareAndExchange(c, c + READER_BIAS);
            if (witness == c)
            {
                return true;
            }
            c = witness;
        }
        return false;
    };

    /**
     * Readers leave the owner NULL, so NULL is ambiguous: start spinning only on a writer owner; once spinning, keep
     * going through NULL (the writer may be about to store itself) until the budget ends. That is the waste seed 002
     * removes.
     */
    static final SpinPolicy SPIN_ON_WRITER_OWNER = new SpinPolicy()
    {
        @Override
        public boolean canSpinOnOwner(final OwnerState owner)
        {
            return owner == OwnerState.WRITER;
        }

        @Override
        public boolean keepSpinning(final OwnerState owner, final SpinAttempt attempt)
        {
            return owner == OwnerState.WRITER || owner == OwnerState.NULL;
        }
    };

    /**
     * Two passes over the shared wait list: count the readers at the head, add their grant, then unlink each one,
     * publish its grant and queue its unpark (kernel a9e9bcb45b15's safe order, at most {@link WakeBatch#limit()}).
     */
    static final ReaderGrant TWO_PASS_GRANT = batch ->
    {
        int readers = 0;
        for (Waiter w = batch.scanHead(); w != null && w.isReader() && readers < batch.limit(); w = batch.next(w))
        {
            readers++;
        }
        batch.addGrant(readers);
        Waiter w = batch.scanHead();
        for (int i = 0; i < readers; i++)
        {
            final Waiter next = batch.next(w);
            batch.unlink(w);
            batch.publish(w);
            w = next;
        }
    };

    /** A slow-path reader does not steal. */
    static final ReaderSteal NO_READER_STEAL = (path, count) -> false;

    /** A slow-path reader queues at once. */
    static final ReaderSpin READERS_QUEUE = (path, reader, count) -> false;

    /** A woken writer competes for the lock and sleeps again if it loses; it never re-spins. */
    static final WokenWriter WOKEN_WRITER_SLEEPS = path -> false;

    /** Every unlock that sees the waiters bit takes the wait lock and wakes. */
    static final UnlockWake ALWAYS_WAKE = SlowPath::wake;

    /** The writer holding the handoff sleeps like any waiter until it is woken. */
    static final HandoffWait HANDOFF_WRITER_SLEEPS = (path, writer) -> false;

    /**
     * No reader bias: the bit is never set, so no read goes through a table and no writer revokes. The engine keeps
     * {@code null} in its field for this choice ({@link Engine}'s read paths then pay one null check), so none of these
     * methods is ever called by it.
     */
    static final ReaderBias NO_READER_BIAS = new ReaderBias()
    {
        @Override
        public int tryBiasedRead(final LockWord word, final long lock)
        {
            return NOT_BIASED;
        }

        @Override
        public boolean tryBiasedUnlock(final long lock)
        {
            return false;
        }

        @Override
        public boolean visibleReaders(final long lock)
        {
            return false;
        }

        @Override
        public int biasedReaders(final long lock)
        {
            return 0;
        }

        @Override
        public long inhibitNanos(final long revocationNanos)
        {
            return 0;
        }

        @Override
        public String toString()
        {
            return "no reader bias";
        }
    };
}
