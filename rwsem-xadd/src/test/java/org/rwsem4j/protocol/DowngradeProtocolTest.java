package org.rwsem4j.protocol;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Validate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.rwsem4j.spi.DecisionPoint;
import org.rwsem4j.spi.ReaderGrant;
import org.rwsem4j.Rwsem;
import org.rwsem4j.spi.Waiter;
import org.rwsem4j.testkit.TestClock;

/**
 * Downgrade with queued readers, model-checked by Lincheck 3.7 over the on-heap lock word: a writer holds the lock
 * until both readers have queued behind it, downgrades, and then, still reading, waits until both readers are in.
 * A second writer tries the write trylock once, anywhere in the schedule. Checked in every explored interleaving: the
 * queued readers all get in while the downgrader still reads (otherwise the downgrader waits forever and Lincheck
 * reports the hang), no writer is inside with a reader, the count never holds fewer readers than are inside, every
 * read unlock succeeds, and the lock is quiescent at the end.
 *
 * <p>Seeded bugs (test-only {@link ReaderGrant}s): a grant that publishes the readers but never adds their grant to
 * the count, and one that adds one reader too many. Both must be reported.
 */
@Timeout(120)
// The subjects' constructors are public (checkstyle calls that redundant): Lincheck constructs them reflectively.
@SuppressWarnings("checkstyle:RedundantModifier")
class DowngradeProtocolTest
{
    static final int READERS = 2;

    public abstract static class Subject
    {
        final Rwsem lock;
        final Occupancy occupancy;
        final AtomicInteger readersAcquired = new AtomicInteger();

        Subject(final ReaderGrant grant)
        {
            final var builder = Rwsem.builder().onHeap().clock(TestClock.ticking()).spinBudget(Duration.ofNanos(16));
            if (grant != null)
            {
                builder.patch(new TestPatch("test-grant", DecisionPoint.READER_COLLECT, h -> h.readerGrant(grant)));
            }
            lock = builder.build();
            occupancy = new Occupancy(lock);
        }

        /** Write, wait for the readers to queue, downgrade, wait (reading) until every reader is in, unlock. */
        @Operation
        public int downgrade()
        {
            while (!lock.writeLock().tryLock())
            {
                Thread.yield();
            }
            int verdict = occupancy.enterWrite();
            while (lock.getQueueLength() + readersAcquired.get() < READERS)
            {
                Thread.yield();
            }
            occupancy.exitWrite();
            lock.downgrade();
            final int asReader = occupancy.enterRead();
            verdict = verdict != Occupancy.OK ? verdict : asReader;
            while (readersAcquired.get() < READERS)
            {
                Thread.yield(); // every reader queued at the head must get in while we still read
            }
            return occupancy.exitRead(verdict);
        }

        @Operation
        public int read()
        {
            lock.readLock().lock();
            readersAcquired.incrementAndGet();
            return occupancy.exitRead(occupancy.enterRead());
        }

        /** One write trylock, anywhere in the schedule (a queued writer, or a spinning one, is beyond the model). */
        @Operation
        public int tryWrite()
        {
            if (!lock.writeLock().tryLock())
            {
                return Occupancy.OK;
            }
            final int verdict = occupancy.enterWrite();
            occupancy.exitWrite();
            lock.writeLock().unlock();
            return verdict;
        }

        @Validate
        public void quiescent()
        {
            Schedules.requireQuiescent(lock);
        }
    }

    public static final class Spec
    {
        public int downgrade()
        {
            return Occupancy.OK;
        }

        public int read()
        {
            return Occupancy.OK;
        }

        public int tryWrite()
        {
            return Occupancy.OK;
        }
    }

    /** Publishes the head readers but never adds their grant (the engine then returns only the trial grant). */
    static final ReaderGrant FORGETS_ADD_GRANT = batch ->
    {
        int readers = 0;
        Waiter w = batch.scanHead();
        while (w != null && w.isReader() && readers < batch.limit())
        {
            final Waiter next = batch.next(w);
            batch.unlink(w);
            batch.publish(w);
            readers++;
            w = next;
        }
    };

    /** The base's two passes, but the grant added is for one reader more than it wakes. */
    static final ReaderGrant ONE_READER_TOO_MANY = batch ->
    {
        int readers = 0;
        for (Waiter w = batch.scanHead(); w != null && w.isReader() && readers < batch.limit(); w = batch.next(w))
        {
            readers++;
        }
        batch.addGrant(readers + 1);
        Waiter w = batch.scanHead();
        for (int i = 0; i < readers; i++)
        {
            final Waiter next = batch.next(w);
            batch.unlink(w);
            batch.publish(w);
            w = next;
        }
    };

    /** The engine's own grant (the base's two passes, READ_OWNED: no trial grant). */
    public static final class TwoPassGrant extends Subject
    {
        public TwoPassGrant()
        {
            super(null);
        }
    }

    public static final class ForgetsAddGrant extends Subject
    {
        public ForgetsAddGrant()
        {
            super(FORGETS_ADD_GRANT);
        }
    }

    public static final class OneReaderTooMany extends Subject
    {
        public OneReaderTooMany()
        {
            super(ONE_READER_TOO_MANY);
        }
    }

    private static ModelCheckingOptions options(final Class<?> subject)
    {
        return Schedules.modelChecking(Schedules.parallel(subject, Schedules.thread("downgrade"),
                Schedules.thread("read"), Schedules.thread("read"), Schedules.thread("tryWrite")),
                Schedules.invocations(1000))
            .sequentialSpecification(Spec.class);
    }

    @Test
    void queuedReadersJoinTheDowngraderAndNoWriterEnters()
    {
        Schedules.timed("downgrade: two-pass grant", () -> options(TwoPassGrant.class).check(TwoPassGrant.class));
    }

    @Test
    void lincheckFindsAGrantThatForgetsTheCount()
    {
        Schedules.expectLincheckFailure("downgrade grant never adds the grant",
            () -> options(ForgetsAddGrant.class).minimizeFailedScenario(false).check(ForgetsAddGrant.class),
            Schedules.INVALID_RESULTS, Schedules.VALIDATION_FAILED);
    }

    @Test
    void lincheckFindsAGrantOfOneReaderTooMany()
    {
        Schedules.expectLincheckFailure("downgrade grant counts one reader too many",
            () -> options(OneReaderTooMany.class).minimizeFailedScenario(false).check(OneReaderTooMany.class),
            Schedules.INVALID_RESULTS, Schedules.VALIDATION_FAILED);
    }
}
