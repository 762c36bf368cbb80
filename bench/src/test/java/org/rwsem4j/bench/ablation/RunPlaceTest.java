package org.rwsem4j.bench.ablation;

import org.rwsem4j.bench.BenchMain;
import org.rwsem4j.bench.BenchCli;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rwsem4j.cli.UsageException;

/**
 * Where runs go ({@link RunPlace}): a git-ignored folder by default, fresh folders only, publishing only when asked,
 * never through a link; and the gzipped JMH results a run folder holds ({@link RunFolder#jmhFile}).
 */
class RunPlaceTest
{
    private final BenchCli cli = new BenchCli();

    @TempDir
    Path tmp;

    /** Tests run in the bench module's folder: the defaults are its {@code target} and {@code results}. */
    @Test
    void byDefaultARunGoesToTheIgnoredTargetFolderAndIsNotPublished() throws Exception
    {
        final AblationArgs plain = AblationCommand.parse(List.of("--smoke"));
        assertEquals(Paths.get("target"), plain.out);
        assertNull(plain.publish);
        assertEquals(Paths.get("results"), AblationCommand.parse(List.of("--publish", "--smoke")).publish);
        assertEquals(Paths.get("results"), AblationCommand.parse(List.of("--smoke", "--publish")).publish);
        assertEquals(Paths.get("elsewhere"), AblationCommand.parse(List.of("--publish", "elsewhere")).publish);
        assertEquals(Paths.get("o"), AblationCommand.parse(List.of("--out", "o", "--smoke")).out);
    }

    @Test
    void aRunFolderIsCreatedFreshAndAnExistingOneIsRefused() throws Exception
    {
        RunPlace.prepare(tmp, "--out");
        final Path run = RunPlace.createRun(tmp, "20260101-000000-smoke");
        assertTrue(Files.isDirectory(run));
        final IOException again = assertThrows(IOException.class, () -> RunPlace.createRun(tmp,
            "20260101-000000-smoke"));
        assertTrue(again.getMessage().contains("exists already"), again.getMessage());
        final Path target = Files.createDirectory(tmp.resolve("shared"));
        Files.createSymbolicLink(tmp.resolve("runs").resolve("linked"), target);
        assertThrows(IOException.class, () -> RunPlace.createRun(tmp, "linked"));
    }

    @Test
    void aRunsFolderThatIsALinkIsRefused() throws Exception
    {
        final Path shared = Files.createDirectory(tmp.resolve("shared"));
        final Path out = Files.createDirectory(tmp.resolve("out"));
        Files.createSymbolicLink(out.resolve("runs"), shared);
        final UsageException e = assertThrows(UsageException.class, () -> RunPlace.prepare(out, "--out"));
        assertTrue(e.getMessage().contains("is a symbolic link"), e.getMessage());
    }

    @Test
    void publishCopiesTheRunAndReplacesLatestWithoutFollowingALink() throws Exception
    {
        final Path run = SyntheticRun.write(tmp.resolve("r1"), scores());
        final Path pub = Files.createDirectory(tmp.resolve("pub"));
        final Path outside = Files.writeString(tmp.resolve("outside.md"), "not ours\n");
        Files.createSymbolicLink(pub.resolve(RunPlace.LATEST), outside);
        assertEquals(0, cli.run("report", "--from", run.toString(), "--latest"));
        final String latest = cli.out.toString(StandardCharsets.UTF_8);
        assertEquals(0, cli.run("publish", "--from", run.toString(), pub.toString()),
            cli.err.toString(StandardCharsets.UTF_8));
        assertTrue(cli.out.toString(StandardCharsets.UTF_8).startsWith("published: " + pub.resolve("runs")
            .resolve("r1")), cli.out.toString(StandardCharsets.UTF_8));
        assertEquals("not ours\n", Files.readString(outside));
        assertTrue(Files.isRegularFile(pub.resolve(RunPlace.LATEST), java.nio.file.LinkOption.NOFOLLOW_LINKS));
        assertEquals(latest, Files.readString(pub.resolve(RunPlace.LATEST)));
        for (final String f : List.of(RunFolder.JMH_JSON, RunMetadata.FILE))
        {
            assertEquals(Files.readString(run.resolve(f)), Files.readString(pub.resolve("runs/r1").resolve(f)));
        }
        assertEquals(BenchMain.USAGE, cli.run("publish", "--from", run.toString(), pub.toString()));
        assertTrue(cli.err.toString(StandardCharsets.UTF_8).contains("exists already"),
            cli.err.toString(StandardCharsets.UTF_8));
    }

