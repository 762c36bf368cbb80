package org.rwsem4j.torture;

/**
 * One completed operation on the history register, as its worker recorded it after the unlock: a write, a read, or
 * (a write that downgraded) a write followed by a read within the same hold, both with the hold's interval.
 */
final class Operation
{
    /** The worker's lane (its index in the run's history). */
    final int lane;
    /** {@code System.nanoTime()} before {@code lock()}. */
    final long invoked;
    /** {@code System.nanoTime()} after {@code unlock()}. */
    final long responded;
    /** The unique value written, or {@link HistoryLane#NO_VALUE} if this is no write. */
    final long written;
    /** Whether the operation read the register. */
    final boolean read;
    /** The first half read. */
    final long first;
    /** The second half read (the complement of the first if the read was not torn). */
    final long second;

    Operation(
        final int lane,
        final long invoked,
        final long responded,
        final long written,
        final boolean read,
        final long first,
        final long second)
    {
        this.lane = lane;
        this.invoked = invoked;
        this.responded = responded;
        this.written = written;
        this.read = read;
        this.first = first;
        this.second = second;
    }

    boolean isWrite()
    {
        return written != HistoryLane.NO_VALUE;
    }

    @Override
    public String toString()
    {
        return "lane " + lane + (isWrite() ? " wrote " + written : "") +
            (read ? " read " + first + "/~" + ~second : "") + " [" + invoked + ", " + responded + "]";
    }
}
