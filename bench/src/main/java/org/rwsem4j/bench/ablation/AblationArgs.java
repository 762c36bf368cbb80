package org.rwsem4j.bench.ablation;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * The ablation's settings, checked: what {@link AblationCommand} makes of the command line, and what
 * {@code report --from} rebuilds from a run folder's recorded arguments.
 */
public final class AblationArgs
{
    public final Profile profile;
    public final List<String> variants;
    final Set<String> patches;
    public final Set<Section> sections;
    /** The folder the run folder goes into, as {@code out/runs/<stamp>}. */
    final Path out;
    /** Where the finished run is published ({@link RunPlace#publish}), or null: not published. */
    final Path publish;
    final boolean dryRun;

    AblationArgs(final Profile profile, final List<String> variants, final Set<String> patches,
        final Set<Section> sections, final Path out, final Path publish, final boolean dryRun)
    {
        this.profile = profile;
        this.variants = List.copyOf(variants);
        this.patches = patches;
        this.sections = sections;
        this.out = out;
        this.publish = publish;
        this.dryRun = dryRun;
    }
}
