package org.rwsem4j.bench.ablation;

import java.util.Collection;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * One variant the ablation measures, with the label its tables print.
 *
 * @param label   e.g. {@code base+trylock} or {@code all-handoff}
 * @param patches the patch names
 */
public record Config(String label, SortedSet<String> patches)
{
    /** Keeps an unmodifiable sorted copy of the patches. */
    public Config
    {
        patches = java.util.Collections.unmodifiableSortedSet(new TreeSet<>(patches));
    }

    static Config of(final String label, final Collection<String> patches)
    {
        return new Config(label, new TreeSet<>(patches));
    }

    /** @return the canonical spec: {@code base} or sorted names joined by {@code +} */
    String spec()
    {
        return patches.isEmpty() ? "base" : String.join("+", patches);
    }
}
