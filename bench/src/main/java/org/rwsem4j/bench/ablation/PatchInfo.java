package org.rwsem4j.bench.ablation;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.rwsem4j.spi.Patch;
import org.rwsem4j.Variant;
import org.rwsem4j.bench.BenchControl;

/**
 * What the ablation plan needs to know about a patch, detached from the SPI so that tests can plan over any set.
 *
 * @param name      the patch name
 * @param module    the Maven module that ships it
 * @param seed      the seed mail it comes from
 * @param requires  patches it requires
 * @param conflicts patches it conflicts with
 * @param optIn     whether it stays out of {@code all}
 * @param control   whether it is a bench-only control, and which kind
 */
public record PatchInfo(String name, String module, String seed, Set<String> requires, Set<String> conflicts,
    boolean optIn, Control control)
{
    /** What a patch is to the ablation. */
    public enum Control
    {
        /** A real patch: the ablation measures its contribution. */
        NONE,
        /** A bench-only null control: it must come out "no difference". */
        NULL,
        /** A bench-only positive control: it must come out "different", slower. */
        POSITIVE
    }

    /** Keeps immutable copies of the sets. */
    public PatchInfo
    {
        requires = Set.copyOf(requires);
        conflicts = Set.copyOf(conflicts);
    }

    PatchInfo(final String name, final String module, final String seed, final Set<String> requires,
        final Set<String> conflicts, final boolean optIn)
    {
        this(name, module, seed, requires, conflicts, optIn, Control.NONE);
    }

    /**
     * @param name a control's name
     * @param positive whether it is the positive control
     * @return a bench-only control with no requirements (for tests)
     */
    static PatchInfo control(final String name, final boolean positive)
    {
        return new PatchInfo(name, "bench", "control", Set.of(), Set.of(), true,
            positive ? Control.POSITIVE : Control.NULL);
    }

    /**
     * Whether this patch comes from one of these seed mails. A patch's seed names the mail it comes from (for
     * example {@code 004}), or says which mail needs it ({@code 5.3 (needed by 001)}); it counts for every seed
     * number it names.
     *
     * @param seeds seed numbers, such as {@code 001}
     * @return whether its seed names one of them
     */
    boolean fromSeed(final Set<String> seeds)
    {
        for (final String token : seed.split("[^0-9]+"))
        {
            if (seeds.contains(token))
            {
                return true;
            }
        }
        return false;
    }

    /** @return whether it is a bench-only control */
    public boolean isControl()
    {
        return control != Control.NONE;
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

    /** @return the patches on the classpath, controls included, sorted by name */
    public static List<PatchInfo> available()
    {
        final List<PatchInfo> out = new ArrayList<>();
        for (final String n : new TreeSet<>(Variant.available()))
        {
            final Patch p = Variant.patch(n);
            final Control control = !(p instanceof BenchControl) ? Control.NONE :
                ((BenchControl)p).positive() ? Control.POSITIVE : Control.NULL;
            out.add(new PatchInfo(p.name(), p.module(), p.seed(), p.requires(), p.conflicts(), p.optIn(), control));
        }
        return out;
    }

    /** @return the names of the library patches on the classpath (no bench-only controls), sorted */
    public static Set<String> libraryPatchNames()
    {
        final Set<String> out = new TreeSet<>();
        available().stream().filter(p -> !p.isControl()).forEach(p -> out.add(p.name()));
        return out;
    }
}
