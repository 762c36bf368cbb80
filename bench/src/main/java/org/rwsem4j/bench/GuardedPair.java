package org.rwsem4j.bench;

/**
 * The data oracle of the lock-test workload: two <b>plain</b> fields that a writer updates one after the other with
 * the critical-section load between them, and that a reader reads with the load between them. Only the lock under
 * test orders these accesses (no volatile, no atomic in the same run), so a lock that fails to exclude or fails to
 * publish shows up as a torn pair and throws: a broken lock cannot post a number.
 */
public final class GuardedPair
{
    private final LoadUnit unit;
    private long first;
    private long second;

    /** A pair whose load is in pause units. */
    public GuardedPair()
    {
        this(LoadUnit.PAUSE);
    }

    /**
     * @param unit the unit of the load between the two fields' accesses
     */
    GuardedPair(final LoadUnit unit)
    {
        this.unit = unit;
    }

    /**
     * The writer's critical section.
     *
     * @param load units of load between the two stores
     */
    public void write(final int load)
    {
        final long v = first + 1;
        first = v;
        unit.spin(load);
        second = v;
    }

    /**
     * The reader's critical section.
     *
     * @param load units of load between the two loads
     * @throws IllegalStateException if the two fields differ (the lock let a writer in)
     */
    public void read(final int load)
    {
        final long a = first;
        unit.spin(load);
        final long b = second;
        if (a != b)
        {
            throw new IllegalStateException("torn read: " + a + " != " + b + "; the lock under test does not exclude");
        }
    }

    /**
     * A check outside any race (after all workers joined).
     *
     * @throws IllegalStateException if the fields differ
     */
    void verifyQuiescent()
    {
        if (first != second)
        {
            throw new IllegalStateException("torn pair at rest: " + first + " != " + second +
                "; the lock under test does not exclude");
        }
    }

    long writes()
    {
        return first;
    }
}
