package org.rwsem4j.torture;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The exclusion oracle: one occupancy word, readers inside in the low 32 bits, writers inside from bit 32. A writer
 * CASes 0 to WRITER and fails on anything else; a reader adds one and fails if a writer is inside. After a failed
 * check the writer still adds WRITER (as locktorture sets its flag anyway), so that readers entering next see it
 * and every exit stays symmetric.
 */
final class OccupancyCheck implements Check
{
    static final long WRITER = 1L << 32;
    private static final long READERS = WRITER - 1;

    private final AtomicLong occupancy = new AtomicLong();
    private final Violations violations;

    OccupancyCheck(final Violations violations)
    {
        this.violations = violations;
    }

    @Override
    public void readerEnter(final Worker w)
    {
        final long before = occupancy.getAndIncrement();
        if ((before & ~READERS) != 0)
        {
            violations.report(w, "reader entered while a writer is inside (occupancy " + describe(before) + ")");
        }
    }

    @Override
    public void readerExit(final Worker w)
    {
        occupancy.getAndDecrement();
    }

    @Override
    public void writerEnter(final Worker w)
    {
        final long witness = occupancy.compareAndExchange(0, WRITER);
        if (witness != 0)
        {
            violations.report(w, "writer entered while " + describe(witness) + " inside");
            occupancy.getAndAdd(WRITER);
        }
    }

    @Override
    public void writerExit(final Worker w)
    {
        occupancy.getAndAdd(-WRITER);
    }

    @Override
    public void downgrade(final Worker w)
    {
        final long witness = occupancy.compareAndExchange(WRITER, 1);
        if (witness != WRITER)
        {
            violations.report(w, "downgrading writer found " + describe(witness) + " inside");
            occupancy.getAndAdd(1 - WRITER);
        }
    }

    @Override
    public void afterJoin(final long writeAcquisitions, final Violations v)
    {
        final long left = occupancy.get();
        if (left != 0)
        {
            v.record("occupancy after the run is " + describe(left) + ", not empty");
        }
    }

    static String describe(final long occupancy)
    {
        return (occupancy >>> 32) + " writer(s) and " + (occupancy & READERS) + " reader(s)";
    }
}
