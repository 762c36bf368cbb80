package org.rwsem4j.bench.report;

import java.util.List;

/**
 * One table of the report, with its chart.
 *
 * @param heading the table's heading
 * @param note    Markdown text under the heading (may be empty)
 * @param table   the plain-text table
 * @param chartId the SVG file's base name, or null for no chart
 * @param unit    the chart's unit line
 * @param bars    the chart's bars
 */
public record ReportPart(String heading, String note, String table, String chartId, String unit, List<Bar> bars)
{
    /** Keeps an immutable copy of the bars. */
    public ReportPart
    {
        bars = List.copyOf(bars);
    }
}
