package org.rwsem4j.protocol;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.rwsem4j.wakeallreaders.WakeAllReadersGrants;

/**
 * The engine's reader-grant model check ({@link ReaderGrantProtocolTest}, from rwsem-xadd's test jar: same package,
 * so its harness is reachable) run on this module's grant: a writer holds the lock until two readers have queued
 * behind it, then releases, and the whole-queue grant wakes both. Lincheck checks, in every explored interleaving,
 * that no reader is inside with a writer, that the count never holds fewer readers than are inside (the grant is
 * added before it is published, kernel a9e9bcb45b15), and that the lock ends quiescent. The harness cannot queue a
 * writer between the readers (see {@link Schedules}); {@code WakeAllReadersPatchTest} covers that shape.
 */
@Timeout(120)
// The subject's constructor is public (checkstyle calls that redundant): Lincheck constructs it reflectively.
@SuppressWarnings("checkstyle:RedundantModifier")
class WakeAllReadersGrantProtocolTest
{
    public static final class WholeQueueGrant extends ReaderGrantProtocolTest.Subject
    {
        public WholeQueueGrant()
        {
            super(occupancy -> WakeAllReadersGrants.wholeQueue());
        }
    }

    @Test
    void queuedReadersAreCountedBeforeTheyAreGranted()
    {
        Schedules.timed("reader grant: wake-all-readers' whole-queue grant",
            () -> Schedules.modelChecking(Schedules.parallel(WholeQueueGrant.class,
                Schedules.thread("write"), Schedules.thread("read"), Schedules.thread("read")),
                Schedules.invocations(1000)).sequentialSpecification(ReaderGrantProtocolTest.Spec.class)
                .check(WholeQueueGrant.class));
    }
}
