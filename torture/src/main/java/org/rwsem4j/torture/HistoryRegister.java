package org.rwsem4j.torture;

/**
 * The register the history oracle watches, layered over the run's oracle. A writer stores its unique value v in two
 * plain fields, {@code first = v} on entry and {@code second = ~v} on exit, with the critical-section body between;
 * a reader loads them the other way round, {@code second} on entry and {@code first} on exit, also with the body
 * between. A single volatile word would itself be atomic and no history over it could ever be illegal; two plain
 * halves with work between are atomic only if the lock excludes. The crossed order makes every overlap show: if a
 * writer's stores and a reader's loads overlap at all, the reader's late load of {@code first} sees that write (or
 * a later one) while its early load of {@code second} saw an earlier one, a torn value that no write wrote. The
 * halves are plain, as the data oracle's fields are: only the lock orders them.
 *
 * <p>The values go into the worker's {@link HistoryLane}; the worker records the operation after its unlock.
 */
final class HistoryRegister implements Check
{
    private final Check oracle;
    private long first = HistoryLane.NO_VALUE;
    private long second = ~HistoryLane.NO_VALUE;

    HistoryRegister(final Check oracle)
    {
        this.oracle = oracle;
    }

    @Override
    public void readerEnter(final Worker w)
    {
        oracle.readerEnter(w);
        w.lane.second = second;
    }

    @Override
    public void readerExit(final Worker w)
    {
        final HistoryLane lane = w.lane;
        lane.first = first;
        lane.read = true;
        oracle.readerExit(w);
    }

    @Override
    public void writerEnter(final Worker w)
    {
        oracle.writerEnter(w);
        final HistoryLane lane = w.lane;
        final long v = lane.nextValue();
        lane.written = v;
        first = v;
    }

    @Override
    public void writerExit(final Worker w)
    {
        second = ~w.lane.written;
        oracle.writerExit(w);
    }

    @Override
    public void downgrade(final Worker w)
    {
        final HistoryLane lane = w.lane;
        second = ~lane.written; // the write is complete; what follows is a read, with the body between its halves
        lane.second = second;
        oracle.downgrade(w);
    }

    @Override
    public void afterJoin(final long writeAcquisitions, final Violations violations)
    {
        oracle.afterJoin(writeAcquisitions, violations);
    }
}
