package org.rwsem4j.bench.share;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import org.rwsem4j.bench.Locks;

/**
 * The writer-share report: per shape, each lock's worst window over all its forks against the targets, and each
 * fork's spread of writer acquisitions per window (a lock that is fair in one JVM and starves the writer in another
 * shows both modes there). Targets, with B = window / (read section + write section): the writers' acquisitions at
 * least 0.5 B and each reader's at least 0.4 B in the worst window, the writers' wait p99 at most two read sections
 * plus 100 µs; in the writer flood, the reader's worst-window wait p99 no worse than rrwl's in the same run.
 */
final class ShareReport
{
    /** The writers' share target, in B. */
    static final double WRITER_SHARE = 0.5;
    /** Each reader's share target, in B. */
    static final double READER_SHARE = 0.4;
    static final String MET = "met";
    static final String MISSED = "**missed**";

    private ShareReport()
    {
    }

    /**
     * The worst of a set of windows, per figure (they may come from different windows).
     *
     * @param writerAcquisitions the fewest writer acquisitions (all writer threads together) of any window
     * @param readerAcquisitions the fewest acquisitions of any reader thread in any window
     * @param writerP99          the largest writer wait p99 of any window (of any writer thread)
     * @param writerMax          the largest writer wait
     * @param readerP99          the largest reader wait p99 of any window (of any reader thread)
     * @param readerMax          the largest reader wait
     * @param windows            how many windows
     */
    record Worst(long writerAcquisitions, long readerAcquisitions, long writerP99, long writerMax, long readerP99,
        long readerMax, int windows)
    {
        /**
         * @param windows some windows, at least one
         * @return their worst
         */
        static Worst of(final List<Window> windows)
        {
            return new Worst(windows.stream().mapToLong(Window::writerAcquisitions).min().orElse(0),
                windows.stream().mapToLong(Window::readerAcquisitionsMin).min().orElse(0),
                windows.stream().mapToLong(w -> Window.p99(w.writers())).max().orElse(0),
                windows.stream().mapToLong(w -> Window.max(w.writers())).max().orElse(0),
                windows.stream().mapToLong(w -> Window.p99(w.readers())).max().orElse(0),
                windows.stream().mapToLong(w -> Window.max(w.readers())).max().orElse(0), windows.size());
        }

        /**
         * @param bound B
         * @return whether the writers got at least {@link #WRITER_SHARE} B in the worst window
         */
        boolean writerShareMet(final double bound)
        {
            return writerAcquisitions >= WRITER_SHARE * bound;
        }

        /**
         * @param bound B
         * @return whether every reader thread got at least {@link #READER_SHARE} B in the worst window
         */
        boolean readerShareMet(final double bound)
        {
            return readerAcquisitions >= READER_SHARE * bound;
        }

        /**
         * @param targetNanos the writers' wait p99 target
         * @return whether the worst window's writer wait p99 is within it
         */
        boolean writerWaitMet(final long targetNanos)
        {
            return writerP99 <= targetNanos;
        }
    }

    /**
     * @param lock the lock's worst windows in the writer flood
     * @param rrwl rrwl's, in the same run, or null when rrwl was not run (or has no windows)
     * @return {@link #MET}, {@link #MISSED} or {@code n/a (...)}
     */
    static String floodVerdict(final Worst lock, final Worst rrwl)
    {
        if (rrwl == null)
        {
            return "n/a (rrwl not run)";
        }
        return lock.readerP99() <= rrwl.readerP99() ? MET : MISSED;
    }

    /**
     * @param a       the run's settings
     * @param results every fork's result
     * @return the report's shape sections and failures, Markdown
     */
    static String body(final ShareArgs a, final List<ForkResult> results)
    {
        final StringBuilder b = new StringBuilder();
        for (final Shape shape : a.shapes)
        {
            shape(b, a, shape, results);
        }
        final List<ForkResult> failed = results.stream().filter(r -> !r.ok()).toList();
        if (!failed.isEmpty())
        {
            b.append("## Failed forks\n\n");
            failed.forEach(r -> b.append(String.format(Locale.ROOT, "- %s, %s, fork %d: %s%n", r.lock(),
                r.shape().cliName, r.fork(), r.failure().replace("\n", "\n  "))));
            b.append('\n');
        }
        return b.toString();
    }

