package org.rwsem4j;

import org.rwsem4j.spi.HandoffPolicy;
import org.rwsem4j.spi.HandoffWait;
import org.rwsem4j.spi.OwnerSpinExit;
import org.rwsem4j.spi.ReadTrylock;
import org.rwsem4j.spi.ReaderBias;
import org.rwsem4j.spi.ReaderGrant;
import org.rwsem4j.spi.ReaderSpin;
import org.rwsem4j.spi.ReaderSteal;
import org.rwsem4j.spi.SpinPolicy;
import org.rwsem4j.spi.UnlockWake;
import org.rwsem4j.spi.WokenWriter;

/**
 * A variant's resolved choice at every {@link org.rwsem4j.spi.DecisionPoint}, with the tunables it was built for:
 * what {@link HookRecorder#close()} makes once the patches are installed, shared by every lock of a {@link Policy}.
 * Immutable, and no component is null (a point no patch wrote holds the base's choice, {@link BaseChoices}).
 *
 * @param tunables the builder's tunables
 * @param readTrylock {@link org.rwsem4j.spi.DecisionPoint#READ_TRYLOCK}
 * @param markReaderOwned {@link org.rwsem4j.spi.DecisionPoint#READER_OWNER}
 * @param spinPolicy {@link org.rwsem4j.spi.DecisionPoint#SPIN_ON_OWNER}
 * @param readerSteal {@link org.rwsem4j.spi.DecisionPoint#READER_STEAL}
 * @param readerSpin {@link org.rwsem4j.spi.DecisionPoint#READER_SPIN}
 * @param readerGrant {@link org.rwsem4j.spi.DecisionPoint#READER_COLLECT}
 * @param wokenWriter {@link org.rwsem4j.spi.DecisionPoint#WOKEN_WRITER}
 * @param unlockWake {@link org.rwsem4j.spi.DecisionPoint#UNLOCK_WAKE}
 * @param handoff {@link org.rwsem4j.spi.DecisionPoint#HANDOFF} ({@link HandoffPolicy#NEVER}: no handoff)
 * @param ownerSpinExit {@link org.rwsem4j.spi.DecisionPoint#SPIN_ON_HANDOFF}
 * @param handoffWait {@link org.rwsem4j.spi.DecisionPoint#HANDOFF_WAIT}
 * @param readerBias {@link org.rwsem4j.spi.DecisionPoint#READER_BIAS}
 */
record Choices(
    Tunables tunables,
    ReadTrylock readTrylock,
    boolean markReaderOwned,
    SpinPolicy spinPolicy,
    ReaderSteal readerSteal,
    ReaderSpin readerSpin,
    ReaderGrant readerGrant,
    WokenWriter wokenWriter,
    UnlockWake unlockWake,
    HandoffPolicy handoff,
    OwnerSpinExit ownerSpinExit,
    HandoffWait handoffWait,
    ReaderBias readerBias)
{
}
