package org.rwsem4j.bench.ab;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

import org.rwsem4j.bench.ablation.JmhCellRunner;
import org.rwsem4j.bench.report.Progress;

/**
 * Runs an {@link AbPlan}'s child processes one after another and collects their results into {@link AbResults},
 * with one progress line per child. Each child's JSON and its standard output and error go to the work directory
 * ({@code r<round>-c<cell>-<jar>.json}, {@code .out}, {@code .err}). A child that fails (non-zero exit, no JSON, a
 * JSON without the cell's parameters) fails its cell, which is skipped for the rest of the run; the run goes on.
 */
public final class AbRun
{
    private static final long LOCK_WAIT_MILLIS = 10_000;
    private static final long LOCK_WAIT_LIMIT_MILLIS = TimeUnit.MINUTES.toMillis(30);
    private static final int MESSAGE_LIMIT = 300;

    private final AbPlan plan;
    private final Path java;
    private final Path work;
    private final PrintStream out;
    private volatile Process child;

    /**
     * @param plan the plan
     * @param java the java launcher for the children
     * @param work where the children's files go
     * @param out  progress lines
     */
    public AbRun(final AbPlan plan, final Path java, final Path work, final PrintStream out)
    {
        this.plan = plan;
        this.java = java;
        this.work = work;
        this.out = out;
    }

    /**
     * @return every child's result
     * @throws InterruptedException if interrupted (the running child is then destroyed)
     */
    public AbResults run() throws InterruptedException
    {
        final AbResults results = new AbResults(plan.cells());
        final List<AbPlan.Step> steps = plan.steps();
        final long start = System.nanoTime();
        final Thread killer = new Thread(this::destroyChild, "ab-child-killer");
        Runtime.getRuntime().addShutdownHook(killer);
        try
        {
            for (int i = 0; i < steps.size(); i++)
            {
                final AbPlan.Step step = steps.get(i);
                final long t0 = System.nanoTime();
                final String figure = results.failed(step.cell()) ? "skipped (cell failed)" : runChild(step, results);
                out.printf(Locale.ROOT, "[run %d/%d] round %d/%d, cell %d/%d %s, jar %s -> %s (%.1f s) | elapsed %s%n",
                    i + 1, steps.size(), step.round(), plan.forks(), step.cell() + 1, plan.cells().size(),
                    plan.cells().get(step.cell()).label(), step.side(), figure, (System.nanoTime() - t0) / 1e9,
                    Progress.clock((System.nanoTime() - start) / 1e9));
                out.flush();
            }
        }
        finally
        {
            destroyChild();
            Runtime.getRuntime().removeShutdownHook(killer);
        }
        return results;
    }

    private String runChild(final AbPlan.Step step, final AbResults results) throws InterruptedException
    {
        final Path json = work.resolve(AbPlan.fileName(step, ".json"));
        final Path stdout = work.resolve(AbPlan.fileName(step, ".out"));
        final Path stderr = work.resolve(AbPlan.fileName(step, ".err"));
        final List<String> cmd = plan.command(java, step, json);
        final long waitUntil = System.currentTimeMillis() + LOCK_WAIT_LIMIT_MILLIS;
        int status;
        try
        {
            for (int attempt = 0; ; attempt++)
            {
                Files.deleteIfExists(json);
                status = start(cmd, stdout, stderr);
                if (status == 0 || !read(stderr).contains(JmhCellRunner.JMH_LOCK_BUSY) ||
                    System.currentTimeMillis() > waitUntil)
                {
                    break;
                }
                if (attempt == 0)
                {
                    out.println("  another JMH holds its lock: starting this run again every 10 s, for at most 30 min");
                    out.flush();
                }
                Thread.sleep(LOCK_WAIT_MILLIS);
            }
        }
        catch (final IOException e)
        {
            return results.fail(step, "cannot run the child: " + e.getMessage());
        }
        if (status != 0)
        {
            return results.fail(step, "exit status " + status + ": " + lastMessage(read(stderr), read(stdout)));
        }
        if (!Files.isRegularFile(json))
        {
            return results.fail(step, "no JSON written: " + lastMessage(read(stderr), read(stdout)));
        }
        return results.collect(step, json);
    }

    private int start(final List<String> cmd, final Path stdout, final Path stderr)
        throws IOException, InterruptedException
    {
        final Process p = new ProcessBuilder(cmd).directory(work.toFile())
            .redirectOutput(stdout.toFile()).redirectError(stderr.toFile()).start();
        child = p;
        try
        {
            return p.waitFor();
        }
        finally
        {
            if (p.isAlive())
            {
                destroyChild();
            }
            child = null;
        }
    }

    private void destroyChild()
    {
        final Process p = child;
        if (p != null)
        {
            p.descendants().forEach(ProcessHandle::destroy);
            p.destroy();
        }
    }

    private static String read(final Path file)
    {
        try
        {
            return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
        }
        catch (final IOException e)
        {
            return "";
        }
    }

    /**
     * The line that says why a child failed: the last line of its standard error that is not a stack frame (JMH ends
     * with the exception chain, whose last cause or suppressed exception names the problem), else the same from its
     * standard output.
     *
     * @param stderr the child's standard error
     * @param stdout the child's standard output
     * @return one line, at most 300 characters
     */
    static String lastMessage(final String stderr, final String stdout)
    {
        final String fromErr = lastNonFrame(stderr);
        final String line = fromErr.isEmpty() ? lastNonFrame(stdout) : fromErr;
        if (line.isEmpty())
        {
            return "(no output)";
        }
        return line.length() <= MESSAGE_LIMIT ? line : line.substring(0, MESSAGE_LIMIT) + "...";
    }

    private static String lastNonFrame(final String text)
    {
        String last = "";
        for (final String raw : text.split("\\R"))
        {
            final String line = raw.trim();
            final boolean frame = line.startsWith("at ") || line.matches("\\.\\.\\. \\d+ (more|common frames omitted)");
            if (!line.isEmpty() && !frame)
            {
                last = line;
            }
        }
        return last.replaceFirst("^(Caused by|Suppressed): ", "");
    }
}
