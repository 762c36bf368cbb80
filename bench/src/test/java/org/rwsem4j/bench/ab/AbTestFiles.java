package org.rwsem4j.bench.ab;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

import org.rwsem4j.bench.LockTestMetrics;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

/** Files the A/B tests need: small jars shaped like the bench jar, and JMH JSON results. */
public final class AbTestFiles
{
    private AbTestFiles()
    {
    }

    /**
     * @param file    where to write it
     * @param entries the jar's entries (their content does not matter here)
     * @param git     git.properties text, or null for none
     * @return the file
     * @throws IOException if it cannot be written
     */
    public static Path jar(final Path file, final List<String> entries, final String git) throws IOException
    {
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(file)))
        {
            for (final String e : entries)
            {
                out.putNextEntry(new JarEntry(e));
                out.write(1);
                out.closeEntry();
            }
            if (git != null)
            {
                out.putNextEntry(new JarEntry(BenchJar.GIT_PROPERTIES));
                out.write(git.getBytes(StandardCharsets.ISO_8859_1));
                out.closeEntry();
            }
        }
        return file;
    }

    /**
     * @param file  where to write it
     * @param commit the commit id git.properties records
     * @return a jar with BenchMain, LockTestBenchmark and UncontendedBenchmark, built at {@code commit}
     * @throws IOException if it cannot be written
     */
    public static Path benchJar(final Path file, final String commit) throws IOException
    {
        return jar(file, List.of(BenchJar.MAIN_CLASS, "org/rwsem4j/bench/LockTestBenchmark.class",
            "org/rwsem4j/bench/UncontendedBenchmark.class"),
            "git.commit.id=" + commit + "\ngit.dirty=false\ngit.build.time=2026-12-01T00:00:00Z\n");
    }

    /**
     * Writes one JMH JSON entry with one fork, shaped as {@code -rf json} writes it.
     *
     * @param file       where to write it
     * @param params     the entry's JMH parameters
     * @param iterations the fork's measured iterations (ms/op)
     * @param overlap    each iteration's {@code overlapPct}, or null for none
     * @return the file
     * @throws IOException if it cannot be written
     */
    static Path jmhJson(final Path file, final Map<String, String> params, final double[] iterations,
        final double[] overlap) throws IOException
    {
        final JsonObject entry = new JsonObject();
        entry.addProperty("jmhVersion", "1.37");
        entry.addProperty("benchmark", "org.rwsem4j.bench.LockTestBenchmark.lockTest");
        entry.addProperty("mode", "ss");
        entry.addProperty("threads", 1);
        entry.addProperty("forks", 1);
        final JsonObject p = new JsonObject();
        params.forEach(p::addProperty);
        entry.add("params", p);
        entry.add("primaryMetric", metric(iterations, "ms/op"));
        final JsonObject secondary = new JsonObject();
        if (overlap != null)
        {
            secondary.add(LockTestMetrics.OVERLAP, metric(overlap, "#"));
        }
        entry.add("secondaryMetrics", secondary);
        final JsonArray root = new JsonArray();
        root.add(entry);
        try (OutputStream out = Files.newOutputStream(file))
        {
            out.write(new GsonBuilder().setPrettyPrinting().create().toJson(root).getBytes(StandardCharsets.UTF_8));
        }
        return file;
    }

    private static JsonObject metric(final double[] values, final String unit)
    {
        final JsonObject m = new JsonObject();
        double sum = 0;
        final JsonArray fork = new JsonArray();
        for (final double v : values)
        {
            fork.add(v);
            sum += v;
        }
        m.addProperty("score", sum / values.length);
        m.addProperty("scoreUnit", unit);
        final JsonArray raw = new JsonArray();
        raw.add(fork);
        m.add("rawData", raw);
        return m;
    }
}
