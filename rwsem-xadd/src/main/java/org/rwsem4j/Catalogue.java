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
        MODULE_OF.put("reader-spin", "rwsem-reader-spin");
        MODULE_OF.put("writer-respin", "rwsem-reader-spin");
        MODULE_OF.put("wake-skip", "rwsem-reader-spin");
        MODULE_OF.put("handoff", "rwsem-handoff");
        MODULE_OF.put("handoff-spin", "rwsem-handoff");
    }

    static final String BASE = "base";
    static final String BASE_ALIAS = "xadd";
    static final String ALL = "all";
    static final String RECOMMENDED = "recommended";

    /**
     * The recommended preset, filtered to the patches on the classpath (a member whose requirement is missing is
     * dropped). Chosen to match the modern kernel's shape: reader-owned owner state, the safe single scan, handoff
     * against starvation with the handoff writer spinning; no reader spinning (removed upstream in 5.11 for reader
     * fragmentation) and the load-first trylock (restored upstream in 5.16). See the README for the measurements.
     */
    static final List<String> RECOMMENDED_PATCHES = List.of("reader-owned", "wake-once", "handoff", "handoff-spin");

    private Catalogue()
    {
    }
}
