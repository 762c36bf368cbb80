package org.rwsem4j.bench.share;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.rwsem4j.bench.JvmFlags;

/** Runs one fork in a child JVM ({@link JvmFlags#childCommand}) and parses its window lines. */
final class ShareFork
{
    /** How many of a failed child's last lines a failure quotes. */
    private static final int TAIL = 20;

    private ShareFork()
    {
    }

    /**
     * @param a     the run's settings
     * @param lock  the lock
     * @param shape the shape
     * @param fork  1-based
     * @return the fork's windows, or its failure (a child that failed, timed out or printed a line that does not
     *     decode: the message quotes the line, or the child's last lines)
     * @throws InterruptedException if interrupted
     */
    static ForkResult run(final ShareArgs a, final String lock, final Shape shape, final int fork)
        throws InterruptedException
    {
        final List<String> output = new ArrayList<>();
        final Process p;
        try
        {
            final ProcessBuilder pb = new ProcessBuilder(JvmFlags.childCommand(a.childArgs(lock, shape)));
            pb.redirectErrorStream(true);
            p = pb.start();
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(),
                StandardCharsets.UTF_8)))
            {
                String line;
                while ((line = r.readLine()) != null)
                {
                    output.add(line);
                }
            }
        }
        catch (final IOException e)
        {
            return new ForkResult(lock, shape, fork, List.of(), "cannot run the child: " + e);
        }
        final long budget = (long)(a.forkSeconds() * 1000) + TimeUnit.MINUTES.toMillis(1);
        if (!p.waitFor(budget, TimeUnit.MILLISECONDS))
        {
            p.destroyForcibly();
            return new ForkResult(lock, shape, fork, List.of(), "the child timed out" + tail(output));
        }
        return result(lock, shape, fork, a.windows, p.exitValue(), output);
    }

    /**
     * @param lock     the lock
     * @param shape    the shape
     * @param fork     1-based
     * @param windows  how many windows the child was to print
     * @param exit     its exit status
     * @param output   its output lines
     * @return the fork's result: a failure when the exit status is not 0 or the lines do not parse
     */
    static ForkResult result(final String lock, final Shape shape, final int fork, final int windows, final int exit,
        final List<String> output)
    {
        final WindowLine.Parsed parsed = WindowLine.parse(output, shape, windows);
        if (exit != 0)
        {
            return new ForkResult(lock, shape, fork, parsed.windows(), "the child exited with " + exit + tail(output));
        }
        if (!parsed.errors().isEmpty())
        {
            return new ForkResult(lock, shape, fork, parsed.windows(), "bad output: " +
                String.join("; ", parsed.errors()));
        }
        return new ForkResult(lock, shape, fork, parsed.windows(), null);
    }

    private static String tail(final List<String> output)
    {
        return output.isEmpty() ? " (no output)" : "; its last lines:\n    " +
            String.join("\n    ", output.subList(Math.max(0, output.size() - TAIL), output.size()));
    }
}
