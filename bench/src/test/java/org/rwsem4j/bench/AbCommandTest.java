package org.rwsem4j.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rwsem4j.bench.ab.AbCell;
import org.rwsem4j.bench.ab.AbPlan;
import org.rwsem4j.bench.ab.AbTestFiles;
import org.rwsem4j.bench.ab.BenchJar;
import org.rwsem4j.cli.UsageException;

/** {@code ab}'s arguments, its plan and its child command lines; nothing here starts a child. */
class AbCommandTest
{
    private static final String A_COMMIT = "1111111111111111111111111111111111111111";
    private static final String B_COMMIT = "2222222222222222222222222222222222222222";

    @TempDir
    Path dir;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @BeforeEach
    void jars() throws IOException
    {
        AbTestFiles.benchJar(dir.resolve("a.jar"), A_COMMIT);
        AbTestFiles.benchJar(dir.resolve("b.jar"), B_COMMIT);
        AbTestFiles.jar(dir.resolve("other.jar"), List.of("com/example/Main.class"), null);
        AbTestFiles.jar(dir.resolve("old.jar"), List.of(BenchJar.MAIN_CLASS), null);
        Files.writeString(dir.resolve("text.jar"), "not a jar");
        Files.writeString(dir.resolve("file"), "");
        Files.createDirectory(dir.resolve("folder"));
    }

