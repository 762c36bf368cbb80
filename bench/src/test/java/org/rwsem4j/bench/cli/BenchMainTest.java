package org.rwsem4j.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.rwsem4j.bench.BenchCli;
import org.rwsem4j.bench.BenchMain;
import org.rwsem4j.bench.LoadUnit;
import org.rwsem4j.bench.ablation.Ablation;
import org.rwsem4j.bench.ablation.AblationArgs;
import org.rwsem4j.bench.ablation.AblationCommand;
import org.rwsem4j.bench.ablation.Cell;
import org.rwsem4j.bench.ablation.LockTestSpec;
import org.rwsem4j.bench.ablation.Matrix;
import org.rwsem4j.bench.ablation.Profile;
import org.rwsem4j.bench.ablation.Section;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import picocli.CommandLine;

class BenchMainTest
{
    private final BenchCli cli = new BenchCli();
    private final ByteArrayOutputStream out = cli.out;
    private final ByteArrayOutputStream err = cli.err;

    private int run(final String... args) throws Exception
    {
        return cli.run(args);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "",
        "frobnicate",
        "--bogus",
        "list extra",
        "calibrate 3",
        "footprint extra",
        "footprint --locks 0",
        "footprint --timeout x",
        "help nosuch",
        "ablation --bogus",
        "ablation --fork 3",
        "ablation --forks",
        "ablation --forks 0",
        "ablation --forks two",
        "ablation --forks 2 --forks 3",
        "ablation --ops -5",
        "ablation --ops 1__",
        "ablation --only nope",
        "ablation --only locktest,",
        "ablation --quick --full",
        "ablation --smoke --quick",
        "ablation --patches null-control",
        "ablation --variants no-such-patch",
        "ablation --variants base+base",
        "ablation --variants mutex",
        "ablation --patches no-such-patch",
        "ablation --out",
        "ablation --out --smoke",
        "ablation extra",
        "fairness base 1",
        "fairness base 1 1 100 x",
        "fairness no-such-lock 1 1 100 1",
        "fairness base 1 1 100 -1",
        "fairness base 1 1 100 1 --read-load -1",
        "fairness base 1 1 100 1 --read-load x",
        "fairness base 1 1 100 1 --read-load",
        "report",
        "report --from",
        "report --from /no/such/run",
        "compare",
        "compare /no/such/a /no/such/b",
        "ablation --millis -1",
        "ablation --millis x",
        "ablation --unit",
        "ablation --unit bogus",
        "ablation --unit pause,tokens",
        "jmh LockTestBenchmark -p unit=bogus",
        "jmh LockTestBenchmark -p unit=pause,bogus",
        "jmh LockTestBenchmark -punit=bogus",
        "ab",
        "ab /no/such/a.jar /no/such/b.jar",
        "ab /no/such/a.jar /no/such/b.jar --forks 0"})
    void badArgumentsExitWithTwoAndSayWhyInOneLine(final String line) throws Exception
    {
        // every ablation line also says --dry-run, so a parser bug can never start a real run from a test
        final String full = line.startsWith("ablation") ? line + " --dry-run" : line;
        final String[] args = full.isEmpty() ? new String[0] : full.split(" ");
        assertEquals(BenchMain.USAGE, run(args), line);
        final List<String> lines = err.toString(StandardCharsets.UTF_8).lines().toList();
        assertTrue(lines.size() == 1 || lines.size() == 2, line + ": " + lines);
        assertTrue(lines.get(0).startsWith("rwsem4j-bench: "), lines.toString());
        assertTrue(lines.get(0).length() > "rwsem4j-bench: ".length() + 5, lines.toString());
        assertTrue(lines.size() == 1 || lines.get(1).endsWith(" --help' for usage"), lines.toString());
        assertEquals("", out.toString(StandardCharsets.UTF_8), line);
    }

    @Test
    void errorsNameWhatIsWrong() throws Exception
    {
        run("frobnicate");
        assertEquals("rwsem4j-bench: unknown command 'frobnicate'", firstErrorLine());
        run("ablation", "--forks", "0", "--dry-run");
        assertEquals("rwsem4j-bench: invalid value for option '--forks': must be at least 1, got 0", firstErrorLine());
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("run 'rwsem4j-bench ablation --help' for usage"));
        run("ablation", "--variants", "mutex", "--dry-run");
        assertEquals("rwsem4j-bench: --variants: 'mutex' is a peer; peers are always measured", firstErrorLine());
        run("ablation", "--quick", "--full", "--dry-run");
        assertEquals("rwsem4j-bench: --smoke, --quick and --full exclude each other", firstErrorLine());
        run("ablation", "--patches", "no-such-patch", "--dry-run");
        assertTrue(firstErrorLine().startsWith("rwsem4j-bench: --patches: 'no-such-patch' is not on the classpath; " +
            "available: "), firstErrorLine());
        run("ablation", "--unit", "bogus", "--dry-run");
        assertEquals("rwsem4j-bench: unknown load unit 'bogus' for --unit; valid: pause, tokens, both",
            firstErrorLine());
        assertEquals(BenchMain.USAGE, run("jmh", "LockTestBenchmark", "-p", "unit=tokens,nope"));
        assertEquals("rwsem4j-bench: -p unit: unknown load unit 'nope'; valid: pause, tokens", firstErrorLine());
    }

    /** {@code --unit}: pause by default (plans as before units), tokens instead, or both in one run. */
    @Test
    void theLoadUnitOptionPlansEachUnitsCells() throws Exception
    {
        final Matrix pause = Ablation.matrix(AblationCommand.parse(List.of("--smoke")));
        assertEquals(List.of(LoadUnit.PAUSE), pause.profile.units);
        assertTrue(pause.cells.stream().noneMatch(c -> c.params().containsKey(LockTestSpec.UNIT)), "pause names none");
        final Matrix tokens = Ablation.matrix(AblationCommand.parse(List.of("--smoke", "--unit", "tokens")));
        assertEquals(pause.cells.size(), tokens.cells.size());
        assertTrue(tokens.cells.stream().allMatch(c -> "tokens".equals(c.param(LockTestSpec.UNIT))));
        final Matrix both = Ablation.matrix(AblationCommand.parse(List.of("--smoke", "--unit", "both")));
        assertEquals(List.of(LoadUnit.PAUSE, LoadUnit.TOKENS), both.profile.units);
        final List<Cell> expected = new java.util.ArrayList<>(pause.cells);
        expected.addAll(tokens.cells);
        assertEquals(expected, both.cells);
        assertEquals(pause.profile.describe(), Profile.smoke().describe(), "the default describes a run as before");
        assertTrue(both.profile.describe().endsWith("; seed-000 load units [pause, tokens]"),
            both.profile.describe());
        assertEquals(0, run("ablation", "--smoke", "--unit", "both", "--dry-run"));
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("14 cells x 5 forks"), out.toString(
            StandardCharsets.UTF_8));
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("load units [pause, tokens]"));
    }

    /** {@code --contribution-cells}: the contributions and controls at the cells given, in the profile's grid. */
    @Test
    void theContributionCellsOptionReplacesTheProfilesCells() throws Exception
    {
        final Matrix quick = Ablation.matrix(AblationCommand.parse(List.of("--quick", "--patches", "trylock",
            "--only", "locktest")));
        final Matrix mine = Ablation.matrix(AblationCommand.parse(List.of("--quick", "--patches", "trylock",
            "--only", "locktest", "--contribution-cells", "0:1@2,1:1@2,0:1@10")));
        final String trylock = "trylock";
        assertTrue(quick.cells.stream().anyMatch(c -> trylock.equals(c.impl()) && "10:1".equals(c.param("ratio"))));
        assertTrue(mine.cells.stream().noneMatch(c -> trylock.equals(c.impl()) && "10:1".equals(c.param("ratio"))));
        for (final String[] rt : List.of(new String[] {"0:1", "2"}, new String[] {"1:1", "2"},
            new String[] {"0:1", "10"}))
        {
            assertTrue(mine.cells.stream().anyMatch(c -> trylock.equals(c.impl()) && rt[0].equals(c.param("ratio")) &&
                rt[1].equals(c.param("threads"))), String.join("@", rt));
        }
        assertTrue(mine.profile.describe().contains("contribution cells [0:1 2, 1:1 2, 0:1 10]"),
            mine.profile.describe());
        for (final String bad : List.of("1:1", "1:1@3", "2:1@10", "0:1@2,0:1@2", ""))
        {
            assertEquals(BenchMain.USAGE, run("ablation", "--quick", "--contribution-cells", bad, "--dry-run"), bad);
            assertTrue(firstErrorLine().startsWith("rwsem4j-bench: --contribution-cells: "), firstErrorLine());
            err.reset();
        }
    }

    private String firstErrorLine()
    {
        return err.toString(StandardCharsets.UTF_8).lines().findFirst().orElse("");
    }

    @Test
    void footprintPrintsItsTable() throws Exception
    {
        final int status = run("footprint", "--locks", "2000", "--timeout", "30");
        final String text = out.toString(StandardCharsets.UTF_8);
        for (final String row : List.of("| point | heap used after GC |", "| start |", "| 2000 fresh |",
            "| 2000 contended once |", "| dropped, after GC |", "(0 read locks granted: expected 0)"))
        {
            assertTrue(text.contains(row), row + " in:\n" + text);
        }
        assertTrue(status == 0 || text.contains("NOT BACK"), "exit status 1 says what did not come back:\n" + text);
    }

    @Test
    void helpIsGeneratedForEveryCommand() throws Exception
    {
        assertEquals(0, run("--help"));
        for (final String command : List.of("ablation", "list", "calibrate", "footprint", "fairness", "jmh", "report",
            "compare", "ab"))
        {
            assertTrue(out.toString(StandardCharsets.UTF_8).contains("  " + command + " "), command);
        }
        for (final String command : List.of("ablation", "list", "calibrate", "footprint", "fairness", "jmh", "report",
            "compare", "ab"))
        {
            assertEquals(0, run(command, "--help"), command);
            assertTrue(out.toString(StandardCharsets.UTF_8).startsWith("Usage: rwsem4j-bench " + command), command);
            final String viaHelp = out.toString(StandardCharsets.UTF_8);
            assertEquals(0, run("help", command), command);
            assertEquals(viaHelp, out.toString(StandardCharsets.UTF_8), command);
        }
        assertEquals(0, run("ablation", "--help"));
        final String help = out.toString(StandardCharsets.UTF_8).replaceAll("\\s+", " ");
        assertTrue(help.contains(Section.names().replace(",", ", ").replace(", ", ",")) ||
            help.replace(", ", ",").contains(Section.names()), help);
    }

    @Test
    void dryRunAndListSucceed() throws Exception
    {
        assertEquals(0, run("ablation", "--quick", "--dry-run", "--only", "locktest"));
        assertEquals(0, run("ablation", "--smoke", "--dry-run", "--forks", "1_0"));
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("ablation (smoke)"));
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("7 cells x 10 forks"));
        assertEquals(0, run("list"));
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("presets:"));
    }

    @Test
    void recordedArgumentsRebuildTheSameSettings() throws Exception
    {
        final AblationArgs a = AblationCommand.parse(List.of("--quick", "--forks", "7", "--ops", "20_000",
            "--variants", "base,all", "--only", "locktest,macro"));
        assertEquals("quick", a.profile.name);
        assertEquals(7, a.profile.forks);
        assertEquals(20_000, a.profile.ops);
        assertEquals(List.of("base", "all"), a.variants);
        assertEquals(java.util.EnumSet.of(Section.LOCKTEST, Section.MACRO), a.sections);
    }

    @Test
    void jmhChecksOnlyTheUnitParameter() throws Exception
    {
        JmhCommand.checkUnits(List.of("LockTestBenchmark", "-p", "unit=pause,tokens", "-punit=tokens", "-prof",
            "gc", "-p", "impl=base"));
        JmhCommand.checkUnits(List.of("-p"));
        final org.rwsem4j.cli.UsageException e = org.junit.jupiter.api.Assertions.assertThrows(
            org.rwsem4j.cli.UsageException.class, () -> JmhCommand.checkUnits(List.of("-p", "unit=")));
        assertEquals("-p unit: unknown load unit ''; valid: pause, tokens", e.getMessage());
    }

    @Test
    void jmhGetsEveryArgumentUnchanged()
    {
        final String[] args = {"LockTestBenchmark", "-p", "impl=base,rrwl", "-rf", "json", "-h", "-f", "1"};
        final CommandLine cl = JmhCommand.commandLine();
        cl.parseArgs(args);
        assertEquals(List.of(args), ((JmhCommand)cl.getCommand()).jmhArgs);
        final String[] optionFirst = {"-f", "1", "-wi", "0", "--", "LockTestBenchmark"};
        final CommandLine configured = JmhCommand.commandLine();
        configured.parseArgs(optionFirst);
        assertEquals(List.of(optionFirst), ((JmhCommand)configured.getCommand()).jmhArgs);
    }
}
