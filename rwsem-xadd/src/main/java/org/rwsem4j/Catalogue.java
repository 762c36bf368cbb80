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
     * dropped). Chosen from the quick ablation on 2 cores (bench/results/latest.md): reader-spin (with the
     * spin-on-readers threshold and the reader-owned state it needs; until issue 11 the threshold was part of
     * reader-spin) is the only patch with a large effect, cutting the seed-000 1:1 and 10:1 cells at 10 threads by
     * 80-90%; handoff bounds every waiter's wait at about the handoff timeout, and handoff-spin keeps the lock busy
     * while the bit is set; wake-once scans the wait list once, with no measured loss. Left out: trylock (no gain
     * beyond the spread here; upstream undid it in 5.16) and writer-respin (no gain beyond the spread). Upstream
     * removed reader spinning in 5.11 for reader fragmentation on large machines; on small machines it is what keeps
     * an oversubscribed rwsem from sleeping on every acquisition.
     */
    static final List<String> RECOMMENDED_PATCHES =
        List.of("reader-owned", "spin-on-readers", "reader-spin", "wake-once", "handoff", "handoff-spin");

    private Catalogue()
    {
    }
}
