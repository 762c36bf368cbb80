package org.rwsem4j.protocol;

import java.util.Set;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.rwsem4j.EngineFaults;
import org.rwsem4j.Variant;

/**
 * The engine's reader-grant model check ({@link ReaderGrantProtocolTest}, from rwsem-xadd's test jar: same package, so
 * its harness is reachable) run on the phase-fair variant, whose lock-word transitions are new: a reader queueing at
 * the head behind the writer owner sets HANDOFF under the wait lock, and the writer's unlock grants both readers in
 * one add that clears it with the emptied queue. Lincheck checks, in every explored interleaving, that no reader is
 * inside with a writer, that the count never holds fewer readers than are inside, and that the lock ends quiescent
 * (HANDOFF and WAITERS clear). Seeded bug: the reader's claim adds HANDOFF without checking that it is clear (the
 * second reader queued adds it again), which leaves a stray bit in the count. The harness's writer takes the lock with
 * trylock (a queued writer is beyond the model, see {@link Schedules}), so the grant that hands the bit to a queued
 * writer and the forwarded wakeups are covered by {@code PhaseFairPatchTest} and {@code TenThousandReadersTest}, not here.
 */
@Timeout(300)
// The subjects' constructors are public (checkstyle calls that redundant): Lincheck constructs them reflectively.
@SuppressWarnings("checkstyle:RedundantModifier")
class PhaseFairProtocolTest
{
    static final String PHASE_FAIR =
        "reader-owned+reader-steal+handoff+handoff-on-readers+wake-once+wake-all-readers+phase-fair";

    public static final class PhaseFair extends ReaderGrantProtocolTest.Subject
    {
        public PhaseFair()
        {
            super(PHASE_FAIR, 0, null);
        }
    }

    public static final class HandoffTwice extends ReaderGrantProtocolTest.Subject
    {
        public HandoffTwice()
        {
            super(PHASE_FAIR, EngineFaults.PHASE_HANDOFF_TWICE, null);
        }
    }

    @BeforeEach
    void needsTheRequiredModules()
    {
        Assumptions.assumeTrue(Variant.available().containsAll(Set.of("reader-owned", "reader-steal", "handoff",
            "wake-once", "wake-all-readers")), "a module phase-fair requires is not in this build");
    }

    private static org.jetbrains.lincheck.datastructures.ModelCheckingOptions options(final Class<?> subject)
    {
        return Schedules.modelChecking(Schedules.parallel(subject, Schedules.thread("write"), Schedules.thread("read"),
            Schedules.thread("read")), Schedules.invocations(1000))
            .sequentialSpecification(ReaderGrantProtocolTest.Spec.class);
    }

    @Test
    void phaseChangesKeepTheGrantProtocol()
    {
        Schedules.timed("reader grant: phase-fair", () -> options(PhaseFair.class).check(PhaseFair.class));
    }

    @Test
    void lincheckFindsAHandoffAddedTwice()
    {
        Schedules.expectLincheckFailure("phase claim adds HANDOFF twice",
            () -> options(HandoffTwice.class).minimizeFailedScenario(false).check(HandoffTwice.class),
            Schedules.INVALID_RESULTS, Schedules.VALIDATION_FAILED);
    }
}
