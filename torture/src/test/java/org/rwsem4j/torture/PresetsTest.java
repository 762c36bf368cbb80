package org.rwsem4j.torture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;
import org.rwsem4j.Variant;

/**
 * Torture says what {@code all} and {@code recommended} became on its classpath, and a build without a module of
 * {@code recommended} ({@code -P '!rwsem-reader-spin'}) reports that preset unavailable, with the library's reason,
 * and goes on with the other locks. The trimmed classpath is simulated by handing {@link Presets} the available
 * patches without that module's.
 */
class PresetsTest
{
    /** The patches of rwsem-reader-spin, which the trimmed build leaves out. */
    private static final Set<String> READER_SPIN = Set.of("spin-on-readers", "reader-spin", "writer-respin",
        "wake-skip");

    private static Set<String> trimmed()
    {
        final Set<String> here = new TreeSet<>(Variant.available());
        here.removeAll(READER_SPIN);
        return here;
    }

    @Test
    void aTrimmedBuildReportsRecommendedUnavailableAndGoesOn()
    {
        final String line = Presets.line(trimmed());
        assertTrue(line.startsWith("presets on this classpath: recommended unavailable (spec 'recommended' ("),
            line);
        assertTrue(line.contains("spin-on-readers, reader-spin (module org.rwsem4j:rwsem-reader-spin)"), line);
        assertTrue(line.contains("or depend on org.rwsem4j:rwsem4j-all"), line);
        final String all = Variant.parse("all", trimmed()).spec();
        assertTrue(line.endsWith("; all = " + all), line);
        assertFalse(all.contains("reader-spin"), all);
        assertEquals(List.of(Peer.RRWL, "all"), Presets.runnable(List.of(Peer.RRWL, "recommended", "all"),
            trimmed()));
    }

    @Test
    void aFullBuildSaysWhatEachPresetBecame()
    {
        assumeTrue(Variant.available().containsAll(Set.of("reader-owned", "spin-on-readers", "reader-spin",
            "reader-steal", "wake-once", "handoff", "handoff-spin", "handoff-on-readers")),
            "a module of recommended is left out here");
        assertEquals("presets on this classpath: recommended = " + Variant.parse("recommended").spec() + "; all = " +
            Variant.parse("all").spec(), Presets.line(Variant.available()));
        assertEquals(List.of(Peer.RRWL, "recommended", "all"), Presets.runnable(List.of(Peer.RRWL, "recommended",
            "all"), Variant.available()));
    }

    @Test
    void listPrintsThePresetsLine()
    {
        final String text = run(0, "list");
        assertTrue(text.contains(Presets.line(Variant.available()) + "; base (alias xadd) = base\n"), text);
    }

    @Test
    void theRunHeaderPrintsThePresetsLine()
    {
        final String text = run(0, "--variant", "base", "--threads", "2", "--duration", "300ms", "--oracle", "data",
            "--on-heap", "--progress", "1m");
        final String[] lines = text.split("\n");
        assertTrue(lines[0].startsWith("rwsem4j torture: "), text);
        assertEquals(Presets.line(Variant.available()), lines[1], text);
    }

    private static String run(final int expectedExit, final String... args)
    {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int exit = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
        final String text = out.toString(StandardCharsets.UTF_8);
        assertEquals(expectedExit, exit, () -> text + err.toString(StandardCharsets.UTF_8));
        return text;
    }
}
