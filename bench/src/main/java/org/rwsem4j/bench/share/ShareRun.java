package org.rwsem4j.bench.share;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalDateTime;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPOutputStream;

import org.rwsem4j.bench.Locks;
import org.rwsem4j.bench.ablation.PatchInfo;
import org.rwsem4j.bench.ablation.Presets;
import org.rwsem4j.bench.ablation.RunPlace;
import org.rwsem4j.bench.report.MachineInfo;
import org.rwsem4j.bench.report.Progress;
import org.rwsem4j.cli.UsageException;

/**
 * The writer-share run: the plan, one child JVM per fork (rounds: every lock and shape once per round, so a drift of
 * the machine spreads over all of them), one progress line per fork, then {@code report.md} and
 * {@code windows.csv.gz} in a fresh run folder ({@link RunPlace}); and the child's side, one fork in this JVM.
 */
final class ShareRun
{
    /** The raw figures' file name in a run folder. */
    static final String CSV = "windows.csv.gz";
    /** The report's file name in a run folder. */
    static final String REPORT = "report.md";
    /** The forks, and the windows per fork, the writer-share targets ask for. */
    static final int MIN_FORKS = 10;

    private ShareRun()
    {
    }

    /**
     * The child: one fork of one lock in one shape, here; prints one {@link WindowLine} per window.
     *
     * @param a   settings with one lock and one shape
     * @param out where the lines go
     * @return 0
     * @throws InterruptedException if interrupted
     */
    static int child(final ShareArgs a, final PrintStream out) throws InterruptedException
    {
        final ShareHarness h = new ShareHarness(Locks.create(WriterShareCommand.spec(a.locks.get(0))), a.shapes.get(0),
            TimeUnit.MICROSECONDS.toNanos(a.readMicros), TimeUnit.MICROSECONDS.toNanos(a.writeMicros),
            TimeUnit.MICROSECONDS.toNanos(a.gapMicros));
        for (final Window w : h.run(a.warmupMillis, a.windows, a.windowMillis))
        {
            out.println(WindowLine.encode(w));
        }
        out.flush();
        return 0;
    }

