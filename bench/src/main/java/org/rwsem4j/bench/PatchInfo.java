package org.rwsem4j.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.rwsem4j.Patch;
import org.rwsem4j.Variant;

/**
 * What the ablation plan needs to know about a patch, detached from the SPI so that tests can plan over any set.
 *
 * @param name      the patch name
 * @param module    the Maven module that ships it
 * @param seed      the seed mail it comes from
 * @param requires  patches it requires
 * @param conflicts patches it conflicts with
 * @param optIn     whether it stays out of {@code all}
 */
record PatchInfo(String name, String module, String seed, Set<String> requires, Set<String> conflicts, boolean optIn)
{
    PatchInfo
    {
        requires = Set.copyOf(requires);
        conflicts = Set.copyOf(conflicts);
    }

    /**
     * @param name a patch name
     * @param requires what it requires
     * @return a non-opt-in patch without conflicts (for tests)
     */
    static PatchInfo of(final String name, final String... requires)
    {
        return new PatchInfo(name, "?", "?", Set.of(requires), Set.of(), false);
    }

    /** @return the patches on the classpath, sorted by name */
    static List<PatchInfo> available()
    {
        final List<PatchInfo> out = new ArrayList<>();
        for (final String n : new TreeSet<>(Variant.available()))
        {
            final Patch p = Variant.patch(n);
            out.add(new PatchInfo(p.name(), p.module(), p.seed(), p.requires(), p.conflicts(), p.optIn()));
        }
        return out;
    }
}
