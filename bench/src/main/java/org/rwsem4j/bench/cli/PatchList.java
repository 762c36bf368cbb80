package org.rwsem4j.bench.cli;

import java.util.List;
import java.util.Set;

import org.rwsem4j.bench.Locks;
import org.rwsem4j.bench.ablation.PatchInfo;
import org.rwsem4j.bench.ablation.Presets;

/** The {@code list} command: patches on the classpath, presets as they resolve here, and the JDK peers. */
public final class PatchList
{
    private PatchList()
    {
    }

    /** @return the {@code list} command's text */
    public static String render()
    {
        final StringBuilder sb = new StringBuilder();
        final List<PatchInfo> everything = PatchInfo.available();
        final List<PatchInfo> patches = everything.stream().filter(p -> !p.isControl()).toList();
        sb.append("patches on the classpath (").append(patches.size()).append("):\n");
        if (patches.isEmpty())
        {
            sb.append("  (none: only the base engine; build the patch modules or drop -P '!<module>')\n");
        }
        sb.append(String.format("  %-14s %-20s %-5s %-16s %-16s %s%n", "name", "module", "seed", "requires",
            "conflicts", "in all"));
        for (final PatchInfo p : patches)
        {
            sb.append(String.format("  %-14s %-20s %-5s %-16s %-16s %s%n", p.name(), p.module(), p.seed(),
                names(p.requires()), names(p.conflicts()), p.optIn() ? "no (opt-in)" : "yes"));
        }
        final List<PatchInfo> controls = everything.stream().filter(PatchInfo::isControl).toList();
        if (!controls.isEmpty())
        {
            sb.append("bench-only controls (never in all or recommended; the ablation compares X+control with X): ");
            sb.append(String.join(", ", controls.stream().map(c -> c.name() + " (" +
                (c.control() == PatchInfo.Control.POSITIVE ? "positive" : "null") + ")").toList())).append('\n');
        }
        sb.append("presets:\n");
        for (final String preset : List.of("base", "all", "recommended"))
        {
            sb.append(String.format("  %-12s %s%n", preset, Presets.became(preset, PatchInfo.libraryPatchNames())));
        }
        sb.append("- presets in this build: ").append(Presets.line(PatchInfo.libraryPatchNames())).append('\n');
        sb.append("peers: ").append(String.join(", ", Locks.PEERS)).append('\n');
        sb.append("reference (ReadScalingBenchmark only, not a peer): ").append(Locks.STAMPED_OPTIMISTIC)
            .append('\n');
        sb.append("impl names: a peer, a spec (e.g. reader-owned+handoff), or a spec with @heap for the on-heap " +
            "word\n");
        return sb.toString();
    }

    private static String names(final Set<String> s)
    {
        return s.isEmpty() ? "-" : String.join(",", new java.util.TreeSet<>(s));
    }
}
