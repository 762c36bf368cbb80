package org.rwsem4j.stat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.rwsem4j.stats.StatsReader;

/**
 * The cross-process check: a child JVM keeps a named lock under contention, and this JVM reads the child's
 * stats file, through {@link StatsReader} and through the CLI, and sees the counters advance.
 */
class CrossProcessStatTest
{
    @TempDir
    Path dir;

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void countersOfALockInAnotherJvmAdvance() throws Exception
    {
        final Path file = dir.resolve("child.stats");
        final String java = ProcessHandle.current().info().command().orElse(
            Path.of(System.getProperty("java.home"), "bin", "java").toString());
        final List<String> cmd = new ArrayList<>(List.of(java,
            "--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED",
            "-cp", System.getProperty("java.class.path"),
            ContendedChild.class.getName(), file.toString(), "90"));
        final Process child = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try
        {
            final BufferedReader childOut =
                new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
            final String ready = CompletableFuture.supplyAsync(() ->
            {
                try
                {
                    return childOut.readLine();
                }
                catch (final java.io.IOException ex)
                {
                    throw new java.io.UncheckedIOException(ex);
                }
            }).get(60, TimeUnit.SECONDS);
            assertNotNull(ready, "child exited before READY");
            assertTrue(ready.startsWith("READY "), ready);
            final long childPid = Long.parseLong(ready.substring("READY ".length()).trim());
            assertEquals(child.pid(), childPid);

            final StatsReader reader = StatsReader.open(file);
            assertEquals(childPid, reader.pid());
            final Map<String, Map<String, Long>> first = reader.snapshot();
            final String label = first.keySet().stream().filter(k -> k.startsWith("child-lock [base] #"))
                .findFirst().orElseThrow(() -> new AssertionError("no child-lock in " + first));
            assertTrue(first.get(label).containsKey("lock-word"), "published lock word missing: " + first);
            final long wlock0 = first.get(label).get("rwsem_wlock");
            final long total0 = total(first.get(label));

            Map<String, Map<String, Long>> later = first;
            final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (later.get(label).get("rwsem_wlock") <= wlock0 && System.nanoTime() < deadline)
            {
                Thread.sleep(50);
                later = reader.snapshot();
            }
            assertTrue(later.get(label).get("rwsem_wlock") > wlock0,
                "rwsem_wlock did not advance: " + first + " then " + later);
            assertTrue(total(later.get(label)) > total0);

            // The CLI, in process, on the same file: two prints, the second with rates.
            final ByteArrayOutputStream out = new ByteArrayOutputStream();
            final ByteArrayOutputStream err = new ByteArrayOutputStream();
            final int code = Main.run(new String[]{"--count", "2", "--interval", "300ms", file.toString()},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
            final String text = out.toString(StandardCharsets.UTF_8);
            assertEquals(0, code, err.toString(StandardCharsets.UTF_8));
            assertEquals(2, count(text, "rwsem-stat " + file), text);
            assertTrue(text.contains("pid " + childPid), text);
            assertTrue(text.contains("child-lock [base] #"), text);
            assertTrue(text.matches("(?s).*\\n  rwsem_wlock +\\d+  \\(\\+[\\d,]+/s\\)\\n.*"), text);
            assertTrue(text.matches("(?s).*\\n  lock-word +0x[0-9a-f]+  readers=\\d+.*"), text);
            System.out.print(text);
        }
        finally
        {
            child.getOutputStream().close();
            if (!child.waitFor(20, TimeUnit.SECONDS))
            {
                child.destroyForcibly().waitFor(20, TimeUnit.SECONDS);
                fail("child did not stop when its stdin closed");
            }
        }
    }

    private static long total(final Map<String, Long> counters)
    {
        return counters.entrySet().stream().filter(e -> !e.getKey().equals("lock-word"))
            .mapToLong(Map.Entry::getValue).sum();
    }

    private static int count(final String text, final String what)
    {
        int n = 0;
        for (int i = text.indexOf(what); i >= 0; i = text.indexOf(what, i + 1))
        {
            n++;
        }
        return n;
    }
}
