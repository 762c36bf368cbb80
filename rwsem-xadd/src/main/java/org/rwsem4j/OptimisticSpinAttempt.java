package org.rwsem4j;

import org.rwsem4j.spi.OwnerState;
import org.rwsem4j.spi.SlowPath;
import org.rwsem4j.spi.SpinAttempt;

/**
 * The engine's {@link SpinAttempt}: one per optimistic spin, made before the spinner joins the OSQ. The engine
 * writes the observation ({@link #reader}, {@link #previous}, {@link #readers}) between two calls of the policy; the
 * policy's {@link #counter()} and {@link #deadline()} start at 0. One attempt, one thread: no sharing.
 */
final class OptimisticSpinAttempt implements SpinAttempt
{
    final NanoClock clock;
    private final SlowPath path;
    boolean reader;
    OwnerState previous;
    long readers;
    private long counter;
    private long deadline;

    OptimisticSpinAttempt(final NanoClock clock, final SlowPath path)
    {
        this.clock = clock;
        this.path = path;
    }

    void reset(final boolean reader)
    {
        this.reader = reader;
        previous = null;
        readers = 0;
        counter = 0;
        deadline = 0;
    }

    @Override
    public boolean reader()
    {
        return reader;
    }

    @Override
    public OwnerState previous()
    {
        return previous;
    }

    @Override
    public long readers()
    {
        return readers;
    }

    @Override
    public SlowPath path()
    {
        return path;
    }

    @Override
    public long nanoTime()
    {
        return clock.nanoTime();
    }

    @Override
    public long counter()
    {
        return counter;
    }

    @Override
    public void counter(final long value)
    {
        counter = value;
    }

    @Override
    public long deadline()
    {
        return deadline;
    }

    @Override
    public void deadline(final long value)
    {
        deadline = value;
    }
}