    private int run(final String line)
    {
        final List<String> args = new ArrayList<>();
        for (final String word : line.trim().split(" +"))
        {
            if (!word.isEmpty())
            {
                args.add(word.endsWith(".jar") || word.equals("folder") || word.equals("file") ?
                    dir.resolve(word).toString() : word);
            }
        }
        return AbCommand.execute(new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8), args.toArray(new String[0]));
    }

    private String out()
    {
        return out.toString(StandardCharsets.UTF_8);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "",
        "a.jar",
        "a.jar b.jar c.jar",
        "missing.jar b.jar",
        "a.jar folder",
        "text.jar b.jar",
        "other.jar b.jar",
        "a.jar old.jar",
        "a.jar b.jar --bogus",
        "a.jar b.jar --forks 0",
        "a.jar b.jar --forks two",
        "a.jar b.jar --forks",
        "a.jar b.jar --warmups -1",
        "a.jar b.jar --iterations 0",
        "a.jar b.jar --impl a,,b",
        "a.jar b.jar --impl rrwl,rrwl",
        "a.jar b.jar --impl base;rm",
        "a.jar b.jar --ratio 1:x",
        "a.jar b.jar --ratio 1",
        "a.jar b.jar --ratio 0:0",
        "a.jar b.jar --threads 0",
        "a.jar b.jar --threads ten",
        "a.jar b.jar --load -1",
        "a.jar b.jar --param ops",
        "a.jar b.jar --param =5",
        "a.jar b.jar --param ops=",
        "a.jar b.jar --param ops=1,2",
        "a.jar b.jar --param impl=rrwl",
        "a.jar b.jar --param threads=2",
        "a.jar b.jar --param ops=1 --param ops=2",
        "a.jar b.jar --benchmark Nope",
        "a.jar b.jar --benchmark org.rwsem4j.bench.LockTestBenchmark",
        "a.jar b.jar --benchmark UncontendedBenchmark --ratio 1:1",
        "a.jar b.jar --out file"})
    void badArgumentsExitWithTwoAndOneLineThatSaysWhy(final String line)
    {
        // every line also says --dry-run, so a parser bug can never start a child from a test
        assertEquals(BenchMain.USAGE, run(line + " --dry-run"), line);
        final String message = err.toString(StandardCharsets.UTF_8);
        assertTrue(message.startsWith("rwsem4j-bench: "), message);
        assertTrue(message.length() > "rwsem4j-bench: ".length() + 5, message);
        assertEquals(1, message.lines().count(), message);
        assertEquals("", out());
    }

    @Test
    void helpIsGeneratedAndSucceeds()
    {
        assertEquals(0, run("--help"));
        assertTrue(out().startsWith("Usage: ab "), out());
        assertTrue(out().contains("--param=k=v"), out());
        assertEquals("", err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void missingJarAndJarWithoutTheBenchmarkAreNamed()
    {
        assertEquals(BenchMain.USAGE, run("a.jar missing.jar --dry-run"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("missing.jar: no such file"));
        err.reset();
        assertEquals(BenchMain.USAGE, run("a.jar old.jar --dry-run"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("has no benchmark LockTestBenchmark"));
        err.reset();
        assertEquals(BenchMain.USAGE, run("other.jar b.jar --dry-run"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("not a rwsem4j bench jar"));
    }

    @Test
    void dryRunPrintsTheJarsCommitsAndEveryChildInOrder()
    {
        assertEquals(0, run("a.jar b.jar --forks 5 --dry-run"));
        final String text = out();
        assertTrue(text.contains("A: `" + dir.resolve("a.jar") + "`"), text);
        assertTrue(text.contains("commit " + A_COMMIT + " (built from a clean tree"), text);
        assertTrue(text.contains("commit " + B_COMMIT), text);
        assertTrue(text.contains("LockTestBenchmark: 2 cells x 2 jars x 5 forks = 20 child runs, 1 warm-up + 2 " +
            "measured iterations per fork"), text);
        final List<String> children = text.lines().filter(l -> l.startsWith("round ")).toList();
        assertEquals(20, children.size());
        assertTrue(children.get(0).startsWith("round 1, cell "), children.get(0));
        assertTrue(children.get(0).contains(" -jar " + dir.resolve("a.jar") + " jmh "), children.get(0));
        assertTrue(children.get(0).contains(" -p impl=recommended -p ratio=") &&
            children.get(0).contains(" -p threads=10 -p load=1 -p ops=100000 -p millis=200 -f 1 -wi 1 -i 2 " +
                "-foe true -rf json -rff "), children.get(0));
    }

    @Test
    void eachRoundRunsEveryCellOnBothJarsBackToBackAlternatingWhichGoesFirst() throws UsageException
    {
        final AbPlan plan = plan("--impl", "recommended,rrwl", "--ratio", "1:1,10:1", "--forks", "6");
        assertEquals(4, plan.cells().size());
        final List<AbPlan.Step> steps = plan.steps();
        assertEquals(4 * 2 * 6, steps.size());
        for (int round = 1; round <= 6; round++)
        {
            final List<AbPlan.Step> r = steps.subList((round - 1) * 8, round * 8);
            final List<Integer> cells = new ArrayList<>();
            for (int i = 0; i < r.size(); i += 2)
            {
                assertEquals(round, r.get(i).round());
                assertEquals(r.get(i).cell(), r.get(i + 1).cell(), "both jars of a cell back to back");
                final boolean aFirst = (round + r.get(i).cell()) % 2 == 1;
                assertEquals(aFirst ? AbPlan.Side.A : AbPlan.Side.B, r.get(i).side());
                assertEquals(aFirst ? AbPlan.Side.B : AbPlan.Side.A, r.get(i + 1).side());
                cells.add(r.get(i).cell());
            }
            assertEquals(List.of(0, 1, 2, 3), cells.stream().sorted().toList(), "every cell once per round");
        }
        assertEquals(steps, plan("--impl", "recommended,rrwl", "--ratio", "1:1,10:1", "--forks", "6").steps(),
            "the order is seeded by the round");
    }

    @Test
    void cellsAreTheProductOfTheAxesWithTheParamsAppended() throws UsageException
    {
        final AbPlan plan = plan("--impl", "recommended,rrwl", "--ratio", "1:1", "--threads", "2,10", "--load",
            "1", "--param", "ops=200000", "--param", "millis=300");
        assertEquals(List.of(
            "impl=recommended ratio=1:1 threads=2 load=1 ops=200000 millis=300",
            "impl=recommended ratio=1:1 threads=10 load=1 ops=200000 millis=300",
            "impl=rrwl ratio=1:1 threads=2 load=1 ops=200000 millis=300",
            "impl=rrwl ratio=1:1 threads=10 load=1 ops=200000 millis=300"),
            plan.cells().stream().map(AbCell::label).toList());
    }

    @Test
    void childCommandIsJmhOverOneBenchmarkWithOneFork() throws UsageException
    {
        final AbPlan plan = plan("--ratio", "10:1", "--forks", "1", "--warmups", "0", "--iterations", "3");
        final Path json = dir.resolve("r1-c1-B.json");
        final List<String> cmd = plan.command(Path.of("/jdk/bin/java"), new AbPlan.Step(1, 0, AbPlan.Side.B), json);
        assertEquals(Arrays.asList("/jdk/bin/java", "-jar", dir.resolve("b.jar").toString(), "jmh",
            "^org\\.rwsem4j\\.bench\\.LockTestBenchmark\\.", "-p", "impl=recommended", "-p", "ratio=10:1", "-p",
            "threads=10", "-p", "load=1", "-p", "ops=100000", "-p", "millis=200", "-f", "1", "-wi", "0", "-i", "3",
            "-foe", "true",
            "-rf", "json", "-rff", json.toString()), cmd);
        final Pattern include = Pattern.compile(plan.include());
        assertTrue(include.matcher("org.rwsem4j.bench.LockTestBenchmark.lockTest").find());
        assertFalse(include.matcher("org.rwsem4j.bench.LockTestBenchmarkTwo.lockTest").find());
    }

    @Test
    void anotherBenchmarkTakesOnlyImplAndItsParams() throws UsageException
    {
        final AbPlan plan = plan("--benchmark", "UncontendedBenchmark.read", "--impl", "base,base@heap");
        assertEquals(List.of("impl=base", "impl=base@heap"), plan.cells().stream().map(AbCell::label).toList());
        final Pattern include = Pattern.compile(plan.include());
        assertTrue(include.matcher("org.rwsem4j.bench.UncontendedBenchmark.read").find());
        assertFalse(include.matcher("org.rwsem4j.bench.UncontendedBenchmark.write").find());
    }

    @Test
    void aJarWithoutGitPropertiesSaysItsCommitIsUnknown() throws Exception
    {
        AbTestFiles.jar(dir.resolve("nogit.jar"), List.of(BenchJar.MAIN_CLASS,
            "org/rwsem4j/bench/LockTestBenchmark.class"), null);
        assertEquals(0, run("nogit.jar nogit.jar --dry-run"));
        assertTrue(out().contains("commit unknown (no git.properties in the build)"), out());
    }

    private AbPlan plan(final String... options) throws UsageException
    {
        final List<String> args = new ArrayList<>(List.of(dir.resolve("a.jar").toString(),
            dir.resolve("b.jar").toString()));
        args.addAll(List.of(options));
        final AbCommand command = new AbCommand(System.out, System.err);
        new picocli.CommandLine(command).parseArgs(args.toArray(new String[0]));
        return command.plan();
    }
}