    private static void shape(final StringBuilder b, final ShareArgs a, final Shape shape,
        final List<ForkResult> results)
    {
        final double bound = a.bound();
        final boolean flood = shape == Shape.WRITER_FLOOD;
        b.append(String.format(Locale.ROOT, "## %s (%s)%n%n", shape.cliName, shape.threads()));
        b.append("The worst window over all forks, per figure (acquisitions: the fewest in any window, the writers " +
            "counted together, the readers per thread; waits: the largest p99 and max of any window and thread).");
        b.append(flood ? " Target: the reader's wait p99 no worse than rrwl's.\n\n" : String.format(Locale.ROOT,
            " B = %s.%n%n", fmt(bound)));
        final Map<String, List<ForkResult>> byLock = byLock(a, shape, results);
        final Worst rrwl = byLock.containsKey(Locks.RRWL) ? worst(byLock.get(Locks.RRWL)) : null;
        b.append("| lock | writer acq | /B | reader acq | /B | writer wait p99 | writer wait max | reader wait p99 | " +
            "reader wait max |");
        b.append(flood ? " reader p99 <= rrwl's |\n|---|---|---|---|---|---|---|---|---|---|\n" :
            String.format(Locale.ROOT, " writer >= %.1f B | each reader >= %.1f B | writer p99 <= %s |%n" +
            "|---|---|---|---|---|---|---|---|---|---|---|---|%n", WRITER_SHARE, READER_SHARE,
            waitText(a.writerP99TargetNanos())));
        for (final Map.Entry<String, List<ForkResult>> e : byLock.entrySet())
        {
            final Worst w = worst(e.getValue());
            if (w == null)
            {
                b.append("| `").append(e.getKey()).append("` | no windows |\n");
                continue;
            }
            b.append(String.format(Locale.ROOT, "| `%s` | %s | %.2f | %s | %.2f | %s | %s | %s | %s |", e.getKey(),
                fmt(w.writerAcquisitions()), w.writerAcquisitions() / bound, fmt(w.readerAcquisitions()),
                w.readerAcquisitions() / bound, waitText(w.writerP99()), waitText(w.writerMax()),
                waitText(w.readerP99()), waitText(w.readerMax())));
            final long failed = e.getValue().stream().filter(r -> !r.ok()).count();
            final List<String> verdicts = failed > 0 ? List.of("no verdict (" + failed + " failed forks)") : flood ?
                List.of(Locks.RRWL.equals(e.getKey()) ? "(reference)" : floodVerdict(w, rrwl)) :
                List.of(verdict(w.writerShareMet(bound)), verdict(w.readerShareMet(bound)),
                    verdict(w.writerWaitMet(a.writerP99TargetNanos())));
            verdicts.forEach(v -> b.append(' ').append(v).append(" |"));
            b.append('\n');
        }
        b.append("\nEach fork's writer acquisitions per window, min/median/max:\n\n");
        byLock.forEach((lock, forks) -> b.append("- `").append(lock).append("`: ").append(forks.stream()
            .map(ShareReport::spread).collect(Collectors.joining(" · "))).append('\n'));
        b.append('\n');
    }

    private static Map<String, List<ForkResult>> byLock(final ShareArgs a, final Shape shape,
        final List<ForkResult> results)
    {
        final Map<String, List<ForkResult>> byLock = new LinkedHashMap<>();
        for (final String lock : a.locks)
        {
            byLock.put(lock, results.stream().filter(r -> r.shape() == shape && r.lock().equals(lock)).toList());
        }
        return byLock;
    }

    /**
     * @param forks a lock's forks in one shape
     * @return the worst over all their windows, or null when none has a window
     */
    static Worst worst(final List<ForkResult> forks)
    {
        final List<Window> all = new ArrayList<>();
        forks.forEach(r -> all.addAll(r.windows()));
        return all.isEmpty() ? null : Worst.of(all);
    }

    /**
     * @param fork a fork
     * @return its writer acquisitions per window as {@code min/median/max}, or {@code failed}
     */
    static String spread(final ForkResult fork)
    {
        final long[] v = fork.windows().stream().mapToLong(Window::writerAcquisitions).sorted().toArray();
        if (v.length == 0)
        {
            return "failed";
        }
        final long median = v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
        return fmt(v[0]) + "/" + fmt(median) + "/" + fmt(v[v.length - 1]) + (fork.ok() ? "" : " (failed)");
    }

    private static String verdict(final boolean met)
    {
        return met ? MET : MISSED;
    }

    /**
     * @param value a count
     * @return it with thousands separators
     */
    static String fmt(final double value)
    {
        return String.format(Locale.ROOT, "%,.0f", value);
    }

    /**
     * @param nanos a wait
     * @return it in µs below 1 ms, else in ms
     */
    static String waitText(final long nanos)
    {
        if (nanos < 10_000)
        {
            return String.format(Locale.ROOT, "%.1f µs", nanos / 1e3);
        }
        return nanos < 1_000_000 ? String.format(Locale.ROOT, "%.0f µs", nanos / 1e3) :
            String.format(Locale.ROOT, "%.1f ms", nanos / 1e6);
    }
}
