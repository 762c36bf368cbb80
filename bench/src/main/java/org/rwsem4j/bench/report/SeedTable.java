package org.rwsem4j.bench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.rwsem4j.bench.stats.Stats;
import org.rwsem4j.bench.stats.Verdicts;

/**
 * The seed-000 table shape: one row per lock (and r:w ratio) and thread count, the columns packed into one field as
 * {@code key:value} pairs ({@code 1:530.7, 5:406.0, 10:472.7}), then {@code % Change} blocks. Values are medians
 * over forks; the last column is the row's widest spread, (max − min) / median. Change blocks hold texts the report
 * rendered from its {@link Verdicts} (change, 95% interval, and {@code ~} for no difference).
 */
public final class SeedTable
{
    private final String rowHeader;
    private final String valueHeader;
    private final List<String> columns;
    private final List<Row> rows = new ArrayList<>();
    private final List<Block> blocks = new ArrayList<>();

    /**
     * @param rowHeader   e.g. {@code lock/r:w ratio}
     * @param valueHeader e.g. {@code Load:Execution Time (ms)}
     * @param columns     the column keys in order, e.g. {@code 1, 5, 10}
     */
    public SeedTable(final String rowHeader, final String valueHeader, final List<String> columns)
    {
        this.rowHeader = rowHeader;
        this.valueHeader = valueHeader;
        this.columns = List.copyOf(columns);
    }

    /**
     * Adds a row; a column without a value prints {@code n/a}.
     *
     * @param label   e.g. {@code mutex} or {@code base/1:1}
     * @param threads e.g. {@code 2}
     * @param values  column key to stats
     * @return this
     */
    public SeedTable row(final String label, final String threads, final Map<String, Stats> values)
    {
        rows.add(new Row(label, threads, new LinkedHashMap<>(values)));
        return this;
    }

    /**
     * Adds a row only if it has at least one value (for cells a profile does not measure).
     *
     * @param label   the row label
     * @param threads the thread count
     * @param values  column key to stats
     * @return this
     */
    public SeedTable rowIfAny(final String label, final String threads, final Map<String, Stats> values)
    {
        return values.isEmpty() ? this : row(label, threads, values);
    }

    /**
     * Starts a {@code % Change} block.
     *
     * @param heading e.g. {@code % Change (all vs base):}
     * @return this
     */
    public SeedTable changeBlock(final String heading)
    {
        blocks.add(new Block(heading, new ArrayList<>()));
        return this;
    }

    /**
     * Adds a row to the last change block: each column's change, already rendered (a column without one prints
     * {@code n/a}).
     *
     * @param label   the row label
     * @param threads the thread count
     * @param texts   column key to its change, e.g. {@code -12.3% [-15,-10]}
     * @return this
     */
    public SeedTable change(final String label, final String threads, final Map<String, String> texts)
    {
        final Map<String, String> all = new LinkedHashMap<>();
        for (final String c : columns)
        {
            all.put(c, texts.getOrDefault(c, "n/a"));
        }
        blocks.get(blocks.size() - 1).rows.add(new TextRow(label, threads, all));
        return this;
    }

    /** @return whether the table has no rows */
    public boolean isEmpty()
    {
        return rows.isEmpty();
    }

    /** @return the bars of every value row, for the chart */
    public List<Bar> bars(final String seriesPrefix)
    {
        final List<Bar> out = new ArrayList<>();
        for (final Row r : rows)
        {
            for (final String c : columns)
            {
                final Stats s = r.values.get(c);
                if (s != null)
                {
                    out.add(new Bar(r.label + " " + r.threads + "t", seriesPrefix + c, s));
                }
            }
        }
        return out;
    }

    /** @return the table as plain text, two-space indented, seed style */
    public String render()
    {
        final List<TextRow> valueRows = new ArrayList<>();
        final List<String> spreads = new ArrayList<>();
        for (final Row r : rows)
        {
            final Map<String, String> texts = new LinkedHashMap<>();
            double spread = 0;
            for (final String c : columns)
            {
                final Stats s = r.values.get(c);
                texts.put(c, s == null ? "n/a" : Numbers.seed(s.median()));
                if (s != null)
                {
                    spread = Math.max(spread, s.spreadPercent());
                }
            }
            valueRows.add(new TextRow(r.label, r.threads, texts));
            spreads.add(Numbers.percent(spread));
        }
        final List<TextRow> all = new ArrayList<>(valueRows);
        blocks.forEach(b -> all.addAll(b.rows));
        final int[] colWidth = new int[columns.size()];
        int labelWidth = rowHeader.length();
        for (final TextRow r : all)
        {
            labelWidth = Math.max(labelWidth, r.label.length());
            for (int i = 0; i < columns.size(); i++)
            {
                colWidth[i] = Math.max(colWidth[i], r.texts.get(columns.get(i)).length());
            }
        }
        final String threadsHeader = "# of threads";
        int valueWidth = valueHeader.length();
        for (final TextRow r : all)
        {
            valueWidth = Math.max(valueWidth, packed(r, colWidth).length());
        }
        final StringBuilder sb = new StringBuilder();
        line(sb, labelWidth, rowHeader, threadsHeader, valueWidth, valueHeader, "spread");
        line(sb, labelWidth, dashes(rowHeader.length()), dashes(threadsHeader.length()), valueWidth,
            dashes(valueHeader.length()), dashes(6));
        for (int i = 0; i < valueRows.size(); i++)
        {
            final TextRow r = valueRows.get(i);
            line(sb, labelWidth, r.label, r.threads, valueWidth, packed(r, colWidth), spreads.get(i));
        }
        for (final Block b : blocks)
        {
            sb.append('\n').append(b.heading).append('\n');
            for (final TextRow r : b.rows)
            {
                line(sb, labelWidth, r.label, r.threads, valueWidth, packed(r, colWidth), "");
            }
        }
        return sb.toString();
    }

    private String packed(final TextRow r, final int[] colWidth)
    {
        final StringBuilder sb = new StringBuilder();
        for (int i = 0; i < columns.size(); i++)
        {
            final String c = columns.get(i);
            final String entry = c + ":" + r.texts.get(c);
            sb.append(entry);
            if (i < columns.size() - 1)
            {
                sb.append(',');
                sb.append(" ".repeat(1 + colWidth[i] - r.texts.get(c).length()));
            }
        }
        return sb.toString();
    }

    private static void line(final StringBuilder sb, final int labelWidth, final String label, final String threads,
        final int valueWidth, final String value, final String spread)
    {
        final String text = "  " + pad(label, labelWidth) + "  " + pad(threads, 12) + "  " +
            (spread.isEmpty() ? value : pad(value, valueWidth) + "  " + spread);
        sb.append(text.stripTrailing()).append('\n');
    }

    private static String pad(final String s, final int width)
    {
        return s.length() >= width ? s : s + " ".repeat(width - s.length());
    }

    private static String dashes(final int n)
    {
        return "-".repeat(n);
    }

    private record Row(String label, String threads, Map<String, Stats> values)
    {
    }

    private record TextRow(String label, String threads, Map<String, String> texts)
    {
    }

    private record Block(String heading, List<TextRow> rows)
    {
    }
}
