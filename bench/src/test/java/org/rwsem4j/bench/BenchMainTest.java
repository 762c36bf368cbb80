package org.rwsem4j.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class BenchMainTest
{
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(final String... args) throws Exception
    {
        return BenchMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "",
        "frobnicate",
        "list extra",
        "ablation --bogus",
        "ablation --forks",
        "ablation --forks 0",
        "ablation --forks two",
        "ablation --ops -5",
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
        "fairness base 1"})
    void badArgumentsExitWithTwoAndSayWhy(final String line) throws Exception
    {
        // every ablation line also says --dry-run, so a parser bug can never start a real run from a test
        final String full = line.startsWith("ablation") ? line + " --dry-run" : line;
        final String[] args = full.isEmpty() ? new String[0] : full.split(" ");
        assertEquals(BenchMain.USAGE, run(args), line);
        final String message = err.toString(StandardCharsets.UTF_8);
        assertTrue(message.startsWith("rwsem4j-bench: "), message);
        assertTrue(message.length() > "rwsem4j-bench: ".length() + 5, message);
    }

    @Test
    void helpAndDryRunSucceed() throws Exception
    {
        assertEquals(0, run("--help"));
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("ablation"));
        assertEquals(0, run("ablation", "--quick", "--dry-run", "--only", "locktest"));
        assertEquals(0, run("ablation", "--smoke", "--dry-run"));
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("ablation (smoke)"));
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("cells x"));
        assertEquals(0, run("list"));
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("presets:"));
    }
}
