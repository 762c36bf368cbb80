package org.rwsem4j.bench.share;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.rwsem4j.bench.BenchCli;
import org.rwsem4j.bench.BenchMain;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class WriterShareArgsTest
{
    private final BenchCli cli = new BenchCli();

    @TempDir
    Path tmp;

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "--locks rrwl,nosuch | --locks: bad lock 'nosuch': unknown patch 'nosuch'",
        "--locks recommended@handoff=fast | --locks: bad lock 'recommended@handoff=fast': bad duration 'fast'",
        "--locks rrwl,,stamped | --locks: empty item in 'rrwl,,stamped'",
        "--locks rrwl,rrwl | --locks: 'rrwl' is given twice",
        "--shapes one-reader,three-readers | --shapes: unknown shape 'three-readers'; valid: one-reader,two-readers," +
            "writer-flood",
        "--forks 0 | invalid value for option '--forks': must be at least 1, got 0",
        "--windows x | invalid value for option '--windows': needs a whole number, got 'x'",
        "--windows 1001 | --windows must be at most 1000, got 1001",
        "--read-us 0 | invalid value for option '--read-us': must be at least 1, got 0",
        "--write-us -1 | --write-us must be at least 0, got -1",
        "--gap-us -3 | --gap-us must be at least 0, got -3",
        "--warmup-ms -1 | --warmup-ms must be at least 0, got -1",
        "--window-ms 1 --read-us 2000 | --window-ms 1 is shorter than one read section plus one write section " +
            "(2000 + 1 µs)",
        "--fork-child --locks rrwl,stamped --shapes one-reader | --fork-child runs one lock and one shape",
    })
    void badArgumentsExitWithTwoAndOneLineBeforeAnyFork(final String args, final String message) throws Exception
    {
        final List<String> argv = new ArrayList<>(List.of("writer-share", "--out", tmp.toString()));
        argv.addAll(List.of(args.trim().split(" ")));
        assertEquals(BenchMain.USAGE, cli.run(argv.toArray(new String[0])));
        final String err = cli.err.toString(StandardCharsets.UTF_8);
        assertTrue(err.startsWith("rwsem4j-bench: " + message), err);
        assertEquals("", cli.out.toString(StandardCharsets.UTF_8));
        assertFalse(Files.exists(tmp.resolve("runs")), "nothing is made before the arguments check");
    }

    @Test
    void dryRunPrintsThePlanAndTheEstimateAndRunsNothing() throws Exception
    {
        assertEquals(0, cli.run("writer-share", "--dry-run", "--out", tmp.toString(), "--locks",
            "rrwl,base+reader-owned+reader-steal,recommended@handoff=0", "--forks", "3", "--shapes",
            "one-reader,writer-flood"));
        final String out = cli.out.toString(StandardCharsets.UTF_8);
        assertTrue(out.contains("locks rrwl,base+reader-owned+reader-steal,recommended@handoff=0; shapes " +
            "one-reader,writer-flood"), out);
        assertTrue(out.contains("B = 4,975 per 1000 ms window"), out);
        assertTrue(out.contains("3 forks per lock and shape: 18 child JVMs, each 300 ms warm-up + 10 windows of " +
            "1000 ms; estimated 3m18s"), out);
        assertFalse(Files.exists(tmp.resolve("runs")));
    }

    @Test
    void phaseFairJoinsTheDefaultsOnlyWhenTheCatalogueHasIt()
    {
        final List<String> leftOut = new ArrayList<>();
        final List<String> locks = WriterShareCommand.defaultLocks(Set.of("reader-owned", "reader-steal"), leftOut);
        assertEquals(List.of("rrwl", "stamped", "base+reader-owned+reader-steal"), locks);
        assertEquals(2, leftOut.size(), leftOut.toString());
        assertTrue(leftOut.get(0).startsWith("recommended left out: "), leftOut.get(0));
        assertEquals("base+phase-fair left out: the catalogue has no patch named 'phase-fair' (its module, " +
            "rwsem-phase-fair, is not in this build)", leftOut.get(1));
        assertEquals("reader-steal", WriterShareCommand.spec("base+reader-steal"));
        assertEquals("recommended@handoff=0", WriterShareCommand.spec("recommended@handoff=0"));
    }
}
