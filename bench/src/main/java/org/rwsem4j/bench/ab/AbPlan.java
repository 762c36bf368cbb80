package org.rwsem4j.bench.ab;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * What an A/B run does: every cell, one fork of each jar per round, for {@code forks} rounds. Each round visits the
 * cells in an order shuffled by the round number (so the same plan always gives the same order) and runs the two jars
 * back to back, A first when round + cell index is odd and B first otherwise, so a drift of the machine's speed
 * reaches both sides alike. Each run is a child process, {@code java -jar <jar> jmh ...} with one JMH fork.
 */
public final class AbPlan
{
    /** The two builds. */
    public enum Side
    {
        A, B
    }

    /**
     * One child run.
     *
     * @param round the round, 1-based
     * @param cell  the cell's index in {@link #cells()}
     * @param side  which jar
     */
    public record Step(int round, int cell, Side side)
    {
    }

    private final BenchJar a;
    private final BenchJar b;
    private final String benchmark;
    private final List<AbCell> cells;
    private final int forks;
    private final int warmups;
    private final int iterations;

    /**
     * @param a          jar A (the reference)
     * @param b          jar B (the change)
     * @param benchmark  a benchmark class's simple name, optionally {@code .method}
     * @param cells      the parameter points
     * @param forks      rounds, i.e. forks per cell and jar
     * @param warmups    JMH warm-up iterations per fork
     * @param iterations JMH measured iterations per fork
     */
    public AbPlan(final BenchJar a, final BenchJar b, final String benchmark, final List<AbCell> cells, final int forks,
        final int warmups, final int iterations)
    {
        this.a = a;
        this.b = b;
        this.benchmark = benchmark;
        this.cells = List.copyOf(cells);
        this.forks = forks;
        this.warmups = warmups;
        this.iterations = iterations;
    }

    /**
     * @param side A or B
     * @return that side's jar
     */
    public BenchJar jar(final Side side)
    {
        return side == Side.A ? a : b;
    }

    String benchmark()
    {
        return benchmark;
    }

    /** @return the cells, in run order */
    public List<AbCell> cells()
    {
        return cells;
    }

    int forks()
    {
        return forks;
    }

    /** @return every child run in the order they run */
    public List<Step> steps()
    {
        final List<Step> out = new ArrayList<>();
        for (int round = 1; round <= forks; round++)
        {
            final List<Integer> order = new ArrayList<>();
            for (int c = 0; c < cells.size(); c++)
            {
                order.add(c);
            }
            Collections.shuffle(order, new Random(round));
            for (final int c : order)
            {
                // A first when round + cell is odd: over the rounds each cell's first side alternates, and within a
                // round half the cells start with each side, so an odd fork count still balances over the run.
                final Side first = (round + c) % 2 == 1 ? Side.A : Side.B;
                out.add(new Step(round, c, first));
                out.add(new Step(round, c, first == Side.A ? Side.B : Side.A));
            }
        }
        return out;
    }

    /** @return JMH's include regex: the benchmark class's methods, or the one method named */
    public String include()
    {
        final String name = "^org\\.rwsem4j\\.bench\\." + benchmark.replace(".", "\\.");
        return benchmark.contains(".") ? name + "$" : name + "\\.";
    }

    /**
     * @param java the java launcher
     * @param step the run
     * @param json where JMH writes its result
     * @return the child's command line
     */
    public List<String> command(final Path java, final Step step, final Path json)
    {
        final List<String> cmd = new ArrayList<>(List.of(java.toString(), "-jar", jar(step.side()).path().toString(),
            "jmh", include()));
        cells.get(step.cell()).params().forEach((k, v) ->
        {
            cmd.add("-p");
            cmd.add(k + "=" + v);
        });
        cmd.addAll(List.of("-f", "1", "-wi", Integer.toString(warmups), "-i", Integer.toString(iterations),
            "-foe", "true", "-rf", "json", "-rff", json.toString()));
        return cmd;
    }

    /** @return the plan's summary line */
    public String summary()
    {
        return String.format(Locale.ROOT, "%s: %d cells x 2 jars x %d forks = %d child runs, %d warm-up + %d " +
            "measured iterations per fork", benchmark, cells.size(), forks, cells.size() * 2 * forks, warmups,
            iterations);
    }

    /**
     * @param java the java launcher
     * @param work where the children's JSON files would go
     * @return the dry run's text: the jars, the summary and every child's command line in order
     */
    public String describe(final Path java, final Path work)
    {
        final StringBuilder s = new StringBuilder();
        s.append("A: ").append(a.describe()).append(System.lineSeparator());
        s.append("B: ").append(b.describe()).append(System.lineSeparator());
        s.append(summary()).append(System.lineSeparator());
        for (final Step step : steps())
        {
            s.append(String.format(Locale.ROOT, "round %d, cell %d, %s: ", step.round(), step.cell() + 1,
                step.side()));
            s.append(shell(command(java, step, work.resolve(fileName(step, ".json")))));
            s.append(System.lineSeparator());
        }
        return s.toString();
    }

    /**
     * @param step   a run
     * @param suffix {@code .json}, {@code .out} or {@code .err}
     * @return the name of the run's file, e.g. {@code r1-c2-A.json}
     */
    static String fileName(final Step step, final String suffix)
    {
        return "r" + step.round() + "-c" + (step.cell() + 1) + "-" + step.side() + suffix;
    }

    static String shell(final List<String> cmd)
    {
        final List<String> quoted = new ArrayList<>();
        for (final String arg : cmd)
        {
            quoted.add(arg.matches("[A-Za-z0-9_./:=,@+-]+") ? arg : "'" + arg.replace("'", "'\\''") + "'");
        }
        return String.join(" ", quoted);
    }
}
