package org.rwsem4j.bench.ablation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rwsem4j.bench.LockTestMetrics;
import org.rwsem4j.cli.UsageException;

/** {@link JmhJson} on a committed run's jmh.json, and on malformed files. */
class JmhJsonTest
{
    @TempDir
    Path tmp;

    @Test
    void readsTheCommittedSmokeRun() throws Exception
    {
        final List<JmhJson.Entry> entries = JmhJson.read(RunFolder.jmhFile(RunFolderTest.OLD_RUN));
        assertEquals(21, entries.size());
        final JmhJson.Entry base = entries.stream().filter(e -> "base".equals(e.params().get("impl")) &&
            "1:1".equals(e.params().get("ratio"))).findFirst().orElseThrow();
        assertEquals("org.rwsem4j.bench.LockTestBenchmark.lockTest", base.benchmark());
        assertEquals(1, base.threads());
        assertEquals("10", base.params().get("threads"));
        assertEquals(1, base.forks().size());
        final Sample fork = base.forks().get(0);
        assertEquals(2, fork.iterations().length);
        assertEquals(7961.124828, fork.iterations()[0], 1e-6);
        assertEquals(7970.630853, fork.iterations()[1], 1e-6);
        assertEquals(2, fork.perIteration().size());
        assertTrue(fork.perIteration().get(0).containsKey(LockTestMetrics.OVERLAP));
    }

    @Test
    void aMalformedFileIsAOneLineUsageError() throws Exception
    {
        final Path file = tmp.resolve("jmh.json");
        Files.writeString(file, "[{\"benchmark\": \"x\", \"threads\": 1, \"primaryMetric\": {\"rawData\": [[1.0,");
        final UsageException truncated = assertThrows(UsageException.class, () -> JmhJson.read(file));
        assertTrue(truncated.getMessage().startsWith(file + ": not valid JSON"), truncated.getMessage());
        Files.writeString(file, "[{\"benchmark\": \"x\", \"threads\": 1, \"primaryMetric\": {\"rawData\": \"no\"}}]");
        final UsageException shape = assertThrows(UsageException.class, () -> JmhJson.read(file));
        assertTrue(shape.getMessage().startsWith(file + ": entry 0: not JMH's format"), shape.getMessage());
        for (final UsageException e : List.of(truncated, shape))
        {
            assertEquals(1, e.getMessage().lines().count(), e.getMessage());
        }
    }
}
