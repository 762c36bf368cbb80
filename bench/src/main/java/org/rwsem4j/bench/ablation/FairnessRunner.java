package org.rwsem4j.bench.ablation;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.rwsem4j.bench.JvmFlags;
import org.rwsem4j.bench.fairness.FairnessHarness;
import org.rwsem4j.bench.fairness.FairnessResult;

/** Runs one {@link FairnessHarness} repetition in a child JVM (a fork, as JMH would) and parses its result line. */
public final class FairnessRunner
{
    private final List<String> kernelLines = new ArrayList<>();

    /**
     * @param cell a fairness cell
     * @return the sample (score = total writer ops)
     * @throws IOException if the child failed; the message carries its output
     * @throws InterruptedException if interrupted
     */
    Sample run(final Cell cell) throws IOException, InterruptedException
    {
        final ProcessBuilder pb = new ProcessBuilder(command(cell));
        pb.redirectErrorStream(true);
        final Process p = pb.start();
        final StringBuilder output = new StringBuilder();
        String result = null;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8)))
        {
            String line;
            while ((line = r.readLine()) != null)
            {
                output.append(line).append('\n');
                if (line.startsWith(FairnessHarness.RESULT_PREFIX))
                {
                    result = line;
                }
                else if (!line.isBlank())
                {
                    kernelLines.add(line);
                }
            }
        }
        final long budget = Long.parseLong(cell.param("millis")) + TimeUnit.MINUTES.toMillis(2);
        if (!p.waitFor(budget, TimeUnit.MILLISECONDS))
        {
            p.destroyForcibly();
            throw new IOException("fairness child timed out for " + cell.impl());
        }
        if (p.exitValue() != 0 || result == null)
        {
            throw new IOException("fairness child failed (exit " + p.exitValue() + "):\n" + output);
        }
        return sample(result);
    }

    /**
     * @param cell a fairness cell
     * @return the child's command line: {@code fairness IMPL READERS WRITERS MILLIS LOAD}, with {@code --read-load}
     *     when the cell gives its read sections their own length
     */
    static List<String> command(final Cell cell)
    {
        final List<String> command = JvmFlags.childCommand(List.of("fairness", cell.impl(),
            cell.param("readers"), cell.param("writers"), cell.param("millis"), cell.param("load")));
        if (cell.param(FairnessCase.READ_LOAD) != null)
        {
            command.add("--read-load");
            command.add(cell.param(FairnessCase.READ_LOAD));
        }
        return command;
    }

    /**
     * A child's result line as a sample; torn reads fail the cell, so they are never posted as a figure.
     *
     * @param result the {@link FairnessHarness#RESULT_PREFIX} line
     * @return the sample
     * @throws IOException if a reader saw torn data
     */
    public static Sample sample(final String result) throws IOException
    {
        final FairnessResult f = FairnessResult.decode(result);
        if (f.fails != 0)
        {
            throw new IOException("fairness: " + f.fails + " torn reads; the lock under test does not exclude");
        }
        return sample(f);
    }

    /**
     * @param f a fork's result (from a child, or from a run folder's metadata)
     * @return the sample (score = total writer ops)
     */
    static Sample sample(final FairnessResult f)
    {
        return new Sample(FairnessResult.total(f.writeOps), Map.of(), f);
    }

    /** @return the children's kernel-format lines so far */
    List<String> kernelLines()
    {
        return List.copyOf(kernelLines);
    }
}
