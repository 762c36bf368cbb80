package org.rwsem4j.bench.ab;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.rwsem4j.bench.LockTestMetrics;
import org.rwsem4j.bench.ab.AbPlan.Side;
import org.rwsem4j.bench.ablation.Sample;
import org.rwsem4j.bench.report.Numbers;
import org.rwsem4j.bench.stats.Bootstrap;
import org.rwsem4j.bench.stats.Comparison;
import org.rwsem4j.bench.stats.Holm;
import org.rwsem4j.bench.stats.Verdicts;

/**
 * The A/B report, Markdown: a header (the jars and their commits, machine, load average, wall time, how verdicts are
 * decided) and one table row per cell and benchmark method: each side's median, B/A - 1 with its 95% two-level
 * bootstrap interval and verdict ({@link Verdicts}: Holm over every row of the run with at least
 * {@link Bootstrap#MIN_FORKS} forks a side), and each side's median worker overlap and wakeups per 1,000 ops when
 * the benchmark reports them.
 */
public final class AbReport
{
    /**
     * Where and how the run went.
     *
     * @param machine    cores, CPU, JVM, OS
     * @param date       when it started
     * @param loadBefore the load average before
     * @param loadAfter  the load average after
     * @param wallTime   the run's wall time
     */
    public record Header(String machine, String date, String loadBefore, String loadAfter, String wallTime)
    {
    }

    private final AbPlan plan;
    private final AbResults results;
    private final Verdicts verdicts = new Verdicts();

    /**
     * Registers every row's comparison and computes the verdicts.
     *
     * @param plan    the plan
     * @param results what the children measured
     */
    public AbReport(final AbPlan plan, final AbResults results)
    {
        this.plan = plan;
        this.results = results;
        for (int c = 0; c < plan.cells().size(); c++)
        {
            for (final AbResults.Row row : comparable(c))
            {
                verdicts.compare(key(c, row), values(row.side(Side.B)), values(row.side(Side.A)));
            }
        }
        verdicts.close();
    }

    /**
     * @param cell a cell's index
     * @param row  one of its rows
     * @return the comparison of B against A (null if the cell failed or a side has no fork)
     */
    Comparison comparison(final int cell, final AbResults.Row row)
    {
        return verdicts.get(key(cell, row));
    }

    /**
     * @param cell a cell's index
     * @param row  one of its rows
     * @return {@code different}, {@code no difference}, {@code ?} (fewer than 5 forks a side) or {@code failed}
     */
    String verdict(final int cell, final AbResults.Row row)
    {
        final Comparison c = comparison(cell, row);
        if (c == null)
        {
            return results.failed(cell) ? "failed" : "?";
        }
        return !c.hasVerdict() ? "?" : verdicts.different(key(cell, row)) ? "different" : "no difference";
    }

    /** @return how many rows carry a verdict */
    int family()
    {
        return verdicts.family();
    }

    /**
     * @param header where and how the run went
     * @return the report
     */
    public String render(final Header header)
    {
        final String nl = System.lineSeparator();
        final StringBuilder s = new StringBuilder();
        s.append("# A/B: ").append(plan.benchmark()).append(", jar B against jar A").append(nl).append(nl);
        s.append("- A: ").append(plan.jar(Side.A).describe()).append(nl);
        s.append("- B: ").append(plan.jar(Side.B).describe()).append(nl);
        if (plan.jar(Side.A).sha256().equals(plan.jar(Side.B).sha256()))
        {
            s.append("- A and B are the same file: a null control, every row must say \"no difference\"").append(nl);
        }
        s.append("- machine: ").append(header.machine()).append(nl);
        s.append("- date: ").append(header.date()).append(nl);
        s.append("- load average (1, 5, 15 min): before ").append(header.loadBefore()).append(", after ")
            .append(header.loadAfter()).append(nl);
        s.append("- wall time: ").append(header.wallTime()).append(nl);
        s.append("- plan: ").append(plan.summary()).append("; each round runs every cell in a shuffled order, ")
            .append("both jars back to back, A first in odd rounds and B first in even ones").append(nl);
        s.append(String.format(Locale.ROOT, "- verdicts: B/A - 1 of the medians over all measured iterations, its " +
            "95%% interval and p-value from a two-level bootstrap (forks, then iterations within each fork); Holm " +
            "over the %d rows with at least %d forks a side keeps the family-wise false-positive rate at most " +
            "%.0f%%. `?` means no verdict (fewer than %d forks a side)%n", verdicts.family(), Bootstrap.MIN_FORKS,
            Holm.ALPHA * 100, Bootstrap.MIN_FORKS));
        s.append(nl).append(table());
        if (!results.failures().isEmpty())
        {
            s.append(nl).append("Failed cells:").append(nl).append(nl);
            results.failures().forEach((c, why) ->
                s.append("- ").append(plan.cells().get(c).label()).append(": ").append(why).append(nl));
        }
        return s.toString();
    }

