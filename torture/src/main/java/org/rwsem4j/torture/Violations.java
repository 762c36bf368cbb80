package org.rwsem4j.torture;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/** Oracle violations of one run: all are counted, the first few are kept with their details. */
final class Violations
{
    static final int KEEP = 20;

    private final AtomicLong count = new AtomicLong();
    private final AtomicInteger kept = new AtomicInteger();
    private final ConcurrentLinkedQueue<String> first = new ConcurrentLinkedQueue<>();

    /**
     * Records a violation seen by a worker (inside its critical section: only here, off the good path, do the
     * oracles touch an atomic they would not otherwise touch).
     */
    void report(final Worker worker, final String what)
    {
        worker.fails++;
        record(worker.name + ": " + what);
    }

    /** Records a violation found outside any worker (the final checks). */
    void record(final String what)
    {
        count.incrementAndGet();
        if (kept.getAndIncrement() < KEEP)
        {
            first.add(what);
        }
    }

    long count()
    {
        return count.get();
    }

    List<String> first()
    {
        return new ArrayList<>(first);
    }
}
