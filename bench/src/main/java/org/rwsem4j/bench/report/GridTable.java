package org.rwsem4j.bench.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A plain aligned text table (seed 004 / seed 002 shape): a header, a dashed rule, rows. The first column and any
 * column with text in it are left-aligned; columns of numbers are right-aligned.
 */
public final class GridTable
{
    private final List<String> header;
    private final List<List<String>> rows = new ArrayList<>();

    /** @param header the column headings */
    public GridTable(final String... header)
    {
        this.header = List.of(header);
    }

    /** @param header the column headings */
    public GridTable(final List<String> header)
    {
        this.header = List.copyOf(header);
    }

    /**
     * @param cells one text per column
     * @return this table
     */
    public GridTable row(final String... cells)
    {
        return row(Arrays.asList(cells));
    }

    /**
     * Adds a row.
     *
     * @param cells one text per column
     * @return this table
     * @throws IllegalArgumentException if the row does not have one cell per column
     */
    public GridTable row(final List<String> cells)
    {
        if (cells.size() != header.size())
        {
            throw new IllegalArgumentException("row has " + cells.size() + " cells, header " + header.size());
        }
        rows.add(List.copyOf(cells));
        return this;
    }

    /** @return whether the table has no rows */
    public boolean isEmpty()
    {
        return rows.isEmpty();
    }

    /** @return the table as aligned text lines, header and rule first */
    public String render()
    {
        final int[] w = new int[header.size()];
        for (int i = 0; i < w.length; i++)
        {
            w[i] = header.get(i).length();
            for (final List<String> r : rows)
            {
                w[i] = Math.max(w[i], r.get(i).length());
            }
        }
        final boolean[] right = new boolean[header.size()];
        for (int i = 1; i < right.length; i++)
        {
            right[i] = true;
            for (final List<String> r : rows)
            {
                right[i] &= numeric(r.get(i));
            }
        }
        final StringBuilder sb = new StringBuilder();
        line(sb, header, w, right);
        final List<String> rule = new ArrayList<>();
        for (final int width : w)
        {
            rule.add("-".repeat(width));
        }
        line(sb, rule, w, right);
        rows.forEach(r -> line(sb, r, w, right));
        return sb.toString();
    }

    /** A cell that reads as a number (or n/a, or empty): right-aligned when its whole column is. */
    static boolean numeric(final String cell)
    {
        return cell.isEmpty() || cell.equals("n/a") || cell.equals("-") ||
            cell.matches("[-+]?[0-9][0-9.,/]*[%x~]*( .*)?");
    }

    private static void line(final StringBuilder sb, final List<String> cells, final int[] w, final boolean[] right)
    {
        final StringBuilder l = new StringBuilder("  ");
        for (int i = 0; i < cells.size(); i++)
        {
            final String c = cells.get(i);
            final String padding = " ".repeat(w[i] - c.length());
            l.append(right[i] ? padding + c : c + padding);
            l.append(i < cells.size() - 1 ? "  " : "");
        }
        sb.append(l.toString().stripTrailing()).append('\n');
    }
}
