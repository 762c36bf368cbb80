package org.rwsem4j.bench.ablation;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import org.rwsem4j.Variant;

/**
 * Which configurations measure which patch, for a given set of available patches (DESIGN.md):
 * <ul>
 *   <li><b>adding P</b>: base + P + requires(P) against base + requires(P), for every P (opt-in ones too);</li>
 *   <li><b>removing P</b>: {@code all} against {@code all} minus P and minus every patch that requires P
 *       (transitively), for every P in {@code all};</li>
 *   <li><b>opt-in P</b>: {@code all} minus P's conflicts (and what requires them) plus P and its requirements,
 *       against the same without P;</li>
 *   <li><b>controls</b>: each bench-only control C ({@link PatchInfo#isControl()}) as X+C against X, for X = base
 *       and X = {@code all} (unless C conflicts with a patch of X). Controls are never contributions and never in
 *       {@code all}, and {@code only} does not filter them out: every ablation has its controls.</li>
 * </ul>
 */
public final class AblationPlan
{
    private final Map<String, PatchInfo> patches = new TreeMap<>();
    private final Config all;
    private final List<Contribution> contributions = new ArrayList<>();

    private AblationPlan(final Collection<PatchInfo> available, final Set<String> only)
    {
        available.forEach(p -> patches.put(p.name(), p));
        final TreeSet<String> allNames = new TreeSet<>();
        patches.values().stream().filter(p -> !p.optIn() && !p.isControl()).forEach(p -> allNames.add(p.name()));
        all = Config.of("all", allNames);
        for (final PatchInfo p : patches.values())
        {
            if (p.isControl() || (!only.isEmpty() && !only.contains(p.name())))
            {
                continue;
            }
            final Set<String> req = requiresClosure(p.name());
            req.remove(p.name());
            final TreeSet<String> with = new TreeSet<>(req);
            with.add(p.name());
            contributions.add(new Contribution(Contribution.Kind.ADDING, p.name(),
                Config.of(baseLabel(req), req), Config.of(baseLabel(with), with)));
            if (!p.optIn())
            {
                final Set<String> gone = dependentsClosure(Set.of(p.name()));
                final TreeSet<String> rest = new TreeSet<>(allNames);
                rest.removeAll(gone);
                contributions.add(new Contribution(Contribution.Kind.REMOVING, p.name(),
                    Config.of(minusLabel(gone), rest), all));
            }
            else
            {
                final TreeSet<String> clash = new TreeSet<>(p.conflicts());
                patches.values().stream().filter(q -> q.conflicts().contains(p.name()))
                    .forEach(q -> clash.add(q.name()));
                clash.retainAll(allNames);
                final Set<String> gone = dependentsClosure(clash);
                final TreeSet<String> rest = new TreeSet<>(allNames);
                rest.removeAll(gone);
                final TreeSet<String> withP = new TreeSet<>(rest);
                withP.addAll(requiresClosure(p.name()));
                final String restLabel = gone.isEmpty() ? "all" : minusLabel(gone);
                contributions.add(new Contribution(Contribution.Kind.OPT_IN, p.name(),
                    Config.of(restLabel, rest), Config.of(restLabel + "+" + p.name(), withP)));
            }
        }
        controls();
    }

    private void controls()
    {
        for (final PatchInfo c : patches.values())
        {
            if (!c.isControl())
            {
                continue;
            }
            final Contribution.Kind kind = c.control() == PatchInfo.Control.POSITIVE ?
                Contribution.Kind.POSITIVE_CONTROL : Contribution.Kind.NULL_CONTROL;
            for (final Config x : List.of(Config.of("base", Set.of()), all))
            {
                if (x.patches().stream().anyMatch(n -> c.conflicts().contains(n) ||
                    (patches.containsKey(n) && patches.get(n).conflicts().contains(c.name()))))
                {
                    continue;
                }
                final TreeSet<String> with = new TreeSet<>(x.patches());
                with.add(c.name());
                contributions.add(new Contribution(kind, c.name(), x, Config.of(x.label() + "+" + c.name(), with)));
            }
        }
    }

    /** @return the control comparisons (X+C against X), in plan order */
    public List<Contribution> controlComparisons()
    {
        return contributions.stream().filter(Contribution::isControl).toList();
    }

    /**
     * @param available the patches to plan over
     * @return the plan for every patch
     */
    public static AblationPlan of(final Collection<PatchInfo> available)
    {
        return new AblationPlan(available, Set.of());
    }

    /**
     * @param available the patches to plan over ({@code all} is formed from all of them)
     * @param only      the patches to measure; empty for all
     * @return the plan
     */
    static AblationPlan of(final Collection<PatchInfo> available, final Set<String> only)
    {
        return new AblationPlan(available, only);
    }

    /** @return the {@code all} configuration (every non-opt-in patch) */
    public Config all()
    {
        return all;
    }

    /** @return the contributions, grouped by patch name then kind */
    public List<Contribution> contributions()
    {
        return List.copyOf(contributions);
    }

    /** @return every configuration the contributions need, once per spec, in first-seen order */
    List<Config> configs()
    {
        final Map<String, Config> seen = new LinkedHashMap<>();
        for (final Contribution c : contributions)
        {
            seen.putIfAbsent(c.without().spec(), c.without());
            seen.putIfAbsent(c.with().spec(), c.with());
        }
        return List.copyOf(seen.values());
    }

    /** @return the planned patches by name */
    Map<String, PatchInfo> patches()
    {
        return java.util.Collections.unmodifiableMap(patches);
    }

    /** @return the patch and everything it requires, transitively ({@link Variant#requiresClosure}) */
    private Set<String> requiresClosure(final String name)
    {
        return new TreeSet<>(Variant.requiresClosure(Set.of(name), this::requiresOf));
    }

    /** @return the roots and every planned patch that requires one of them, transitively */
    private Set<String> dependentsClosure(final Set<String> roots)
    {
        final TreeSet<String> out = new TreeSet<>(roots);
        for (final String n : patches.keySet())
        {
            if (!Collections.disjoint(Variant.requiresClosure(Set.of(n), this::requiresOf), roots))
            {
                out.add(n);
            }
        }
        return out;
    }

    private Set<String> requiresOf(final String name)
    {
        final PatchInfo p = patches.get(name);
        return p == null ? null : p.requires();
    }

    private static String baseLabel(final Set<String> names)
    {
        return names.isEmpty() ? "base" : "base+" + String.join("+", names);
    }

    private static String minusLabel(final Set<String> gone)
    {
        return "all-" + String.join("-", gone);
    }
}
