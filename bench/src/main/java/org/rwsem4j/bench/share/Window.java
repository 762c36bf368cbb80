package org.rwsem4j.bench.share;

import java.util.List;

/**
 * One measured window of one fork: per thread, the acquisitions that completed in it and the wait for the lock (from
 * the lock call to holding it) p99 and max. A wait still open when the window closed counts in that window's max (and
 * is its p99 when the thread completed no acquisition): a starved thread shows its wait in every window it spans.
 *
 * @param index   1-based, in the fork's order
 * @param nanos   the window's measured length
 * @param readers the reader threads' figures, in thread order
 * @param writers the writer threads' figures, in thread order
 */
record Window(int index, long nanos, List<Figures> readers, List<Figures> writers)
{
    /** Keeps immutable copies. */
    Window
    {
        readers = List.copyOf(readers);
        writers = List.copyOf(writers);
    }

    /**
     * One thread's figures in a window.
     *
     * @param acquisitions completed acquisitions
     * @param p99Nanos     wait p99, ns
     * @param maxNanos     wait max, ns
     */
    record Figures(long acquisitions, long p99Nanos, long maxNanos)
    {
    }

    /** @return the writer role's acquisitions: the sum over the writer threads */
    long writerAcquisitions()
    {
        return writers.stream().mapToLong(Figures::acquisitions).sum();
    }

    /** @return the reader role's acquisitions as the target counts them: the fewest of any reader thread */
    long readerAcquisitionsMin()
    {
        return readers.stream().mapToLong(Figures::acquisitions).min().orElse(0);
    }

    /**
     * @param role the readers or the writers of this window
     * @return the role's wait p99: the largest of its threads' p99s
     */
    static long p99(final List<Figures> role)
    {
        return role.stream().mapToLong(Figures::p99Nanos).max().orElse(0);
    }

    /**
     * @param role the readers or the writers of this window
     * @return the role's wait max
     */
    static long max(final List<Figures> role)
    {
        return role.stream().mapToLong(Figures::maxNanos).max().orElse(0);
    }
}
