package org.rwsem4j.bench.ablation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rwsem4j.bench.BenchCli;
import org.rwsem4j.bench.BenchMain;

/** {@code kernel-shape}'s command line: bad arguments exit 2 with one line before anything runs; the dry run. */
class KernelShapeCommandTest
{
    private final BenchCli cli = new BenchCli();

    @TempDir
    Path tmp;

    private void refused(final String expectedStart, final String... args) throws Exception
    {
        final Path out = tmp.resolve("out");
        // --dry-run: should a check break, the test sees a printed plan and exit 0 instead of starting a run
        final String[] all = new String[args.length + 4];
        all[0] = "kernel-shape";
        System.arraycopy(args, 0, all, 1, args.length);
        all[args.length + 1] = "--out";
        all[args.length + 2] = out.toString();
        all[args.length + 3] = "--dry-run";
        assertEquals(BenchMain.USAGE, cli.run(all), String.join(" ", args));
        final String err = cli.err.toString(StandardCharsets.UTF_8);
        assertTrue(err.startsWith(expectedStart), err);
        assertEquals("", cli.out.toString(StandardCharsets.UTF_8), "nothing runs, not even the plan");
        assertFalse(Files.exists(out), "no run folder");
    }

    @Test
    void badArgumentsExit2WithOneLineBeforeAnythingRuns() throws Exception
    {
        refused("rwsem4j-bench: --units: unknown load unit 'bogus'; valid: pause, tokens", "--units", "bogus");
        refused("rwsem4j-bench: --units: unknown load unit 'ticks'", "--units", "pause,ticks");
        refused("rwsem4j-bench: --locks: bad spec 'no-such-patch': ", "--locks", "no-such-patch");
        refused("rwsem4j-bench: --locks: 'stamped' is a peer", "--locks", "stamped");
        refused("rwsem4j-bench: --peers must include rrwl", "--peers", "stamped");
        refused("rwsem4j-bench: --ratios: bad ratio 'x'", "--ratios", "x");
    }

    @Test
    void dryRunPrintsThePlanAndTheEstimateAndRunsNothing() throws Exception
    {
        final Path out = tmp.resolve("out");
        assertEquals(0, cli.run("kernel-shape", "--dry-run", "--out", out.toString()));
        final String text = cli.out.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("sizing: by ops, 1,000,000 operations per worker"), text);
        assertTrue(text.contains("forks: 5 per cell at 10 threads, 10 at 2 threads; 48 cells, 360 runs"), text);
        assertTrue(text.contains("rough estimate: "), text);
        assertFalse(Files.exists(out));
    }
}
