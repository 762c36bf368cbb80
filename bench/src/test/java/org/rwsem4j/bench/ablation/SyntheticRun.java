package org.rwsem4j.bench.ablation;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

import org.rwsem4j.bench.LoadUnit;
import org.rwsem4j.bench.LockTestMetrics;
import org.rwsem4j.bench.report.MachineInfo;
import org.rwsem4j.cli.UsageException;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

/**
 * Writes a run folder as the ablation would (metadata.json through {@link RunMetadata}, jmh.json in JMH's format),
 * with chosen scores instead of measured ones: the fixture of the report and compare tests.
 */
final class SyntheticRun
{
    /** The ablation arguments every synthetic run records. */
    static final List<String> ARGS = List.of("--smoke", "--forks", "1", "--ops", "2000", "--only", "locktest");

    private SyntheticRun()
    {
    }

    /**
     * @param dir   the folder to create
     * @param score each lock's score in ms (every cell of that lock), by its label
     * @return the folder
     * @throws Exception if it cannot be written
     */
    static Path write(final Path dir, final Map<String, Double> score) throws Exception
    {
        final Matrix matrix = Ablation.matrix(AblationCommand.parse(ARGS));
        return write(dir, ARGS, c -> score.get(matrix.label(c.impl())));
    }

    /**
     * @param dir   the folder to create
     * @param args  the ablation arguments to record
     * @param score each JMH cell's score in ms
     * @return the folder
     * @throws Exception if it cannot be written
     */
    static Path write(final Path dir, final List<String> args, final ToDoubleFunction<Cell> score) throws Exception
    {
        final Matrix matrix = Ablation.matrix(AblationCommand.parse(args));
        writeJmh(dir, matrix, score);
        final RunMetadata meta = metadata(dir, args);
        meta.update(1, matrix, new Results(), List.of(), 12.5, "2.00 1.00 1.00");
        meta.write(dir);
        return dir;
    }

    /** The machine every synthetic run records. */
    static MachineInfo machine()
    {
        return new MachineInfo(2, "test cpu", "test jvm", "test os", "2026-12-01T12:00:00Z", "0000000 (test)", 40.0,
            2.5);
    }

    /**
     * @param dir  the run folder
     * @param args the ablation arguments to record
     * @return the metadata of a run starting now (not written yet)
     */
    static RunMetadata metadata(final Path dir, final List<String> args)
    {
        try
        {
            return RunMetadata.start(args, AblationCommand.parse(args).profile, dir.getFileName().toString(),
                "synthetic " + dir.getFileName(), machine(), "1.00 1.00 1.00");
        }
        catch (final UsageException e)
        {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    /**
     * Writes jmh.json: one entry (one fork of two iterations, 0.99 and 1.01 times the score) per JMH cell.
     *
     * @param dir    the run folder (created)
     * @param matrix the run's cells
     * @param score  each lock's score by its label
     * @throws IOException if it cannot be written
     */
    static void writeJmh(final Path dir, final Matrix matrix, final Map<String, Double> score) throws IOException
    {
        writeJmh(dir, matrix, c -> score.get(matrix.label(c.impl())));
    }

    /**
     * Writes jmh.json: one entry (one fork of two iterations, 0.99 and 1.01 times the score) per JMH cell.
     *
     * @param dir    the run folder (created)
     * @param matrix the run's cells
     * @param score  each cell's score
     * @throws IOException if it cannot be written
     */
    static void writeJmh(final Path dir, final Matrix matrix, final ToDoubleFunction<Cell> score) throws IOException
    {
        Files.createDirectories(dir);
        final JsonArray entries = new JsonArray();
        for (final Cell c : matrix.cells)
        {
            if (c.bench().isJmh())
            {
                entries.add(entry(c, score.applyAsDouble(c)));
            }
        }
        Files.writeString(dir.resolve(RunFolder.JMH_JSON), new GsonBuilder().setPrettyPrinting().create()
            .toJson(entries), StandardCharsets.UTF_8);
    }

    private static JsonObject entry(final Cell c, final double ms)
    {
        final JsonObject e = new JsonObject();
        e.addProperty("jmhVersion", "1.37");
        e.addProperty("benchmark", c.bench().benchmarkClass.getName() + "." + c.bench().method);
        e.addProperty("mode", "ss");
        e.addProperty("threads", c.threads());
        e.addProperty("forks", 1);
        final JsonObject params = new JsonObject();
        params.addProperty(c.bench().implParam(), c.impl());
        c.params().forEach(params::addProperty);
        params.addProperty("jmhDefaultOnly", "x");
        if (c.bench() == Bench.LOCKTEST && !c.params().containsKey(LockTestSpec.UNIT))
        {
            params.addProperty(LockTestSpec.UNIT, LoadUnit.PAUSE.cliName); // JMH records its default
        }
        e.add("params", params);
        final String millis = c.param("millis");
        final JsonObject secondary = new JsonObject();
        if (millis == null || "0".equals(millis))
        {
            e.add("primaryMetric", metric(ms, "ms/op"));
        }
        else
        {
            // a cell sized by time: JMH's primary is the window, the figure the timedMs secondary (LockTestCounters)
            e.add("primaryMetric", metric(Double.parseDouble(millis), "ms/op"));
            secondary.add(LockTestMetrics.TIMED_SCORE, metric(ms, "#"));
        }
        e.add("secondaryMetrics", secondary);
        return e;
    }

    /** @return a JMH metric of one fork of two iterations, 0.99 and 1.01 times {@code value} */
    private static JsonObject metric(final double value, final String unit)
    {
        final JsonObject m = new JsonObject();
        m.addProperty("score", value);
        m.addProperty("scoreUnit", unit);
        final JsonArray fork = new JsonArray();
        fork.add(value * 0.99);
        fork.add(value * 1.01);
        final JsonArray raw = new JsonArray();
        raw.add(fork);
        m.add("rawData", raw);
        return m;
    }

    /**
     * Rewrites one of a folder's files through Gson's tree.
     *
     * @param file the file
     * @param edit what to change
     * @throws IOException if it cannot be read or written
     */
    static void edit(final Path file, final java.util.function.Consumer<com.google.gson.JsonElement> edit)
        throws IOException
    {
        final com.google.gson.JsonElement root = com.google.gson.JsonParser.parseString(Files.readString(file));
        edit.accept(root);
        Files.writeString(file, root.toString(), StandardCharsets.UTF_8);
    }
}