    /**
     * @param a         the settings
     * @param arguments the command's arguments as given (for the report)
     * @param out       console output
     * @return 0, or 1 if a fork failed
     * @throws UsageException if the run folder cannot be made
     * @throws InterruptedException if interrupted
     */
    static int run(final ShareArgs a, final List<String> arguments, final PrintStream out)
        throws UsageException, InterruptedException
    {
        out.print(plan(a));
        if (a.dryRun)
        {
            return 0;
        }
        RunPlace.prepare(a.out, "--out");
        final String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + "-" +
            WriterShareCommand.NAME;
        final Path dir;
        try
        {
            dir = RunPlace.createRun(a.out, stamp);
        }
        catch (final IOException e)
        {
            throw new UsageException("--out " + a.out + ": " + e.getMessage());
        }
        final String started = ZonedDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME);
        final Progress progress = new Progress(out, a.forkCount(), a.forkCount() * a.forkSeconds());
        final List<ForkResult> results = new ArrayList<>();
        for (int round = 1; round <= a.forks; round++)
        {
            for (final Shape shape : a.shapes)
            {
                for (final String lock : a.locks)
                {
                    final ForkResult r = ShareFork.run(a, lock, shape, round);
                    results.add(r);
                    progress.finished(round, a.forks, lock + " " + shape.cliName, a.forkSeconds(), outcome(a, r));
                }
            }
        }
        final String report = "# rwsem4j writer share, " + stamp + "\n\n" + header(a, arguments, started,
            progress.elapsedSeconds()) + ShareReport.body(a, results);
        out.println();
        out.print(report); // first: a run folder that cannot be written must not lose the results
        try
        {
            writeCsv(dir.resolve(CSV), results);
            Files.writeString(dir.resolve(REPORT), report, StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW);
        }
        catch (final IOException e)
        {
            out.println("writer-share: cannot write the run folder " + dir + ": " + e + " (the report is above)");
            return 1;
        }
        out.println("run folder: " + dir + " (" + REPORT + ", " + CSV + ")");
        return results.stream().allMatch(ForkResult::ok) ? 0 : 1;
    }

    /**
     * @param a the settings
     * @return the plan: what runs, B, and the estimated time
     */
    static String plan(final ShareArgs a)
    {
        final StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "writer-share: locks %s; shapes %s%n", String.join(",", a.locks),
            String.join(",", a.shapes.stream().map(s -> s.cliName).toList())));
        a.leftOut.forEach(l -> b.append("  ").append(l).append('\n'));
        b.append(String.format(Locale.ROOT, "  sections: read %d µs, write %d µs, writer gap %d µs; B = %s per " +
            "%d ms window%n", a.readMicros, a.writeMicros, a.gapMicros, ShareReport.fmt(a.bound()), a.windowMillis));
        b.append(String.format(Locale.ROOT, "  %d forks per lock and shape: %d child JVMs, each %d ms warm-up + %d " +
            "windows of %d ms; estimated %s%n", a.forks, a.forkCount(), a.warmupMillis, a.windows, a.windowMillis,
            Progress.clock(a.forkCount() * a.forkSeconds())));
        return b.toString();
    }

    private static String outcome(final ShareArgs a, final ForkResult r)
    {
        if (r.windows().isEmpty())
        {
            return "FAILED: " + r.failure().lines().findFirst().orElse("");
        }
        final ShareReport.Worst w = ShareReport.Worst.of(r.windows());
        return String.format(Locale.ROOT, "worst window: writers %s (%.2f B), reader %s (%.2f B), writer p99 %s%s",
            ShareReport.fmt(w.writerAcquisitions()), w.writerAcquisitions() / a.bound(),
            ShareReport.fmt(w.readerAcquisitions()), w.readerAcquisitions() / a.bound(),
            ShareReport.waitText(w.writerP99()),
            r.ok() ? "" : "; FAILED: " + r.failure().lines().findFirst().orElse(""));
    }

    private static String header(final ShareArgs a, final List<String> arguments, final String started,
        final double seconds)
    {
        final MachineInfo m = MachineInfo.probe(0, 0);
        final StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "- machine: %d cores (%s), %s, %s%n- commit: %s%n", m.cores(), m.cpu(),
            m.jvm(), m.os(), m.commit())).append(MachineInfo.lockSwitches());
        b.append("- command: `java -jar bench/target/rwsem4j-bench.jar ").append(WriterShareCommand.NAME)
            .append(arguments.isEmpty() ? "" : " " + String.join(" ", arguments)).append("`\n");
        b.append(String.format(Locale.ROOT, "- started %s, took %s; load average at the end %s%n", started,
            Progress.clock(seconds), MachineInfo.loadAverage()));
        b.append(String.format(Locale.ROOT, "- each fork a child JVM: %d ms warm-up, then %d windows of %d ms; %d " +
            "forks per lock and shape, in rounds%n", a.warmupMillis, a.windows, a.windowMillis, a.forks));
        b.append(String.format(Locale.ROOT, "- reader {read lock; spin %d µs; unlock}; writer {write lock; spin %d " +
            "µs; unlock; spin %d µs}; B = %d ms / (%d µs + %d µs) = %s%n", a.readMicros, a.writeMicros, a.gapMicros,
            a.windowMillis, a.readMicros, a.writeMicros, ShareReport.fmt(a.bound())));
        b.append("- presets here: ").append(Presets.line(PatchInfo.libraryPatchNames())).append('\n');
        a.leftOut.forEach(l -> b.append("- ").append(l).append('\n'));
        b.append("- wait: from the lock call to holding it; a wait still open at a window's end counts in that " +
            "window's max (and its p99 if the thread got no acquisition in it). Raw figures: `").append(CSV)
            .append("` (one row per window and thread)\n\n");
        if (a.forks < MIN_FORKS || a.windows < MIN_FORKS)
        {
            b.append(String.format(Locale.ROOT, "**%d forks of %d windows: the writer-share targets ask for at least " +
                "%d of %d, so read these verdicts as indicative only.**%n%n", a.forks, a.windows, MIN_FORKS,
                MIN_FORKS));
        }
        return b.toString();
    }

    /**
     * Writes every window of every fork, one row per thread.
     *
     * @param file    the file (created; it must not exist)
     * @param results the forks
     * @throws IOException if it cannot be written
     */
    static void writeCsv(final Path file, final List<ForkResult> results) throws IOException
    {
        try (Writer w = new OutputStreamWriter(new GZIPOutputStream(Files.newOutputStream(file,
            StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)), StandardCharsets.UTF_8))
        {
            w.write("lock,shape,fork,fork_ok,window,window_ms,role,thread,acquisitions,wait_p99_us,wait_max_us\n");
            for (final ForkResult r : results)
            {
                for (final Window win : r.windows())
                {
                    rows(w, r, win, "reader", win.readers());
                    rows(w, r, win, "writer", win.writers());
                }
            }
        }
    }

    private static void rows(final Writer w, final ForkResult r, final Window win, final String role,
        final List<Window.Figures> figures) throws IOException
    {
        for (int t = 0; t < figures.size(); t++)
        {
            final Window.Figures f = figures.get(t);
            w.write(String.format(Locale.ROOT, "\"%s\",%s,%d,%b,%d,%.3f,%s,%d,%d,%.1f,%.1f%n",
                r.lock().replace("\"", "\"\""), r.shape().cliName, r.fork(), r.ok(), win.index(), win.nanos() / 1e6,
                role, t, f.acquisitions(), f.p99Nanos() / 1e3, f.maxNanos() / 1e3));
        }
    }
}
