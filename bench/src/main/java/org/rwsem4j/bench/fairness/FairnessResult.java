package org.rwsem4j.bench.fairness;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** What one fairness run measured: per-thread op counts, sorted writer waits, torn reads. */
public final class FairnessResult
{
    public final long[] readOps;
    public final long[] writeOps;
    public final long fails;
    public final double waitP50Micros;
    public final double waitP99Micros;
    public final double waitMaxMicros;

    /**
     * @param readOps         per-reader operation counts
     * @param writeOps        per-writer operation counts
     * @param sortedWaitNanos the writers' waits, sorted
     * @param fails           torn reads seen
     */
    public FairnessResult(final long[] readOps, final long[] writeOps, final long[] sortedWaitNanos, final long fails)
    {
        this.readOps = readOps.clone();
        this.writeOps = writeOps.clone();
        this.fails = fails;
        this.waitP50Micros = percentile(sortedWaitNanos, 0.50) / 1e3;
        this.waitP99Micros = percentile(sortedWaitNanos, 0.99) / 1e3;
        this.waitMaxMicros = sortedWaitNanos.length == 0 ? 0 : sortedWaitNanos[sortedWaitNanos.length - 1] / 1e3;
    }

    private FairnessResult(final Map<String, String> m)
    {
        this.readOps = parseLongs(m.get("readOps"));
        this.writeOps = parseLongs(m.get("writeOps"));
        this.fails = Long.parseLong(m.get("fail"));
        this.waitP50Micros = Double.parseDouble(m.get("waitP50us"));
        this.waitP99Micros = Double.parseDouble(m.get("waitP99us"));
        this.waitMaxMicros = Double.parseDouble(m.get("waitMaxus"));
    }

    private static double percentile(final long[] sorted, final double q)
    {
        if (sorted.length == 0)
        {
            return 0;
        }
        final int i = (int)Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1);
        return sorted[Math.max(0, i)];
    }

    /**
     * @param ops per-thread operation counts
     * @return their sum
     */
    public static long total(final long[] ops)
    {
        return Arrays.stream(ops).sum();
    }

    /**
     * @param ops per-thread operation counts
     * @return the smallest, 0 for none
     */
    public static long min(final long[] ops)
    {
        return Arrays.stream(ops).min().orElse(0);
    }

    /**
     * @param ops per-thread operation counts
     * @return the largest, 0 for none
     */
    public static long max(final long[] ops)
    {
        return Arrays.stream(ops).max().orElse(0);
    }

    /**
     * @param ops per-thread operation counts
     * @return their mean, 0 for none
     */
    public static double mean(final long[] ops)
    {
        return ops.length == 0 ? 0 : total(ops) / (double)ops.length;
    }

    /**
     * @param impl the lock's name
     * @return locktorture's summary lines, with the mean added
     */
    String kernelFormat(final String impl)
    {
        return String.format(Locale.ROOT,
            "%s: Writes:  Total: %d  Max/Min: %d/%d  Mean: %.0f  Fail: 0%n" +
            "%s: Reads :  Total: %d  Max/Min: %d/%d  Mean: %.0f  Fail: %d%n" +
            "%s: Writer wait (us): p50 %.1f  p99 %.1f  max %.1f%n",
            impl, total(writeOps), max(writeOps), min(writeOps), mean(writeOps),
            impl, total(readOps), max(readOps), min(readOps), mean(readOps), fails,
            impl, waitP50Micros, waitP99Micros, waitMaxMicros);
    }

    /** @return space-separated {@code key=value} pairs */
    public String encode()
    {
        return String.format(Locale.ROOT, "readOps=%s writeOps=%s fail=%d waitP50us=%.3f waitP99us=%.3f waitMaxus=%.3f",
            join(readOps), join(writeOps), fails, waitP50Micros, waitP99Micros, waitMaxMicros);
    }

    /**
     * @param line a line from {@link #encode()}, with or without the result prefix
     * @return the parsed result
     */
    public static FairnessResult decode(final String line)
    {
        final String body = line.startsWith(FairnessHarness.RESULT_PREFIX) ?
            line.substring(FairnessHarness.RESULT_PREFIX.length()) : line;
        final Map<String, String> m = new LinkedHashMap<>();
        for (final String kv : body.trim().split("\\s+"))
        {
            final int eq = kv.indexOf('=');
            m.put(kv.substring(0, eq), kv.substring(eq + 1));
        }
        return new FairnessResult(m);
    }

    private static String join(final long[] values)
    {
        final StringBuilder sb = new StringBuilder();
        for (final long v : values)
        {
            sb.append(sb.length() == 0 ? "" : ",").append(v);
        }
        return sb.length() == 0 ? "-" : sb.toString();
    }

    private static long[] parseLongs(final String text)
    {
        return "-".equals(text) ? new long[0] : Arrays.stream(text.split(",")).mapToLong(Long::parseLong).toArray();
    }
}