    private String table()
    {
        final boolean overlap = anySecondary(LockTestMetrics.OVERLAP);
        final boolean wakeups = anySecondary(LockTestMetrics.WAKEUPS);
        final List<String> head = new ArrayList<>(List.of("cell", "A median", "B median", "B/A - 1 [95%]",
            "verdict"));
        if (overlap)
        {
            head.addAll(List.of("overlap A", "overlap B"));
        }
        if (wakeups)
        {
            head.addAll(List.of("wakeups/kop A", "wakeups/kop B"));
        }
        final String nl = System.lineSeparator();
        final StringBuilder s = new StringBuilder();
        s.append("| ").append(String.join(" | ", head)).append(" |").append(nl);
        s.append("|").append("---|".repeat(head.size())).append(nl);
        for (int c = 0; c < plan.cells().size(); c++)
        {
            final List<AbResults.Row> rows = results.rows(c);
            if (rows.isEmpty())
            {
                s.append("| ").append(plan.cells().get(c).label()).append(" | failed").append(" |".repeat(
                    head.size() - 1)).append(nl);
            }
            for (final AbResults.Row row : rows)
            {
                s.append("| ").append(String.join(" | ", cells(c, row, overlap, wakeups))).append(" |").append(nl);
            }
        }
        return s.toString();
    }

    private List<String> cells(final int c, final AbResults.Row row, final boolean overlap, final boolean wakeups)
    {
        final String label = plan.cells().get(c).label() + (results.rows(c).size() > 1 ? " " + row.method() : "");
        final Comparison cmp = comparison(c, row);
        final List<String> out = new ArrayList<>(List.of(label, median(row, Side.A), median(row, Side.B),
            cmp == null ? "n/a" : String.format(Locale.ROOT, "%+.1f%% %s", cmp.changePct(), cmp.interval()),
            verdict(c, row)));
        if (overlap)
        {
            out.add(secondary(row.side(Side.A), LockTestMetrics.OVERLAP, "%"));
            out.add(secondary(row.side(Side.B), LockTestMetrics.OVERLAP, "%"));
        }
        if (wakeups)
        {
            out.add(secondary(row.side(Side.A), LockTestMetrics.WAKEUPS, ""));
            out.add(secondary(row.side(Side.B), LockTestMetrics.WAKEUPS, ""));
        }
        return out;
    }

    private List<AbResults.Row> comparable(final int cell)
    {
        final List<AbResults.Row> out = new ArrayList<>();
        if (!results.failed(cell))
        {
            for (final AbResults.Row row : results.rows(cell))
            {
                if (!row.side(Side.A).isEmpty() && !row.side(Side.B).isEmpty())
                {
                    out.add(row);
                }
            }
        }
        return out;
    }

    private String key(final int cell, final AbResults.Row row)
    {
        return plan.cells().get(cell).label() + " " + row.method();
    }

    private static List<double[]> values(final List<Sample> forks)
    {
        final List<double[]> out = new ArrayList<>();
        forks.forEach(f -> out.add(f.iterationValues(Sample::score)));
        return out;
    }

    private static String median(final AbResults.Row row, final Side side)
    {
        final List<double[]> forks = values(row.side(side));
        if (forks.isEmpty())
        {
            return "-";
        }
        return Numbers.seed(Bootstrap.median(pool(forks))) + " " + row.unit() +
            String.format(Locale.ROOT, " (%d fork%s)", forks.size(), forks.size() == 1 ? "" : "s");
    }

    private static double[] pool(final List<double[]> forks)
    {
        return forks.stream().flatMapToDouble(java.util.Arrays::stream).toArray();
    }

    /** The median over the iterations that have the metric, leaving out a JDK peer's events (eventsKnown 0). */
    private static String secondary(final List<Sample> forks, final String name, final String suffix)
    {
        final boolean event = !LockTestMetrics.OVERLAP.equals(name);
        final double[] v = forks.stream().flatMap(f -> f.perIteration().stream())
            .filter(m -> !event || m.getOrDefault(LockTestMetrics.EVENTS_KNOWN, 1.0) > 0)
            .map(m -> m.get(name)).filter(x -> x != null).mapToDouble(Double::doubleValue).toArray();
        return v.length == 0 ? "-" : Numbers.seed(Bootstrap.median(v)) + suffix;
    }

    private boolean anySecondary(final String name)
    {
        for (int c = 0; c < plan.cells().size(); c++)
        {
            for (final AbResults.Row row : results.rows(c))
            {
                for (final Map.Entry<Side, List<Sample>> e : row.forks().entrySet())
                {
                    if (e.getValue().stream().anyMatch(f -> f.perIteration().stream().anyMatch(m ->
                        m.containsKey(name))))
                    {
                        return true;
                    }
                }
            }
        }
        return false;
    }
}
