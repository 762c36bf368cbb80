package org.rwsem4j;

/**
 * The clock that spin budgets, waiter timeouts and handoff deadlines read. It is a hook so that model-checked and
 * scenario tests can run on a deterministic clock; the default is {@link System#nanoTime()}.
 */
@FunctionalInterface
public interface NanoClock
{
    /** The system clock. */
    NanoClock SYSTEM = System::nanoTime;

    /**
     * A monotonic time in nanoseconds.
     *
     * @return now
     */
    long nanoTime();
}
