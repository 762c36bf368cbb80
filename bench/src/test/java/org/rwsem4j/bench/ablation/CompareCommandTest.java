package org.rwsem4j.bench.ablation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.rwsem4j.bench.BenchCli;
import org.rwsem4j.bench.BenchMain;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code compare}: each variant against its own run's peers, never absolute times across runs. */
class CompareCommandTest
{
    private final BenchCli cli = new BenchCli();
    private final ByteArrayOutputStream out = cli.out;
    private final ByteArrayOutputStream err = cli.err;

    @TempDir
    Path tmp;

    private int run(final String... args) throws Exception
    {
        return cli.run(args);
    }

    @Test
    void ratiosAreTakenWithinEachRun() throws Exception
    {
        // B's machine is twice as slow for everything, and base got 25% slower against rrwl: only the latter shows.
        final Path a = SyntheticRun.write(tmp.resolve("a"), Map.of("base", 40.0, "recommended", 20.0, "rrwl", 10.0,
            "mutex", 30.0));
        final Path b = SyntheticRun.write(tmp.resolve("b"), Map.of("base", 100.0, "recommended", 40.0, "rrwl", 20.0,
            "mutex", 60.0));
        assertEquals(0, run("compare", a.toString(), b.toString()), err.toString(StandardCharsets.UTF_8));
        final String table = out.toString(StandardCharsets.UTF_8);
        final List<String> rows = table.lines().filter(l -> l.startsWith("| locktest")).toList();
        // smoke: base and recommended at 1:1 and 10:1 against rrwl (mutex runs only at 0:1, where no variant runs)
        assertEquals(4, rows.size(), table);
        assertTrue(rows.contains("| locktest load=1 millis=200 ops=2000 ratio=1:1 threads=10 | ms | base | rrwl | " +
            "4.000 | 5.000 | 1.250 |"), table);
        assertTrue(rows.contains("| locktest load=1 millis=200 ops=2000 ratio=10:1 threads=10 | ms | recommended | " +
            "rrwl | 2.000 | 2.000 | 1.000 |"), table);
        assertFalse(table.contains("| mutex |"), table);
        assertTrue(table.contains("- A: `" + a + "`: synthetic a"), table);
    }

    @Test
    void runsWithNoSharedCellSaySo() throws Exception
    {
        final Path a = SyntheticRun.write(tmp.resolve("a"), Map.of("base", 40.0, "recommended", 20.0, "rrwl", 10.0,
            "mutex", 30.0));
        final Path b = tmp.resolve("b");
        final Matrix other = Ablation.matrix(AblationCommand.parse(List.of("--smoke", "--forks", "1", "--ops", "3000",
            "--only", "locktest")));
        SyntheticRun.writeJmh(b, other, Map.of("base", 40.0, "recommended", 20.0, "rrwl", 10.0, "mutex", 30.0));
        final RunMetadata meta = SyntheticRun.metadata(b, List.of("--smoke", "--forks", "1", "--ops", "3000", "--only",
            "locktest"));
        meta.update(1, other, new Results(), List.of(), 1, "1.00 1.00 1.00");
        meta.write(b);
        assertEquals(0, run("compare", a.toString(), b.toString()), err.toString(StandardCharsets.UTF_8));
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("share no cell"));
    }

    @Test
    void aFolderWithoutMetadataIsRefused() throws Exception
    {
        final Path a = SyntheticRun.write(tmp.resolve("a"), Map.of("base", 40.0, "recommended", 20.0, "rrwl", 10.0,
            "mutex", 30.0));
        assertEquals(BenchMain.USAGE, run("compare", a.toString(), RunFolderTest.OLD_RUN.toString()));
        final List<String> lines = err.toString(StandardCharsets.UTF_8).lines().toList();
        assertTrue(lines.get(0).startsWith("rwsem4j-bench: ") && lines.get(0).contains("no metadata.json"),
            lines.toString());
        assertTrue(lines.size() <= 2, lines.toString());
        assertEquals(BenchMain.USAGE, run("compare", a.toString()));
        assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("rwsem4j-bench: missing required parameter"));
    }
}
