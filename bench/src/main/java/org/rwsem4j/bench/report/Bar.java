package org.rwsem4j.bench.report;

import org.rwsem4j.bench.stats.Stats;

/**
 * One bar of a chart: a median with its min–max whisker.
 *
 * @param group  the row it belongs to (e.g. {@code all/1:1 2 thr})
 * @param series the column (e.g. {@code load 10})
 * @param stats  the values
 */
public record Bar(String group, String series, Stats stats)
{
}
