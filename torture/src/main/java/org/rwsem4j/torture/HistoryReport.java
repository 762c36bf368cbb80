package org.rwsem4j.torture;

import java.util.List;

/**
 * What the history oracle of one run found.
 *
 * @param reads          reads checked (a downgraded write's read included)
 * @param writes         writes recorded
 * @param violationCount illegal reads (and checker failures)
 * @param violations     the first of them, one line each, with the operations' threads, times and values
 * @param maxPending     the most operations waiting for the watermark at once
 * @param backpressure   times a worker waited for room in its queue
 */
record HistoryReport(long reads, long writes, long violationCount, List<String> violations, long maxPending,
    long backpressure)
{
}
