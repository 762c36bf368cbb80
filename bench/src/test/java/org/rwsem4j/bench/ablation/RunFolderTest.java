package org.rwsem4j.bench.ablation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.rwsem4j.bench.BenchCli;
import org.rwsem4j.bench.BenchMain;
import org.rwsem4j.bench.fairness.FairnessResult;

import com.google.gson.JsonArray;
import com.google.gson.JsonPrimitive;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code report --from}: a real tiny run rebuilt byte for byte, and every kind of bad folder refused in one line. */
class RunFolderTest
{
    /** A folder from before metadata files existed (committed). */
    static final Path OLD_RUN = Paths.get("results", "runs", "20261201-123647-smoke");

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
    void reportFromRebuildsARealRunsReportByteForByte() throws Exception
    {
        // A short real run (7 cells, 1 fork, 20 ms windows). If another JMH run holds JMH's lock, each cell waits
        // for it (JmhCellRunner) rather than measuring at the same time.
        final List<String> args = List.of("--smoke", "--forks", "1", "--millis", "20", "--only", "locktest", "--out",
            tmp.toString());
        final List<String> line = new ArrayList<>(List.of("ablation"));
        line.addAll(args);
        assertEquals(0, run(line.toArray(new String[0])), err.toString(StandardCharsets.UTF_8));
        final Path runDir;
        try (Stream<Path> runs = Files.list(tmp.resolve("runs")))
        {
            runDir = runs.findFirst().orElseThrow();
        }
        final RunMetadata meta = RunMetadata.read(runDir);
        assertEquals(args, meta.arguments);
        assertTrue(meta.finished);
        assertTrue(Files.isRegularFile(runDir.resolve(RunFolder.JMH_JSON_GZ)), runDir.toString());
        assertTrue(!Files.exists(runDir.resolve(RunFolder.JMH_JSON)), runDir.toString());
        assertTrue(!Files.exists(tmp.resolve(RunPlace.LATEST)), "latest.md written without --publish");
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("run folder: " + runDir + " "), out.toString());
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("not published"), out.toString());
        assertEquals(7, meta.seed000Cells.size());
        final String written = Files.readString(runDir.resolve("report.md"), StandardCharsets.UTF_8);
        assertEquals(0, run("report", "--from", runDir.toString()), err.toString(StandardCharsets.UTF_8));
        assertEquals(written, out.toString(StandardCharsets.UTF_8));
        final Path copy = tmp.resolve("rebuilt.md");
        assertEquals(0, run("report", "--from", runDir.toString(), "--out", copy.toString()));
        assertEquals(written, Files.readString(copy, StandardCharsets.UTF_8));
        assertEquals(0, run("report", "--from", runDir.toString(), "--latest"));
        final String latest = out.toString(StandardCharsets.UTF_8);
        final Path pub = tmp.resolve("pub");
        assertEquals(0, run("publish", "--from", runDir.toString(), pub.toString()),
            err.toString(StandardCharsets.UTF_8));
        assertEquals(latest, Files.readString(pub.resolve(RunPlace.LATEST), StandardCharsets.UTF_8));
        assertEquals(written, Files.readString(pub.resolve("runs").resolve(meta.stamp).resolve("report.md"),
            StandardCharsets.UTF_8));
    }

    @Test
    void aSyntheticRunRebuildsTheSameReportTwice() throws Exception
    {
        final Path dir = SyntheticRun.write(tmp.resolve("a"), Map.of("base", 40.0, "recommended", 20.0, "rrwl", 10.0,
            "mutex", 30.0));
        assertEquals(0, run("report", "--from", dir.toString()), err.toString(StandardCharsets.UTF_8));
        final String first = out.toString(StandardCharsets.UTF_8);
        assertTrue(first.startsWith("# synthetic a\n"), first);
        assertTrue(first.contains("took 0m13s"), first);
        assertTrue(first.contains("before: 1.00 1.00 1.00, after: 2.00 1.00 1.00"), first);
        assertEquals(0, run("report", "--from", dir.toString()));
        assertEquals(first, out.toString(StandardCharsets.UTF_8));
    }

    /**
     * The live path of the ablation (Results in memory, header from the metadata) against the rebuilt one, with what
     * the real run above does not have: fairness cells (their results live only in metadata.json) and failed cells.
     */
    @Test
    void fairnessResultsAndFailuresSurviveTheRoundTrip() throws Exception
    {
        final List<String> args = List.of("--smoke", "--forks", "1", "--ops", "2000", "--only", "locktest,fairness");
        final Path dir = tmp.resolve("fair");
        final Matrix matrix = Ablation.matrix(AblationCommand.parse(args));
        SyntheticRun.writeJmh(dir, matrix, scores());
        final Results results = new Results();
        for (final JmhJson.Entry e : JmhJson.read(dir.resolve(RunFolder.JMH_JSON)))
        {
            final Cell c = matrix.cells.stream().filter(x -> x.bench() == Bench.LOCKTEST &&
                x.impl().equals(e.params().get("impl")) && x.params().get("ratio").equals(e.params().get("ratio")) &&
                x.params().get("load").equals(e.params().get("load"))).findFirst().orElseThrow();
            e.forks().forEach(s -> results.add(c, s));
        }
        int n = 0;
        Cell failed = null;
        for (final Cell c : matrix.cells)
        {
            if (c.bench() == Bench.FAIRNESS)
            {
                n++;
                results.add(c, FairnessRunner.sample(FairnessResult.decode("readOps=100,20" + n + " writeOps=3" + n +
                    ",4 fail=0 waitP50us=1.234 waitP99us=5.67" + n + " waitMaxus=9.100")));
                failed = c;
            }
        }
        results.fail(failed, "IOException: fairness child failed (exit 1):\nits output");
        final RunMetadata meta = SyntheticRun.metadata(dir, args);
        meta.update(1, matrix, results, List.of("rrwl: Writes:  Total: 7"), 61.0, "3.00 2.00 1.00");
        meta.write(dir);
        final Report live = new Report(matrix, results, SyntheticRun.machine());
        final String expected = live.markdown(meta.title, "", results.failures(), Ablation.header(matrix, live, meta));
        assertTrue(expected.contains("## Fairness: dedicated readers and writers"), expected);
        assertTrue(expected.contains("## Fairness: reader flood"), expected);
        assertTrue(expected.contains("## Failed cells"), expected);
        assertEquals(0, run("report", "--from", dir.toString()), err.toString(StandardCharsets.UTF_8));
        assertEquals(expected, out.toString(StandardCharsets.UTF_8));
        assertEquals(List.of("rrwl: Writes:  Total: 7"), RunMetadata.read(dir).fairnessLines);
    }

    /**
     * {@code --unit both}: each unit's {@code jmh.json} entries go to that unit's cells (a pause cell names no unit,
     * so a tokens entry matches its parameters too), the unit is recorded, and the report names it.
     */
    @Test
    void aRunInBothUnitsKeepsEachUnitsFigures() throws Exception
    {
        final List<String> args = List.of("--smoke", "--forks", "1", "--ops", "2000", "--only", "locktest", "--unit",
            "both");
        final Path dir = SyntheticRun.write(tmp.resolve("both"), args, c -> c.params().containsKey(LockTestSpec.UNIT) ?
            70.0 : 30.0);
        final RunFolder run = RunFolder.read(dir);
        assertEquals(List.of("pause", "tokens"), run.metadata.loadUnits);
        assertEquals(14, run.matrix.cells.size());
        for (final Cell c : run.matrix.cells)
        {
            final boolean tokens = "tokens".equals(c.param(LockTestSpec.UNIT));
            assertEquals(1, run.results.samples(c).size(), c.describe());
            assertEquals(tokens ? 70.0 : 30.0, run.results.stats(c).median(), 1.0, c.describe());
        }
        assertEquals(0, run("report", "--from", dir.toString()), err.toString(StandardCharsets.UTF_8));
        final String report = out.toString(StandardCharsets.UTF_8);
        assertTrue(report.contains("- load unit `tokens`: 1 token (`Blackhole.consumeCPU`) = 2.50 ns here"), report);
        assertTrue(report.contains("- seed-000 load unit: pause units and `Blackhole.consumeCPU` tokens"), report);
        assertTrue(report.contains("## Seed 000 microbenchmark: peers and headline variants (load: pause units)"));
        assertTrue(report.contains("## Seed 000 microbenchmark: peers and headline variants (load: consumeCPU " +
            "tokens)"), report);
    }

    /** Runs recorded before the token was calibrated (no {@code tokenNanos}) rebuild without the token's line. */
    @Test
    void aRunFromBeforeTheTokenCalibrationHasNoTokenLine() throws Exception
    {
        final Path dir = synthetic();
        assertEquals(0, run("report", "--from", dir.toString()), err.toString(StandardCharsets.UTF_8));
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("- load unit `tokens`: 1 token"));
        SyntheticRun.edit(dir.resolve("metadata.json"), root -> root.getAsJsonObject().getAsJsonObject("machine")
            .remove("tokenNanos"));
        SyntheticRun.edit(dir.resolve("metadata.json"), root -> root.getAsJsonObject().remove("loadUnits"));
        assertEquals(0, run("report", "--from", dir.toString()), err.toString(StandardCharsets.UTF_8));
        final String report = out.toString(StandardCharsets.UTF_8);
        assertTrue(report.contains("- load unit: 1 pause"), report);
        assertTrue(!report.contains("token"), report);
    }

    /**
     * A folder made before the reader-flood case (no {@code fairnessCases}, standard fairness cells only, as every
     * committed run folder) still rebuilds: the standard case's table, no reader-flood table.
     */
    @Test
    void aFolderFromBeforeTheReaderFloodCaseRebuilds() throws Exception
    {
        final List<String> args = List.of("--smoke", "--forks", "1", "--ops", "2000", "--only", "fairness");
        final Path dir = tmp.resolve("old");
        final Matrix matrix = Ablation.matrix(AblationCommand.parse(args));
        SyntheticRun.writeJmh(dir, matrix, scores());
        final Results results = new Results();
        for (final Cell c : matrix.cells)
        {
            if (c.param(FairnessCase.READ_LOAD) == null)
            {
                results.add(c, FairnessRunner.sample(FairnessResult.decode("readOps=100,200 writeOps=30,40 fail=0 " +
                    "waitP50us=1.234 waitP99us=5.670 waitMaxus=9.100")));
            }
        }
        final RunMetadata meta = SyntheticRun.metadata(dir, args);
        meta.update(1, matrix, results, List.of(), 61.0, "3.00 2.00 1.00");
        meta.write(dir);
        SyntheticRun.edit(dir.resolve(RunMetadata.FILE), root -> root.getAsJsonObject().remove("fairnessCases"));
        assertEquals(null, RunMetadata.read(dir).fairnessCases);
        assertEquals(0, run("report", "--from", dir.toString()), err.toString(StandardCharsets.UTF_8));
        final String rebuilt = out.toString(StandardCharsets.UTF_8);
        assertTrue(rebuilt.contains("## Fairness: dedicated readers and writers"), rebuilt);
        assertTrue(!rebuilt.contains("reader flood"), rebuilt);
        assertTrue(rebuilt.contains(" 4 cells, 4 runs,"), rebuilt);
        matrix.cells.removeIf(c -> c.param(FairnessCase.READ_LOAD) != null);
        final Report live = new Report(matrix, results, SyntheticRun.machine());
        assertEquals(live.markdown(meta.title, "", results.failures(), Ablation.header(matrix, live, meta)), rebuilt);
    }

    @Test
    void aFolderWithOtherFairnessCasesIsRefused() throws Exception
    {
        final Path dir = synthetic();
        SyntheticRun.edit(dir.resolve(RunMetadata.FILE), root -> root.getAsJsonObject().add("fairnessCases",
            new JsonArray()));
        assertRefused("the run's fairness cases were []", "report", "--from", dir.toString());
    }

    @Test
    void aMissingFolderIsRefused() throws Exception
    {
        assertRefused("no such run folder", "report", "--from", tmp.resolve("nope").toString());
    }

    @Test
    void aFolderWithoutMetadataIsRefused() throws Exception
    {
        assertRefused("no metadata.json", "report", "--from", OLD_RUN.toString());
    }

    @Test
    void aMissingJmhJsonIsRefused() throws Exception
    {
        final Path dir = synthetic();
        Files.delete(dir.resolve("jmh.json"));
        assertRefused("jmh.json.gz: no such file (nor jmh.json)", "report", "--from", dir.toString());
    }

    @Test
    void aTruncatedJmhJsonIsRefused() throws Exception
    {
        final Path dir = synthetic();
        final String text = Files.readString(dir.resolve("jmh.json"));
        Files.writeString(dir.resolve("jmh.json"), text.substring(0, text.length() / 2));
        assertRefused("jmh.json: not valid JSON", "report", "--from", dir.toString());
    }

    @Test
    void aJmhJsonOfTheWrongShapeIsRefused() throws Exception
    {
        final Path dir = synthetic();
        Files.writeString(dir.resolve("jmh.json"), "{\"benchmark\": 1}");
        assertRefused("jmh.json: not a JMH result file", "report", "--from", dir.toString());
        SyntheticRun.write(dir, scores());
        SyntheticRun.edit(dir.resolve("jmh.json"), root -> root.getAsJsonArray().get(2).getAsJsonObject()
            .remove("primaryMetric"));
        assertRefused("entry 2: missing field 'primaryMetric'", "report", "--from", dir.toString());
    }

    @Test
    void aJmhEntryOutsideTheRunsPlanIsRefused() throws Exception
    {
        final Path dir = synthetic();
        SyntheticRun.edit(dir.resolve("jmh.json"), root -> root.getAsJsonArray().get(0).getAsJsonObject()
            .getAsJsonObject("params").addProperty("impl", "stamped"));
        assertRefused("entry 0 (", "report", "--from", dir.toString());
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("matches no cell of the run's plan"));
    }

    @Test
    void aTruncatedMetadataJsonIsRefused() throws Exception
    {
        final Path dir = synthetic();
        final String text = Files.readString(dir.resolve("metadata.json"));
        Files.writeString(dir.resolve("metadata.json"), text.substring(0, text.length() / 2));
        assertRefused("metadata.json: malformed", "report", "--from", dir.toString());
    }

    @Test
    void aMetadataJsonWithAWrongTypeIsRefused() throws Exception
    {
        final Path dir = synthetic();
        SyntheticRun.edit(dir.resolve("metadata.json"), root -> root.getAsJsonObject().addProperty("arguments", 5));
        assertRefused("metadata.json: malformed", "report", "--from", dir.toString());
    }

    @Test
    void aMetadataJsonWithoutItsMachineIsRefused() throws Exception
    {
        final Path dir = synthetic();
        SyntheticRun.edit(dir.resolve("metadata.json"), root -> root.getAsJsonObject().remove("machine"));
        assertRefused("metadata.json: malformed: missing or null 'machine'", "report", "--from", dir.toString());
    }

    @Test
    void aMetadataJsonOfAnotherFormatIsRefused() throws Exception
    {
        final Path dir = synthetic();
        SyntheticRun.edit(dir.resolve("metadata.json"), root -> root.getAsJsonObject().addProperty("formatVersion",
            99));
        assertRefused("metadata.json: format version 99, this build reads 1", "report", "--from", dir.toString());
    }

    @Test
    void recordedArgumentsThatNoLongerParseAreRefused() throws Exception
    {
        final Path dir = synthetic();
        SyntheticRun.edit(dir.resolve("metadata.json"), root -> root.getAsJsonObject().getAsJsonArray("arguments")
            .add("--bogus"));
        assertRefused("no longer parse: unknown option: '--bogus'", "report", "--from", dir.toString());
    }

    /** A run measured with a method this build no longer resolves its arguments to cannot be described by it. */
    @Test
    void aRunMeasuredWithAnotherResolvedProfileIsRefused() throws Exception
    {
        final Path dir = synthetic();
        SyntheticRun.edit(dir.resolve("metadata.json"), root -> root.getAsJsonObject().addProperty("profile",
            "smoke: forks 3, slow-wake-control 5000 ns"));
        assertRefused("the run measured 'smoke: forks 3, slow-wake-control 5000 ns', but this build resolves",
            "report", "--from", dir.toString());
    }

    @Test
    void aRunWithAPatchThisJarLacksIsRefused() throws Exception
    {
        final Path dir = synthetic();
        SyntheticRun.edit(dir.resolve("metadata.json"), root -> root.getAsJsonObject()
            .getAsJsonArray("libraryPatches").add(new JsonPrimitive("no-such-patch")));
        assertRefused("the run used patches this jar does not have: no-such-patch", "report", "--from",
            dir.toString());
    }

    @Test
    void aRunWithoutAPatchThisJarHasIsRefused() throws Exception
    {
        final Path dir = synthetic();
        final String dropped = PatchInfo.libraryPatchNames().iterator().next();
        SyntheticRun.edit(dir.resolve("metadata.json"), root ->
        {
            final JsonArray patches = root.getAsJsonObject().getAsJsonArray("libraryPatches");
            patches.remove(new JsonPrimitive(dropped));
        });
        assertRefused("this jar has patches the run did not: " + dropped, "report", "--from", dir.toString());
    }

    private Path synthetic() throws Exception
    {
        return SyntheticRun.write(tmp.resolve("run"), scores());
    }

    private static Map<String, Double> scores()
    {
        return Map.of("base", 40.0, "recommended", 20.0, "rrwl", 10.0, "mutex", 30.0);
    }

    /** Exit 2, and one line that names the problem, then at most the hint line. */
    private void assertRefused(final String names, final String... args) throws Exception
    {
        assertEquals(BenchMain.USAGE, run(args));
        final List<String> lines = err.toString(StandardCharsets.UTF_8).lines().toList();
        assertTrue(lines.size() <= 2, lines.toString());
        assertTrue(lines.get(0).startsWith("rwsem4j-bench: "), lines.toString());
        assertTrue(lines.get(0).contains(names), lines.toString());
        assertTrue(lines.size() < 2 || lines.get(1).startsWith("run 'rwsem4j-bench "), lines.toString());
        assertEquals("", out.toString(StandardCharsets.UTF_8));
    }
}
