package org.rwsem4j.protocol;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Validate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.rwsem4j.spi.DecisionPoint;
import org.rwsem4j.spi.Patch;
import org.rwsem4j.spi.ReaderGrant;
import org.rwsem4j.Rwsem;
import org.rwsem4j.spi.Waiter;
import org.rwsem4j.testkit.TestClock;

/**
 * The reader grant (count before grant, kernel a9e9bcb45b15), model-checked by Lincheck 3.7 over the on-heap lock
 * word: a writer holds the lock until two readers have queued behind it (one reader is always safe: the trial grant
 * covers it), then releases, and the wake grants both. Checked in every explored interleaving (see
 * {@link Occupancy}): no reader is inside with a writer, the count never holds fewer readers than are inside, every
 * read unlock succeeds, and the lock is quiescent at the end.
 *
 * <p>Seeded bug: the 2016 single pass, which publishes each reader's grant before adding the grant to the count.
 * Lincheck must report it (a woken reader runs and unlocks before the grant is in, the count drops to 0 with a
 * reader inside, and the late grant leaves a phantom reader behind).
 */
@Timeout(120)
// The subjects' constructors are public (checkstyle calls that redundant): Lincheck constructs them reflectively.
@SuppressWarnings("checkstyle:RedundantModifier")
class ReaderGrantProtocolTest
{
    static final int READERS = 2;

    public abstract static class Subject
    {
        final Rwsem lock;
        final Occupancy occupancy;
        final AtomicInteger readersAcquired = new AtomicInteger();

        Subject(final Function<Occupancy, ReaderGrant> grant)
        {
            this(null, 0, grant);
        }

        Subject(final String spec, final int engineFault, final Function<Occupancy, ReaderGrant> grant)
        {
            this(spec, engineFault, grant, null);
        }

        /**
         * @param spec the variant (null: base), for a patch module that runs this harness on its own variant
         * @param engineFault a seeded engine bug ({@code EngineFaults}; 0 for none)
         * @param grant a test grant to install (null: the variant's own)
         * @param extra a patch of the module's tests to install on the variant (null: none)
         */
        Subject(final String spec, final int engineFault, final Function<Occupancy, ReaderGrant> grant,
            final Patch extra)
        {
            final var builder = Rwsem.builder().onHeap().clock(TestClock.ticking()).spinBudget(Duration.ofNanos(16));
            if (spec != null)
            {
                builder.variant(spec);
            }
            if (extra != null)
            {
                builder.patch(extra);
            }
            final Occupancy[] oracle = new Occupancy[1];
            if (grant != null)
            {
                builder.patch(new TestPatch("test-grant", DecisionPoint.READER_COLLECT,
                    h -> h.readerGrant(batch -> grant.apply(oracle[0]).grantReaders(batch))));
            }
            lock = org.rwsem4j.EngineFaults.build(builder, engineFault);
            occupancy = new Occupancy(lock);
            oracle[0] = occupancy;
        }

        @Operation
        public int read()
        {
            lock.readLock().lock();
            readersAcquired.incrementAndGet();
            return occupancy.exitRead(occupancy.enterRead());
        }

        /**
         * Takes the write lock with trylock (a writer queued behind readers is beyond the model: see
         * {@link Schedules}) and holds it until every reader has queued behind it or has had its turn before it.
         */
        @Operation
        public int write()
        {
            while (!lock.writeLock().tryLock())
            {
                Thread.yield();
            }
            final int verdict = occupancy.enterWrite();
            while (lock.getQueueLength() + readersAcquired.get() < READERS)
            {
                Thread.yield();
            }
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
        public int read()
        {
            return Occupancy.OK;
        }

        public int write()
        {
            return Occupancy.OK;
        }
    }

    /** The engine's own grant (the base's two passes). */
    public static final class TwoPassGrant extends Subject
    {
        public TwoPassGrant()
        {
            super(null);
        }
    }

    /**
     * The 2016 single pass (seed d, reverted by kernel a9e9bcb45b15): unlink and publish each reader, then add the
     * grant. The window between the last publish and the add is widened by a bounded test-only delay that polls the
     * oracle (as the torture's negative control does), so that the model checker has switch points inside it; the
     * kernel's window was a preemption.
     */
    static ReaderGrant publishBeforeCount(final Occupancy occupancy)
    {
        return batch ->
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
            for (int i = 0; i < 32 && occupancy.readers.get() == 0; i++)
            {
                Thread.yield();
            }
            batch.addGrant(readers);
        };
    }

    public static final class PublishBeforeCount extends Subject
    {
        public PublishBeforeCount()
        {
            super(ReaderGrantProtocolTest::publishBeforeCount);
        }
    }

    private static ModelCheckingOptions options(final Class<?> subject, final int invocations)
    {
        return Schedules.modelChecking(Schedules.parallel(subject,
                Schedules.thread("write"), Schedules.thread("read"), Schedules.thread("read")), invocations)
            .sequentialSpecification(Spec.class);
    }

    @Test
    void queuedReadersAreCountedBeforeTheyAreGranted()
    {
        Schedules.timed("reader grant: two-pass grant",
            () -> options(TwoPassGrant.class, Schedules.invocations(1000)).check(TwoPassGrant.class));
    }

    @Test
    void lincheckFindsTheGrantPublishedBeforeTheCount()
    {
        Schedules.expectLincheckFailure("reader grant published before the count",
            () -> options(PublishBeforeCount.class, Schedules.invocations(1000)).minimizeFailedScenario(false)
                .check(PublishBeforeCount.class), Schedules.INVALID_RESULTS, Schedules.VALIDATION_FAILED);
    }
}
