package org.rwsem4j.torture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;

/** {@link Race}'s command line: the help, and bad arguments (refused before any thread starts). */
class RaceArgsTest
{
    private record Outcome(int exit, String out, String err)
    {
    }

    private static Outcome race(final String... args)
    {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int exit = Race.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Outcome(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void helpExitsZero()
    {
        final Outcome r = race("--help");
        assertEquals(0, r.exit, r::toString);
        assertTrue(r.out.startsWith("Usage: rwsem4j-race"), r::toString);
        assertTrue(r.out.contains("--park-every"), r::toString);
    }

    @Test
    void badArgumentsExitTwoWithOneLineAndAHint()
    {
        expectUsage("--threads must be 2..100000, got 1", "--threads", "1");
        expectUsage("--ops must be 1..10000000, got 0", "--ops", "0");
        expectUsage("--reps must be 1..1000, got 1001", "--reps", "1001");
        expectUsage("--cs-spins must be 0..1000000, got -1", "--cs-spins", "-1");
        expectUsage("invalid value for option '--park-every': 'often' is not an int", "--park-every", "often");
        expectUsage("'nope': unknown patch 'nope'", "--locks", "rrwl,nope");
        expectUsage("unknown option: '--bogus'", "--bogus");
        expectUsage("missing required parameter for option '--threads'", "--threads");
        expectUsage("unexpected argument '10000'", "10000");
    }

    private static void expectUsage(final String message, final String... args)
    {
        final Outcome r = race(args);
        assertEquals(2, r.exit, r::toString);
        final List<String> lines = r.err.lines().toList();
        assertEquals(2, lines.size(), r::toString);
        assertTrue(lines.get(0).startsWith("rwsem4j-race: ") && lines.get(0).contains(message),
            () -> "expected '" + message + "': " + r);
        assertEquals("run 'rwsem4j-race --help' for usage", lines.get(1), r::toString);
        assertFalse(r.err.contains("\tat "), r::toString);
        assertTrue(r.out.isEmpty(), r::toString);
    }
}
