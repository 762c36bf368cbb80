package org.rwsem4j.bench.ablation;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

import org.rwsem4j.bench.Locks;
import org.rwsem4j.bench.stats.Stats;
import org.rwsem4j.cli.UsageException;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code compare <run A> <run B>}: for the cells both runs share, each variant's ratio to its own run's peers, side
 * by side. A ratio is taken within one run only (variant median / peer median, the same benchmark and parameters);
 * absolute times from different runs are never set against each other.
 */
@Command(name = "compare", usageHelpAutoWidth = true,
    description = {"For the cells two runs share (same benchmark, parameters and lock label), print each variant's " +
        "ratio to its own run's peers (rrwl, stamped, mutex: whichever that run measured in the same cell) as a " +
        "Markdown table: A's ratio, B's ratio, and B/A. Absolute times from different runs are never compared."},
    footer = {"", "Exit status: 0; 2 for a missing folder or file, a malformed jmh.json or metadata.json, or a " +
        "patch set that differs from a run's."})
public final class CompareCommand implements Callable<Integer>
{
    /** The peers a variant is set against, in column order. */
    static final List<String> PEERS = List.of(Locks.RRWL, Locks.STAMPED, Locks.MUTEX);

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Print this help and exit.")
    boolean help;

    @Parameters(index = "0", paramLabel = "RUN_A", description = "The first run folder.")
    Path a;

    @Parameters(index = "1", paramLabel = "RUN_B", description = "The second run folder.")
    Path b;

    private final PrintStream stdout;

    /** @param stdout where the table goes */
    public CompareCommand(final PrintStream stdout)
    {
        this.stdout = stdout;
    }

    @Override
    public Integer call() throws UsageException
    {
        stdout.print(render(RunFolder.read(a), RunFolder.read(b)));
        stdout.flush();
        return 0;
    }

    /**
     * @param runA the first run
     * @param runB the second run
     * @return the Markdown comparison
     */
    static String render(final RunFolder runA, final RunFolder runB)
    {
        final Map<String, Double> ratiosA = ratios(runA);
        final Map<String, Double> ratiosB = ratios(runB);
        final StringBuilder sb = new StringBuilder("# rwsem4j compare\n\n");
        sb.append("- A: `").append(runA.dir).append("`: ").append(runA.metadata.title).append("; commit ")
            .append(runA.metadata.machine.commit()).append('\n');
        sb.append("- B: `").append(runB.dir).append("`: ").append(runB.metadata.title).append("; commit ")
            .append(runB.metadata.machine.commit()).append('\n');
        sb.append("\nratio = the variant's median over forks / the peer's median over forks, both from the same run " +
            "and the same cell; B/A = B's ratio / A's ratio. For times (ms, ns/op) a ratio below 1 is faster than " +
            "the peer; for rates (ops/s, ops/ms, ops) above 1 is more throughput. Absolute figures from different " +
            "runs are never compared.\n\n");
        sb.append("| cell | unit | variant | peer | A: variant/peer | B: variant/peer | B/A |\n");
        sb.append("|---|---|---|---|---|---|---|\n");
        int rows = 0;
        for (final Map.Entry<String, Double> e : ratiosA.entrySet())
        {
            final Double rb = ratiosB.get(e.getKey());
            if (rb == null)
            {
                continue;
            }
            sb.append("| ").append(e.getKey().replace("\u0000", " | ")).append(String.format(Locale.ROOT,
                " | %.3f | %.3f | %.3f |%n", e.getValue(), rb, rb / e.getValue()));
            rows++;
        }
        if (rows == 0)
        {
            sb.append("\nThe runs share no cell with a variant and a peer measured in both.\n");
        }
        return sb.toString();
    }

    /**
     * @return key (cell, unit, variant label, peer; separated by NUL) to variant median / peer median, in the
     *     run's cell order
     */
    static Map<String, Double> ratios(final RunFolder run)
    {
        final Map<String, Double> out = new LinkedHashMap<>();
        for (final Cell c : run.matrix.cells)
        {
            final Stats v = run.results.stats(c);
            if (Locks.isPeer(c.impl()) || Locks.isReference(c.impl()) || v == null)
            {
                continue;
            }
            for (final String peer : PEERS)
            {
                final Stats p = run.results.stats(new Cell(c.bench(), peer, c.params(), c.threads()));
                if (p != null && p.median() != 0)
                {
                    out.put(String.join("\u0000", cellText(c), c.bench().unit, run.matrix.label(c.impl()), peer),
                        v.median() / p.median());
                }
            }
        }
        return out;
    }

    private static String cellText(final Cell c)
    {
        final List<String> parts = new ArrayList<>();
        parts.add(c.bench().name().toLowerCase(Locale.ROOT));
        c.params().forEach((k, v) -> parts.add(k + "=" + v));
        if (c.threads() != 1)
        {
            parts.add("t=" + c.threads());
        }
        return String.join(" ", parts);
    }
}
