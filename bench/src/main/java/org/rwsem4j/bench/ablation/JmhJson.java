package org.rwsem4j.bench.ablation;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

import org.rwsem4j.cli.UsageException;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;

/**
 * Reads JMH's JSON result format (what {@code -rf json} and the ablation's {@code jmh.json.gz} hold) back into
 * {@link Sample}s, one per entry. The ablation runs one fork per JMH run, so one entry is one fork of one cell.
 * Anything malformed is a {@link UsageException} whose one-line message names the file, the entry and the field.
 */
public final class JmhJson
{
    private JmhJson()
    {
    }

    /**
     * One entry: one benchmark method at one parameter point, its forks' raw data.
     *
     * @param benchmark the benchmark method, e.g. {@code org.rwsem4j.bench.LockTestBenchmark.lockTest}
     * @param params    its JMH parameters, sorted
     * @param threads   JMH threads
     * @param forks     one sample per fork in the entry
     * @param unit      the primary metric's {@code scoreUnit} (e.g. {@code ms/op}), or empty if the entry has none
     */
    public record Entry(String benchmark, TreeMap<String, String> params, int threads, List<Sample> forks, String unit)
    {
    }

    /**
     * @param file a JMH JSON result file, gzipped if its name ends in {@code .gz}
     * @return its entries, in file order
     * @throws UsageException if the file is missing, unreadable, not gzip (for {@code .gz}), or not JMH's format
     */
    public static List<Entry> read(final Path file) throws UsageException
    {
        final JsonElement root;
        final boolean gz = file.getFileName() != null && file.getFileName().toString().endsWith(".gz");
        try (Reader r = gz ? new StringReader(gunzip(file)) : Files.newBufferedReader(file, StandardCharsets.UTF_8))
        {
            root = JsonParser.parseReader(r);
        }
        catch (final NoSuchFileException e)
        {
            throw new UsageException(file + ": no such file");
        }
        catch (final ZipException | EOFException e)
        {
            throw new UsageException(file + ": not a valid gzip file (corrupt or truncated): " + oneLine(e));
        }
        catch (final IOException e)
        {
            throw new UsageException(file + ": cannot read: " + e.getMessage());
        }
        catch (final JsonParseException e)
        {
            throw new UsageException(file + ": not valid JSON: " + oneLine(e));
        }
        if (!root.isJsonArray())
        {
            throw new UsageException(file + ": not a JMH result file (expected a JSON array of benchmark entries)");
        }
        final List<Entry> out = new ArrayList<>();
        int index = 0;
        for (final JsonElement e : root.getAsJsonArray())
        {
            out.add(entry(file, index++, e));
        }
        return out;
    }

    /**
     * Decompresses the whole file first, so a corrupt or truncated gzip stream is told apart from bad JSON (a
     * streaming parser would see a truncated stream as an empty or cut document).
     */
    private static String gunzip(final Path file) throws IOException
    {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(file)))
        {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static Entry entry(final Path file, final int index, final JsonElement e) throws UsageException
    {
        final String where = file + ": entry " + index;
        try
        {
            final JsonObject o = e.getAsJsonObject();
            final TreeMap<String, String> params = new TreeMap<>();
            final JsonElement p = o.get("params");
            if (p != null && !p.isJsonNull())
            {
                for (final Map.Entry<String, JsonElement> kv : p.getAsJsonObject().entrySet())
                {
                    params.put(kv.getKey(), kv.getValue().getAsString());
                }
            }
            final JsonObject primaryMetric = required(o, "primaryMetric", where).getAsJsonObject();
            final JsonArray primary = primaryMetric.getAsJsonArray("rawData");
            if (primary == null)
            {
                throw new UsageException(where + ": primaryMetric has no rawData");
            }
            final JsonElement sec = o.get("secondaryMetrics");
            final JsonObject secondary = sec == null || sec.isJsonNull() ? new JsonObject() : sec.getAsJsonObject();
            final List<Sample> forks = new ArrayList<>();
            for (int f = 0; f < primary.size(); f++)
            {
                forks.add(fork(params.get("millis"), primary.get(f).getAsJsonArray(), secondary, f, where));
            }
            return new Entry(required(o, "benchmark", where).getAsString(), params,
                required(o, "threads", where).getAsInt(), forks,
                primaryMetric.has("scoreUnit") ? primaryMetric.get("scoreUnit").getAsString() : "");
        }
        catch (final IllegalStateException | UnsupportedOperationException | NumberFormatException |
            ClassCastException | IndexOutOfBoundsException ex)
        {
            throw new UsageException(where + ": not JMH's format: " + oneLine(ex));
        }
    }

    private static Sample fork(final String millis, final JsonArray raw, final JsonObject secondary, final int fork,
        final String where) throws UsageException
    {
        final double[] iterations = new double[raw.size()];
        double sum = 0;
        for (int i = 0; i < iterations.length; i++)
        {
            iterations[i] = raw.get(i).getAsDouble();
            sum += iterations[i];
        }
        if (iterations.length == 0)
        {
            throw new UsageException(where + ": fork " + fork + " has no iterations");
        }
        final List<Map<String, Double>> perIteration = new ArrayList<>();
        for (int i = 0; i < iterations.length; i++)
        {
            perIteration.add(new LinkedHashMap<>());
        }
        final Map<String, Double> forkScores = new LinkedHashMap<>();
        for (final Map.Entry<String, JsonElement> m : secondary.entrySet())
        {
            final JsonObject metric = m.getValue().getAsJsonObject();
            final JsonArray forks = metric.getAsJsonArray("rawData");
            if (forks == null || fork >= forks.size())
            {
                continue;
            }
            final JsonArray values = forks.get(fork).getAsJsonArray();
            double total = 0;
            for (int i = 0; i < Math.min(values.size(), iterations.length); i++)
            {
                final double v = values.get(i).getAsDouble();
                perIteration.get(i).put(m.getKey(), v);
                total += v;
            }
            forkScores.put(m.getKey(), forkScore(metric, forks.size(), total, values.size()));
        }
        return Sample.ofJmh(millis, sum / iterations.length, forkScores, iterations, perIteration);
    }

    /**
     * The fork's aggregate as JMH computes it: the entry's own score when it holds one fork (the ablation's case);
     * otherwise the sum over iterations for an event count (unit {@code #}) and the mean for a rate.
     */
    private static double forkScore(final JsonObject metric, final int forks, final double total, final int n)
    {
        final JsonElement score = metric.get("score");
        if (forks == 1 && score != null && score.isJsonPrimitive() && score.getAsJsonPrimitive().isNumber())
        {
            return score.getAsDouble();
        }
        final JsonElement unit = metric.get("scoreUnit");
        return unit != null && "#".equals(unit.getAsString()) ? total : total / Math.max(1, n);
    }

    private static JsonElement required(final JsonObject o, final String field, final String where)
        throws UsageException
    {
        final JsonElement v = o.get(field);
        if (v == null || v.isJsonNull())
        {
            throw new UsageException(where + ": missing field '" + field + "'");
        }
        return v;
    }

    private static String oneLine(final Exception e)
    {
        final String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return m.lines().findFirst().orElse("").trim();
    }
}
