package org.rwsem4j.bench.ab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runner end to end with a stand-in for {@code java}: a shell script that, given the child's command line, copies
 * a JMH JSON file prepared for its jar to the {@code -rff} path, or fails as a torn read would. This covers the
 * process handling, the order, the progress lines and the failure path without a built jar (surefire runs before the
 * shaded jar exists).
 */
class AbRunTest
{
    private static final String FAKE_JAVA = String.join("\n",
        "#!/bin/sh",
        "jar=\"$2\"; rff=''; prev=''",
        "for a in \"$@\"; do if [ \"$prev\" = -rff ]; then rff=\"$a\"; fi; prev=\"$a\"; done",
        "case \"$jar\" in *broken*)",
        "  echo 'ERROR: org.openjdk.jmh.runner.RunnerException: Benchmark caught the exception' >&2",
        "  echo 'Caused by: java.lang.IllegalStateException: torn read: 3 != 4' >&2",
        "  echo '\tat org.rwsem4j.bench.GuardedPair.check(GuardedPair.java:40)' >&2",
        "  echo '\t... 12 more' >&2",
        "  exit 1;;",
        "esac",
        "echo \"$@\" >> \"$(dirname \"$jar\")/calls.txt\"",
        "cp \"${jar%.jar}.json\" \"$rff\"",
        "");

    @TempDir
    Path dir;

    private Path java;
    private final Map<String, String> params = new LinkedHashMap<>();
    private final ByteArrayOutputStream progress = new ByteArrayOutputStream();

    @BeforeEach
    void fakeJava() throws IOException
    {
        assumeTrue(Files.isExecutable(Path.of("/bin/sh")), "needs /bin/sh");
        java = Files.writeString(dir.resolve("java"), FAKE_JAVA);
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        params.put("impl", "recommended");
        params.put("ratio", "1:1");
        params.put("threads", "10");
        params.put("load", "1");
        params.put("ops", "100000");
        AbTestFiles.jmhJson(dir.resolve("a.json"), params, new double[] {100, 101}, new double[] {95, 96});
        AbTestFiles.jmhJson(dir.resolve("b.json"), params, new double[] {130, 131}, new double[] {95, 96});
    }

    private AbResults run(final String jarB) throws InterruptedException, IOException
    {
        final BenchJar a = new BenchJar(dir.resolve("a.jar"), "1111", "aaaaaaaaaaaa");
        final BenchJar b = new BenchJar(dir.resolve(jarB), "2222", "bbbbbbbbbbbb");
        final AbPlan plan = new AbPlan(a, b, AbCells.LOCK_TEST, List.of(new AbCell(params)), 5, 1, 2);
        final Path work = Files.createDirectories(dir.resolve("work"));
        return new AbRun(plan, java, work, new PrintStream(progress, true, StandardCharsets.UTF_8)).run();
    }

    @Test
    void runsEveryChildInOrderReadsItsJsonAndFindsTheSlowerJar() throws Exception
    {
        final AbResults results = run("b.jar");
        final List<String> lines = progress.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(10, lines.size(), String.join("\n", lines));
        assertTrue(lines.get(0).startsWith("[run 1/10] round 1/5, cell 1/1 impl=recommended ratio=1:1 threads=10 " +
            "load=1 ops=100000, jar A -> 100.5 ms/op ("), lines.get(0));
        assertTrue(lines.get(1).contains(", jar B -> 130.5 ms/op ("), lines.get(1));
        assertTrue(lines.get(2).contains("round 2/5") && lines.get(2).contains(", jar B -> "), lines.get(2));
        assertTrue(results.failures().isEmpty());
        assertTrue(Files.isRegularFile(dir.resolve("work/r5-c1-B.json")));
        final List<String> calls = Files.readAllLines(dir.resolve("calls.txt"));
        assertEquals(10, calls.size());
        assertTrue(calls.get(0).startsWith("-jar " + dir.resolve("a.jar") + " jmh "), calls.get(0));
        final AbPlan plan = new AbPlan(new BenchJar(dir.resolve("a.jar"), "1111", "a"),
            new BenchJar(dir.resolve("b.jar"), "2222", "b"), AbCells.LOCK_TEST, List.of(new AbCell(params)), 5, 1, 2);
        final AbReport report = new AbReport(plan, results);
        assertEquals("different", report.verdict(0, results.rows(0).get(0)));
        assertEquals(30, report.comparison(0, results.rows(0).get(0)).changePct(), 1);
    }

    @Test
    void aFailingChildFailsItsCellWithItsLastMessageAndTheRunGoesOn() throws Exception
    {
        final AbResults results = run("broken.jar");
        final String text = progress.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("jar B -> failed: exit status 1: java.lang.IllegalStateException: torn read: " +
            "3 != 4 ("), text);
        // round 1 ran A, then B failed: the other 8 runs of the cell are skipped
        assertEquals(8, text.lines().filter(l -> l.contains("-> skipped (cell failed)")).count(), text);
        assertEquals(Map.of(0, "round 1, jar B: exit status 1: java.lang.IllegalStateException: torn read: 3 != 4"),
            results.failures());
    }

    @Test
    void theFailureLineIsTheLastOneThatIsNotAStackFrame()
    {
        assertEquals("java.lang.IllegalArgumentException: unknown patch 'x'", AbRun.lastMessage(String.join("\n",
            "ERROR: org.openjdk.jmh.runner.RunnerException: Benchmark caught the exception",
            "\tat org.openjdk.jmh.runner.Runner.runBenchmarks(Runner.java:572)",
            "\tSuppressed: java.lang.IllegalArgumentException: unknown patch 'x'",
            "\t\tat org.rwsem4j.Variant.resolve(Variant.java:111)",
            "\t\t... 15 more", ""), "ignored"));
        assertEquals("Error: Unable to access jarfile x.jar", AbRun.lastMessage("", "Error: Unable to access jarfile " +
            "x.jar\n"));
        assertEquals("(no output)", AbRun.lastMessage("", " \n"));
    }
}
