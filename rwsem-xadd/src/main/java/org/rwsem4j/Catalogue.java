package org.rwsem4j;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The patch catalogue as plain strings: every known patch name and the module that ships it. The engine never
 * imports a patch; this table only lets an error say which module to add. Presets live here too.
 */
final class Catalogue
{
    static final Map<String, String> MODULE_OF = new LinkedHashMap<>();

    static
    {
        MODULE_OF.put("reader-owned", "rwsem-reader-owned");
        MODULE_OF.put("wake-once", "rwsem-wake-once");
        MODULE_OF.put("trylock", "rwsem-trylock");
        MODULE_OF.put("spin-on-readers", "rwsem-reader-spin");
        MODULE_OF.put("reader-spin", "rwsem-reader-spin");
        MODULE_OF.put("writer-respin", "rwsem-reader-spin");
        MODULE_OF.put("wake-skip", "rwsem-reader-spin");
        MODULE_OF.put("handoff", "rwsem-handoff");
        MODULE_OF.put("handoff-spin", "rwsem-handoff");
        MODULE_OF.put("handoff-on-readers", "rwsem-handoff");
        MODULE_OF.put("wake-all-readers", "rwsem-wake-all-readers");
        MODULE_OF.put("reader-steal", "rwsem-reader-steal");
        MODULE_OF.put("nonspinnable", "rwsem-nonspinnable");
        MODULE_OF.put("phase-fair", "rwsem-phase-fair");
        MODULE_OF.put("reader-bias", "rwsem-reader-bias");
    }

    static final String BASE = "base";
    static final String BASE_ALIAS = "xadd";
    static final String ALL = "all";
    static final String RECOMMENDED = "recommended";

    /** The aggregate module that carries the engine and every patch module. */
    static final String ALL_MODULES = "org.rwsem4j:rwsem4j-all";

    /**
     * The recommended preset, in full: it resolves to exactly these patches, or fails naming the missing ones and
     * their modules ({@link #missingRecommended}); it never drops a member whose module is missing. Chosen from the
     * quick ablation (bench/NOTEBOOK.md, "Choosing recommended"): reader-steal (5.11) is
     * the largest single effect once the platform adaptations are in, so it is in; reader-spin (with the
     * spin-on-readers threshold and the reader-owned state it needs) keeps readers that meet a writer owner off the
     * queue; handoff bounds every waiter's wait at about the handoff timeout, and handoff-spin keeps the lock busy
     * while the bit is set; wake-once scans the wait list once and costs nothing. handoff-on-readers keeps a writer
     * from being starved by readers that steal or spin past it (bench/NOTEBOOK.md, "recommended gains
     * handoff-on-readers"). Left out, none showing a difference: trylock
     * (upstream undid it in 5.16), writer-respin, wake-all-readers, and nonspinnable; and phase-fair, which
     * collapses with short sections.
     */
    static final List<String> RECOMMENDED_PATCHES = List.of("reader-owned", "spin-on-readers", "reader-spin",
        "reader-steal", "wake-once", "handoff", "handoff-spin", "handoff-on-readers");

    private Catalogue()
    {
    }

    /**
     * Names missing patches with their modules, grouped by module in the order the patches are given, e.g.
     * {@code spin-on-readers, reader-spin (module org.rwsem4j:rwsem-reader-spin); handoff (module
     * org.rwsem4j:rwsem-handoff)}. A name the catalogue does not know is listed without a module.
     *
     * @param patches patch names, in the order to list them
     * @return the list, or {@code none} if there are no names
     */
    static String missingModules(final Collection<String> patches)
    {
        final LinkedHashMap<String, List<String>> byModule = new LinkedHashMap<>();
        for (final String p : patches)
        {
            final String module = MODULE_OF.get(p);
            byModule.computeIfAbsent(module == null ? "" : module, m -> new ArrayList<>()).add(p);
        }
        final List<String> parts = new ArrayList<>();
        byModule.forEach((module, names) -> parts.add(String.join(", ", names) +
            (module.isEmpty() ? "" : " (module org.rwsem4j:" + module + ")")));
        return parts.isEmpty() ? "none" : String.join("; ", parts);
    }

    /**
     * The message of the {@link IllegalArgumentException} that {@code recommended} gives when members are missing:
     * the preset's definition, every missing patch with its module, and the one dependency that has them all.
     *
     * @param missing the members that are not on the classpath, in the preset's order
     * @return the message
     */
    static String missingRecommended(final Collection<String> missing)
    {
        return "spec '" + RECOMMENDED + "' (" + String.join("+", RECOMMENDED_PATCHES) + ") needs patches that are " +
            "not on the classpath: " + missingModules(missing) + ". Add those modules, or depend on " + ALL_MODULES +
            " (the engine and every patch module)";
    }
}