    /** A publish that fails half-way takes its copy back, so the next try is not refused as "exists already". */
    @Test
    void aFailedPublishLeavesNothingBehindAndCanBeRetried() throws Exception
    {
        final Path run = SyntheticRun.write(tmp.resolve("r3"), scores());
        final Path pub = Files.createDirectory(tmp.resolve("pub"));
        final Path blocker = Files.createDirectories(pub.resolve(RunPlace.LATEST).resolve("in-the-way"));
        assertEquals(BenchMain.USAGE, cli.run("publish", "--from", run.toString(), pub.toString()));
        try (java.util.stream.Stream<Path> left = Files.list(pub.resolve(RunPlace.RUNS)))
        {
            assertEquals(List.of(), left.toList(), "a failed publish left a copy");
        }
        try (java.util.stream.Stream<Path> left = Files.list(pub))
        {
            assertEquals(List.of(pub.resolve(RunPlace.LATEST), pub.resolve(RunPlace.RUNS)), left.sorted().toList());
        }
        Files.delete(blocker);
        Files.delete(pub.resolve(RunPlace.LATEST));
        assertEquals(0, cli.run("publish", "--from", run.toString(), pub.toString()),
            cli.err.toString(StandardCharsets.UTF_8));
        assertTrue(Files.isRegularFile(pub.resolve(RunPlace.RUNS).resolve("r3").resolve(RunMetadata.FILE)));
    }

    /** The metadata is rewritten through a temporary file created new: a link planted at its name is not followed. */
    @Test
    void rewritingTheMetadataDoesNotWriteThroughALink() throws Exception
    {
        final Path run = SyntheticRun.write(tmp.resolve("r4"), scores());
        final Path outside = Files.writeString(tmp.resolve("outside.json"), "not ours\n");
        Files.createSymbolicLink(run.resolve(RunMetadata.FILE + ".tmp"), outside);
        RunMetadata.read(run).write(run);
        assertEquals("not ours\n", Files.readString(outside));
        assertTrue(Files.isRegularFile(run.resolve(RunMetadata.FILE), java.nio.file.LinkOption.NOFOLLOW_LINKS));
        assertEquals(0, cli.run("report", "--from", run.toString()), cli.err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void outAndPublishMayNotNameTheSameFolder() throws Exception
    {
        final String same = tmp.resolve("both").toString();
        assertEquals(BenchMain.USAGE, cli.run("ablation", "--smoke", "--out", same, "--publish", same));
        assertTrue(cli.err.toString(StandardCharsets.UTF_8).contains("name the same folder"),
            cli.err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void anUnfinishedRunIsNotPublished() throws Exception
    {
        final Path run = SyntheticRun.write(tmp.resolve("r2"), scores());
        SyntheticRun.edit(run.resolve(RunMetadata.FILE), root -> root.getAsJsonObject().addProperty("finished",
            false));
        assertEquals(BenchMain.USAGE, cli.run("publish", "--from", run.toString(), tmp.resolve("pub").toString()));
        assertTrue(cli.err.toString(StandardCharsets.UTF_8).contains("only a finished run is published"),
            cli.err.toString(StandardCharsets.UTF_8));
        assertTrue(!Files.exists(tmp.resolve("pub").resolve(RunPlace.LATEST)));
    }

    @Test
    void reportFromAGzippedRunIsTheSameAsFromThePlainFile() throws Exception
    {
        final Path run = SyntheticRun.write(tmp.resolve("r3"), scores());
        assertEquals(0, cli.run("report", "--from", run.toString()), cli.err.toString(StandardCharsets.UTF_8));
        final String plain = cli.out.toString(StandardCharsets.UTF_8);
        gzip(run.resolve(RunFolder.JMH_JSON), run.resolve(RunFolder.JMH_JSON_GZ));
        Files.delete(run.resolve(RunFolder.JMH_JSON));
        assertEquals(run.resolve(RunFolder.JMH_JSON_GZ), RunFolder.jmhFile(run));
        assertEquals(0, cli.run("report", "--from", run.toString()), cli.err.toString(StandardCharsets.UTF_8));
        assertEquals(plain, cli.out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aCorruptGzipIsRefusedNamingTheFile() throws Exception
    {
        final Path run = SyntheticRun.write(tmp.resolve("r4"), scores());
        final Path gz = run.resolve(RunFolder.JMH_JSON_GZ);
        gzip(run.resolve(RunFolder.JMH_JSON), gz);
        final byte[] whole = Files.readAllBytes(gz);
        Files.write(gz, java.util.Arrays.copyOf(whole, whole.length / 2));
        assertEquals(BenchMain.USAGE, cli.run("report", "--from", run.toString()));
        final String err = cli.err.toString(StandardCharsets.UTF_8);
        assertTrue(err.contains(gz + ": not a valid gzip file"), err);
        Files.writeString(gz, "plain text, no gzip");
        assertEquals(BenchMain.USAGE, cli.run("report", "--from", run.toString()));
        assertTrue(cli.err.toString(StandardCharsets.UTF_8).contains(gz + ": not a valid gzip file"),
            cli.err.toString(StandardCharsets.UTF_8));
    }

    private static void gzip(final Path from, final Path to) throws IOException
    {
        try (OutputStream o = new GZIPOutputStream(Files.newOutputStream(to)))
        {
            Files.copy(from, o);
        }
    }

    private static Map<String, Double> scores()
    {
        return Map.of("base", 40.0, "recommended", 20.0, "rrwl", 10.0, "mutex", 30.0);
    }
}
