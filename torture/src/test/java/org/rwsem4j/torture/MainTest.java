package org.rwsem4j.torture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.rwsem4j.Variant;
import org.rwsem4j.cli.DurationConverter;
import org.rwsem4j.cli.UsageException;

import picocli.CommandLine;

/** The CLI, in process through {@link Main#run}, plus one child JVM for the missing-flag message. */
class MainTest
{
    /** What one CLI call printed and returned. */
    private record Outcome(int exit, String out, String err)
    {
        String lastLine()
        {
            final String[] lines = out.strip().split("\n");
            return lines[lines.length - 1];
        }

        String all()
        {
            return "exit " + exit + "\n--- stdout\n" + out + "\n--- stderr\n" + err;
        }
    }

    private static Outcome cli(final String... args)
    {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int exit;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8))
        {
            exit = Main.run(args, o, e);
        }
        return new Outcome(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void helpExitsZero()
    {
        for (final String h : new String[] {"--help", "-h", "help"})
        {
            final Outcome r = cli(h);
            assertEquals(0, r.exit, r::all);
            assertTrue(r.out.startsWith("Usage: rwsem4j-torture"), r::all);
            assertTrue(r.out.contains("all-combinations"), r::all);
            assertTrue(r.out.contains("--duration"), r::all);
            assertTrue(r.out.contains("--min-per-run"), r::all);
            assertTrue(r.out.contains("list"), r::all);
            assertTrue(r.err.isEmpty(), r::all);
        }
        final Outcome list = cli("list", "--help");
        assertEquals(0, list.exit, list::all);
        assertTrue(list.out.startsWith("Usage: rwsem4j-torture list"), list::all);
    }

    @Test
    void listShowsPatchesPresetsAndControls()
    {
        final Outcome r = cli("list");
        assertEquals(0, r.exit, r::all);
        for (final String p : Variant.available())
        {
            assertTrue(r.out.contains(p), () -> p + " missing\n" + r.all());
        }
        assertTrue(r.out.contains("CI set"), r::all);
        assertTrue(r.out.contains("unsafe-wake-2016"), r::all);
    }

    @Test
    void badArgumentsExitTwoWithAMessage()
    {
        expectUsage("unknown option: '--bogus'", "--bogus");
        expectUsage("unexpected argument 'run'", "run");
        expectUsage("unexpected argument '@args.txt'", "@args.txt");
        expectUsage("invalid value for option '--threads': 'many' is not an int", "--threads", "many");
        expectUsage("--threads must be 1..10000, got 0", "--threads", "0");
        expectUsage("--threads must be 1..10000, got 10001", "--threads", "10001");
        expectUsage("--readers must be 0..10000, got -1", "--readers", "-1");
        expectUsage("need at least one reader or writer thread", "--readers", "0", "--writers", "0");
        expectUsage("invalid value for option '--duration': '5parsecs' is not a duration", "--duration", "5parsecs");
        expectUsage("invalid value for option '--duration': '0s' is out of range", "--duration", "0s");
        expectUsage("invalid value for option '--watchdog': '' is not a duration", "--watchdog=");
        expectUsage("invalid value for option '--oracle': 'both-ways' (use exclusion, data or both)", "--oracle",
            "both-ways");
        expectUsage("invalid value for option '--interrupts': 'lots' is not a double", "--interrupts", "lots");
        expectUsage("--interrupts must be a rate of at least 0", "--interrupts", "-1");
        expectUsage("--interrupts must be a rate of at least 0", "--interrupts", "Infinity");
        expectUsage("--long-hold is a probability, between 0 and 1", "--long-hold", "2");
        expectUsage("invalid value for option '--seed': 'soon' is not a long", "--seed", "soon");
        expectUsage("missing required parameter for option '--variant'", "--variant");
        expectUsage("--no-stutter", "--no-stutter=yes");
        expectUsage("too short", "--variant", "ci-set", "--duration", "1s");
        expectUsage("--min-per-run 0.1s is too short", "--variant", "all-combinations", "--min-per-run", "100ms");
        expectUsage("--history", "--history=yes");
        expectUsage("'sometimes' (use lock, interruptibly, try, timed)", "--modes", "lock,sometimes");
        expectUsage("unexpected argument 'extra'", "list", "extra");
        expectUsage("unknown option: '--evil?[2J'", "--evil\u001b[2J");
    }

    /** A misspelt option gets picocli's suggestion on the hint line. */
    @Test
    void aMisspeltOptionGetsASuggestion()
    {
        final Outcome r = expectUsage("unknown option: '--duraton'", "--duraton", "5s");
        assertTrue(r.err.lines().skip(1).findFirst().orElse("").startsWith("did you mean --duration?"), r::all);
    }

    @Test
    void unknownVariantListsTheAvailablePatches()
    {
        final Outcome r = expectUsage("unknown patch 'no-such-patch'", "--variant", "base,no-such-patch");
        if (Variant.available().isEmpty())
        {
            assertTrue(r.err.contains("(none on the classpath)"), r::all);
        }
        for (final String p : Variant.available())
        {
            assertTrue(r.err.contains(p), () -> p + " missing\n" + r.all());
        }
        assertTrue(r.err.contains("all-combinations") && r.err.contains("busted"), r::all);
    }

    @Test
    void aBadCombinationGetsVariantsOwnMessage()
    {
        final Outcome r = expectUsage("bad --variant", "--variant", "all+base");
        assertTrue(r.err.contains("cannot be combined"), r::all);
    }

    @Test
    void aShortRunEndsWithSuccess()
    {
        final Outcome r = cli("--variant", "base", "--threads", "6", "--duration", "2s", "--seed", "42",
            "--progress", "500ms");
        assertEquals(0, r.exit, r::all);
        assertEquals("SUCCESS", r.lastLine(), r::all);
        assertTrue(r.out.contains("[1/2] start base [exclusion]"), r::all);
        assertTrue(r.out.contains("[2/2] start base [data]"), r::all);
        assertTrue(r.out.matches("(?s).*\\[1/2] base \\[exclusion]: \\d+ reads, \\d+ writes so far.*"), r::all);
        assertTrue(r.out.matches("(?s).*Writes:  Total: \\d+  Max/Min: \\d+/\\d+( \\?\\?\\?)?  Fail: 0\n.*"), r::all);
        assertTrue(r.out.matches("(?s).*Reads:  Total: \\d+  Max/Min: \\d+/\\d+( \\?\\?\\?)?  Fail: 0\n.*"), r::all);
        assertTrue(r.out.contains("Reads wait (us):  p50"), r::all);
        assertTrue(r.out.contains("Lock events: rwsem_"), r::all);
        assertTrue(r.out.contains("Quiescent: yes"), r::all);
        assertTrue(r.err.isEmpty(), r::all);
    }

    /** Every combination gets at least --min-per-run (2 s by default) per oracle, whatever --duration. */
    @Test
    void everyCombinationGetsAMinimumPerRun() throws UsageException
    {
        final TortureCommand o = parsed("--variant", "all-combinations", "--duration", "10s");
        final List<PlannedRun> plan = Plan.of(o.variant, o.oracle.oracles());
        assertEquals(2 * Variant.allValidCombinations().size(), plan.size());
        assertEquals(Duration.ofSeconds(2), Main.perRun(o, plan));
        final TortureCommand longer = parsed("--variant", "all-combinations", "--duration", 3 * plan.size() + "s");
        assertEquals(Duration.ofSeconds(3), Main.perRun(longer, plan));
        final TortureCommand least = parsed("--variant", "base", "--duration", "1s", "--min-per-run", "3s");
        assertEquals(Duration.ofSeconds(3), Main.perRun(least, Plan.of(least.variant, least.oracle.oracles())));
        final TortureCommand plain = parsed("--variant", "base", "--duration", "1s");
        assertEquals(Duration.ofMillis(500), Main.perRun(plain, Plan.of(plain.variant, plain.oracle.oracles())));
    }

    /** all-combinations:P is every valid combination that holds P, with the same least time per run. */
    @Test
    void everyCombinationWithAPatch() throws UsageException
    {
        final TortureCommand o = parsed("--variant", "all-combinations:reader-bias+handoff", "--duration", "1s");
        final List<PlannedRun> plan = Plan.of(o.variant, o.oracle.oracles());
        final long expected = Variant.allValidCombinations().stream()
            .filter(v -> v.patchNames().containsAll(List.of("reader-bias", "handoff"))).count();
        assertTrue(expected > 0 && expected < Variant.allValidCombinations().size());
        assertEquals(2 * expected, plan.size());
        assertTrue(plan.stream().allMatch(r -> r.spec().contains("reader-bias") && r.spec().contains("handoff")));
        assertEquals(Duration.ofSeconds(2), Main.perRun(o, plan));
        expectUsage("'bogus' is not a patch on the classpath", "--variant", "all-combinations:bogus");
        expectUsage("no valid combination holds all of them", "--variant", "all-combinations:wake-skip+handoff");
    }

    /** The plan line says the total before the first run, and why it is more than --duration. */
    @Test
    void thePlanLineSaysTheTotalAndWhatRaisedIt() throws UsageException
    {
        final TortureCommand o = parsed("--variant", "all-combinations", "--duration", "10s", "--threads", "4");
        final List<PlannedRun> plan = Plan.of(o.variant, o.oracle.oracles());
        final String line = Main.planLine(o, plan, 200, 1);
        final String total = DurationConverter.format(Duration.ofSeconds(2).multipliedBy(plan.size()));
        assertTrue(line.startsWith("rwsem4j torture: " + plan.size() + " run(s) of 2.0s (at least 2.0s per " +
            "combination per oracle, --min-per-run), " + total + " in total (not --duration 10.0s), 2 readers + 2 " +
            "writers on "), line);
        final TortureCommand longer = parsed("--variant", "all-combinations", "--duration", 3 * plan.size() + "s");
        final String fits = Main.planLine(longer, plan, 200, 1);
        assertTrue(fits.startsWith("rwsem4j torture: " + plan.size() + " run(s) of 3.0s, " +
            DurationConverter.format(Duration.ofSeconds(3L * plan.size())) + " in total, "), fits);
        assertFalse(fits.contains("--min-per-run") || fits.contains("not --duration"), fits);
    }

    @Test
    void historyRunsPrintTheCheckAndTheTotal()
    {
        final Outcome r = cli("--variant", "base", "--threads", "6", "--duration", "2s", "--seed", "7", "--history");
        assertEquals(0, r.exit, r::all);
        assertTrue(r.out.contains("2 run(s) of 1.0s, 2.0s in total"), r::all);
        assertTrue(r.out.contains("history on"), r::all);
        assertTrue(r.out.matches("(?s).*History: \\d+ operations checked \\(\\d+ reads, \\d+ writes\\), 0 illegal.*"),
            r::all);
        assertTrue(r.out.matches("(?s).*base \\[data]: SUCCESS  \\(violations 0, history 0 of \\d+, watchdog 0.*"),
            r::all);
    }

    @Test
    void aNegativeControlFailsTheHistoryCheck()
    {
        final Outcome r = cli("--variant", "busted", "--threads", "4", "--duration", "1s", "--oracle", "data",
            "--history");
        assertEquals(1, r.exit, r::all);
        assertTrue(r.out.contains("returned a torn value"), r::all);
        assertTrue(r.out.matches("(?s).*history violation\\(s\\).*"), r::all);
    }

    @Test
    void aNegativeControlEndsWithFailure()
    {
        final Outcome r = cli("--variant", "busted", "--threads", "4", "--duration", "1s", "--oracle", "exclusion");
        assertEquals(1, r.exit, r::all);
        assertEquals("FAILURE", r.lastLine(), r::all);
        assertTrue(r.out.contains("!!!"), r::all);
    }

    /** Without --add-opens (java -cp, not java -jar) the off-heap word cannot be made: the flag is named, exit 2. */
    @Test
    @Timeout(60)
    void missingJvmFlagIsNamedAndExitsTwo() throws Exception
    {
        final String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
        final String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        final List<String> cmd = new ArrayList<>(List.of(java, "-cp", cp, Main.class.getName(), "--variant", "base",
            "--duration", "1s"));
        final Process p = new ProcessBuilder(cmd).redirectErrorStream(false).start();
        final String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        final String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(50, TimeUnit.SECONDS));
        final Outcome r = new Outcome(p.exitValue(), out, err);
        assertEquals(2, r.exit, r::all);
        assertTrue(r.err.contains("--add-opens java.base/jdk.internal.misc=ALL-UNNAMED"), r::all);
        assertTrue(r.out.isEmpty(), r::all);
    }

    private static TortureCommand parsed(final String... args)
    {
        final TortureCommand o = new TortureCommand(System.out, System.err);
        new CommandLine(o).parseArgs(args);
        o.validate();
        return o;
    }

    /** A usage error: exit 2, nothing on stdout, one line naming the problem, one hint line, no stack trace. */
    private static Outcome expectUsage(final String message, final String... args)
    {
        final Outcome r = cli(args);
        assertEquals(2, r.exit, r::all);
        final List<String> lines = r.err.lines().toList();
        assertEquals(2, lines.size(), r::all);
        assertTrue(lines.get(0).startsWith("rwsem4j-torture: ") && lines.get(0).contains(message),
            () -> "expected '" + message + "'\n" + r.all());
        assertTrue(lines.get(1).endsWith("run 'rwsem4j-torture --help' for usage") ||
            lines.get(1).endsWith("run 'rwsem4j-torture list --help' for usage"), r::all);
        assertFalse(r.err.contains("\tat "), r::all);
        assertTrue(r.out.isEmpty(), r::all);
        return r;
    }
}
