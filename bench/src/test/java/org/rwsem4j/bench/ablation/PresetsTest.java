package org.rwsem4j.bench.ablation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rwsem4j.Variant;
import org.rwsem4j.bench.cli.PatchList;

/**
 * The bench says what {@code all} and {@code recommended} became in its build (plan, report header, {@code list}),
 * and a build without a module of {@code recommended} ({@code -P '!rwsem-reader-spin'}) reports that preset
 * unavailable, with the library's reason, and leaves it out of the default headline variants. The trimmed build is
 * simulated by handing {@link Presets} the library patches without that module's.
 */
class PresetsTest
{
    /** The patches of rwsem-reader-spin, which the trimmed build leaves out. */
    private static final Set<String> READER_SPIN = Set.of("spin-on-readers", "reader-spin", "writer-respin",
        "wake-skip");

    private static Set<String> trimmed()
    {
        final Set<String> here = new TreeSet<>(PatchInfo.libraryPatchNames());
        here.removeAll(READER_SPIN);
        return here;
    }

    @Test
    void aTrimmedBuildReportsRecommendedUnavailableAndGoesOn()
    {
        final String line = Presets.line(trimmed());
        assertTrue(line.startsWith("`all` = " + Variant.parse("all", trimmed()).spec() + "; `recommended` " +
            "unavailable (spec 'recommended' ("), line);
        assertTrue(line.contains("spin-on-readers, reader-spin (module org.rwsem4j:rwsem-reader-spin)"), line);
        assertTrue(line.contains("or depend on org.rwsem4j:rwsem4j-all"), line);
        assertEquals(List.of("base"), Presets.runnable(List.of("base", "recommended"), trimmed()));
        assertEquals(List.of("base", "all"), Presets.runnable(List.of("base", "all", "recommended",
            "recommended@heap"), trimmed()));
    }

    @Test
    void aFullBuildSaysWhatEachPresetBecame()
    {
        assumeTrue(PatchInfo.libraryPatchNames().containsAll(Set.of("reader-owned", "spin-on-readers", "reader-spin",
            "reader-steal", "wake-once", "handoff", "handoff-spin", "handoff-on-readers")),
            "a module of recommended is left out here");
        assertEquals("`all` = " + Variant.parse("all").spec() + "; `recommended` = " +
            Variant.parse("recommended").spec(), Presets.line(PatchInfo.libraryPatchNames()));
        assertEquals(List.of("base", "all", "recommended"), Presets.runnable(List.of("base", "all", "recommended"),
            PatchInfo.libraryPatchNames()));
    }

    @Test
    void listAndTheReportHeaderPrintThePresetsLine(@TempDir final Path tmp) throws Exception
    {
        final String line = "- presets in this build: " + Presets.line(PatchInfo.libraryPatchNames()) + "\n";
        final String list = PatchList.render().replace(System.lineSeparator(), "\n");
        assertTrue(list.contains(line), list);
        final Path dir = SyntheticRun.write(tmp.resolve("run"), Map.of("base", 40.0, "recommended", 20.0, "rrwl",
            10.0, "mutex", 30.0));
        final String report = RunFolder.read(dir).reportMarkdown("").replace(System.lineSeparator(), "\n");
        assertTrue(report.contains(line), report);
    }
}
