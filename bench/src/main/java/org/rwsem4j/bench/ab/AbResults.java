package org.rwsem4j.bench.ab;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;
import java.util.TreeMap;

import org.rwsem4j.bench.ab.AbPlan.Side;
import org.rwsem4j.bench.ablation.JmhJson;
import org.rwsem4j.bench.ablation.Sample;
import org.rwsem4j.bench.report.Numbers;
import org.rwsem4j.cli.UsageException;

/**
 * What the children of an A/B run measured: per cell, per benchmark method (one row each; {@code LockTestBenchmark}
 * has one), each side's forks as {@link Sample}s read back by {@link JmhJson}; and the cells that failed, with why.
 * A cell fails when any of its runs fails on either side, and a failed cell gets no comparison.
 */
public final class AbResults
{
    /**
     * One benchmark method in one cell: its unit and each side's forks.
     *
     * @param method the method's simple name
     * @param unit   the primary metric's unit
     * @param forks  each side's forks, in the order they ran
     */
    record Row(String method, String unit, Map<Side, List<Sample>> forks)
    {
        List<Sample> side(final Side side)
        {
            return forks.getOrDefault(side, List.of());
        }
    }

    private final List<AbCell> cells;
    private final Map<Integer, Map<String, Row>> rows = new TreeMap<>();
    private final Map<Integer, String> failures = new TreeMap<>();

    /** @param cells the plan's cells */
    AbResults(final List<AbCell> cells)
    {
        this.cells = List.copyOf(cells);
    }

    List<AbCell> cells()
    {
        return cells;
    }

    /**
     * Reads a child's JMH JSON and adds its forks; the child must have run with every parameter of its cell (JMH
     * ignores a {@code -p} that the benchmark does not declare, as an older jar would for a new parameter).
     *
     * @param step the run
     * @param json the file JMH wrote
     * @return the fork's figure, e.g. {@code 123.4 ms/op}, or {@code failed: <why>} (the cell is then failed)
     */
    String collect(final AbPlan.Step step, final Path json)
    {
        final List<JmhJson.Entry> entries;
        try
        {
            entries = JmhJson.read(json);
        }
        catch (final UsageException e)
        {
            return fail(step, e.getMessage());
        }
        if (entries.isEmpty())
        {
            return fail(step, json + ": no benchmark result in it");
        }
        final AbCell cell = cells.get(step.cell());
        for (final JmhJson.Entry e : entries)
        {
            for (final Map.Entry<String, String> p : cell.params().entrySet())
            {
                final String got = e.params().get(p.getKey());
                if (got == null)
                {
                    return fail(step, "jar " + step.side() + "'s " + e.benchmark() + " has no parameter '" +
                        p.getKey() + "' (JMH ignores an unknown -p, so its figure would not be comparable)");
                }
                if (!got.equals(p.getValue()))
                {
                    return fail(step, "jar " + step.side() + " ran " + p.getKey() + "=" + got + ", not " +
                        p.getValue());
                }
            }
            if (e.forks().size() != 1)
            {
                return fail(step, json + ": expected one fork per entry, found " + e.forks().size());
            }
            final String method = e.benchmark().substring(e.benchmark().lastIndexOf('.') + 1);
            final Row row = rows.getOrDefault(step.cell(), Map.of()).get(method);
            if (row != null && !row.unit().equals(e.unit()))
            {
                return fail(step, "jar " + step.side() + "'s " + method + " reports " + e.unit() + ", the other " +
                    row.unit() + ": the figures are not comparable");
            }
        }
        final StringJoiner figures = new StringJoiner(", ");
        for (final JmhJson.Entry e : entries)
        {
            final String method = e.benchmark().substring(e.benchmark().lastIndexOf('.') + 1);
            final Sample s = e.forks().get(0);
            add(step.cell(), method, e.unit(), step.side(), s);
            figures.add((entries.size() > 1 ? method + " " : "") + Numbers.seed(s.score()) + " " + e.unit());
        }
        return figures.toString();
    }

    /**
     * Adds one fork.
     *
     * @param cell   the cell's index
     * @param method the benchmark method's simple name
     * @param unit   its unit
     * @param side   which jar
     * @param fork   the fork's sample
     */
    void add(final int cell, final String method, final String unit, final Side side, final Sample fork)
    {
        final Row row = rows.computeIfAbsent(cell, c -> new LinkedHashMap<>())
            .computeIfAbsent(method, m -> new Row(m, unit, new EnumMap<>(Side.class)));
        row.forks().computeIfAbsent(side, s -> new ArrayList<>()).add(fork);
    }

    /**
     * Marks a run's cell failed (the first reason is kept).
     *
     * @param step   the run
     * @param reason one line
     * @return {@code failed: <reason>}
     */
    String fail(final AbPlan.Step step, final String reason)
    {
        failures.putIfAbsent(step.cell(), String.format(Locale.ROOT, "round %d, jar %s: %s", step.round(),
            step.side(), reason));
        return "failed: " + reason;
    }

    boolean failed(final int cell)
    {
        return failures.containsKey(cell);
    }

    /** @return the failed cells' reasons, by cell index */
    public Map<Integer, String> failures()
    {
        return failures;
    }

    /**
     * @param cell a cell's index
     * @return its rows (one per benchmark method), in the order first seen
     */
    List<Row> rows(final int cell)
    {
        return List.copyOf(rows.getOrDefault(cell, Map.of()).values());
    }
}
