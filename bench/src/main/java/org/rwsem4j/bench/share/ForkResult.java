package org.rwsem4j.bench.share;

import java.util.List;

/**
 * One fork's outcome: its windows, and why it failed when it did (then the windows are those that decoded, kept for
 * the raw figures, and the lock's verdicts for that shape are withheld).
 *
 * @param lock    the lock
 * @param shape   the shape
 * @param fork    1-based
 * @param windows the windows, in order
 * @param failure why the fork failed, or null
 */
record ForkResult(String lock, Shape shape, int fork, List<Window> windows, String failure)
{
    /** Keeps an immutable copy. */
    ForkResult
    {
        windows = List.copyOf(windows);
    }

    /** @return whether the fork ran and every window decoded */
    boolean ok()
    {
        return failure == null;
    }
}
