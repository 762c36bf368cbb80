package org.rwsem4j;

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
        MODULE_OF.put("wake-all-readers", "rwsem-wake-all-readers");
        MODULE_OF.put("reader-steal", "rwsem-reader-steal");
        MODULE_OF.put("nonspinnable", "rwsem-nonspinnable");
    }

    static final String BASE = "base";
    static final String BASE_ALIAS = "xadd";
    static final String ALL = "all";
    static final String RECOMMENDED = "recommended";

    /**
     * The recommended preset, filtered to the patches on the classpath (a member whose requirement is missing is
     * dropped). Chosen from the quick ablation (bench/NOTEBOOK.md, "Choosing recommended"): reader-steal (5.11) is
     * the largest single effect once the platform adaptations are in, so it is in; reader-spin (with the
     * spin-on-readers threshold and the reader-owned state it needs) keeps readers that meet a writer owner off the
     * queue; handoff bounds every waiter's wait at about the handoff timeout, and handoff-spin keeps the lock busy
     * while the bit is set; wake-once scans the wait list once and costs nothing. Left out, none showing a
     * difference: trylock (upstream undid it in 5.16), writer-respin, wake-all-readers, and nonspinnable.
     */
    static final List<String> RECOMMENDED_PATCHES = List.of("reader-owned", "spin-on-readers", "reader-spin",
        "reader-steal", "wake-once", "handoff", "handoff-spin");

    private Catalogue()
    {
    }
}
