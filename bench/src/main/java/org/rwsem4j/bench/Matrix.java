package org.rwsem4j.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.rwsem4j.Variant;

/**
 * The cells one ablation run measures, and the labels its tables print. Peers and variants are always in the same
 * run. Headline variants ({@code --variants}) get the whole seed-000 grid; the configurations that only serve a
 * contribution or a control get the profile's contribution cells and loads (controls only in seed 000); each patch's
 * own seed benchmark (trylock rate for {@code trylock}, the
 * macros for {@code reader-owned} and the handoff pair, fairness for the handoff pair) covers its configurations,
 * and in the full profile every benchmark covers every configuration.
 */
final class Matrix
{
    /** Patches whose seed claims are about the macro workloads (002 fio, 001 AIM7). */
    static final Set<String> MACRO_PATCHES = Set.of("reader-owned", "handoff", "handoff-spin");
    /** Patches whose effect is on fairness and waiting. */
    static final Set<String> FAIRNESS_PATCHES = Set.of("handoff", "handoff-spin");
    /** Patches measured by the seed-004 table. */
    static final Set<String> TRYLOCK_PATCHES = Set.of("trylock");

    final Profile profile;
    final AblationPlan plan;
    /** Canonical spec (or peer name) to the label tables print. */
    final Map<String, String> labels = new LinkedHashMap<>();
    /** Headline variant specs, canonical. */
    final List<String> headline = new ArrayList<>();
    final List<Cell> cells = new ArrayList<>();
    final Set<Section> sections;

    Matrix(final Profile profile, final AblationPlan plan, final List<String> variants, final Set<Section> sections)
    {
        this.profile = profile;
        this.plan = plan;
        this.sections = sections;
        for (final String v : variants)
        {
            final String spec = canonical(v);
            if (!headline.contains(spec))
            {
                headline.add(spec);
                labels.put(spec, v);
            }
            else if (!labels.get(spec).equals(v))
            {
                labels.put(spec, labels.get(spec) + "=" + v);
            }
        }
        for (final Config c : plan.configs())
        {
            labels.putIfAbsent(c.spec(), c.label());
        }
        Locks.PEERS.forEach(p -> labels.put(p, p));
        if (sections.contains(Section.LOCKTEST))
        {
            lockTest();
        }
        if (sections.contains(Section.TRYLOCK))
        {
            trylock();
        }
        if (sections.contains(Section.UNCONTENDED))
        {
            uncontended();
        }
        if (sections.contains(Section.MACRO))
        {
            macro();
        }
        if (sections.contains(Section.FAIRNESS))
        {
            fairness();
        }
    }

    /**
     * @param v a spec, maybe with {@code @heap}
     * @return its canonical form
     */
    static String canonical(final String v)
    {
        if (v.endsWith(Locks.ON_HEAP_SUFFIX))
        {
            return Variant.parse(v.substring(0, v.length() - Locks.ON_HEAP_SUFFIX.length())).spec() +
                Locks.ON_HEAP_SUFFIX;
        }
        return Variant.parse(v).spec();
    }

    /** @return the label for a lock name, e.g. {@code all} or {@code base+trylock} */
    String label(final String impl)
    {
        if (impl.endsWith(Locks.ON_HEAP_SUFFIX))
        {
            final String spec = impl.substring(0, impl.length() - Locks.ON_HEAP_SUFFIX.length());
            return labels.getOrDefault(spec, spec) + Locks.ON_HEAP_SUFFIX;
        }
        return labels.getOrDefault(impl, impl);
    }

    /**
     * @param forPatches the patches whose contributions count (empty = all planned patches)
     * @return contribution-only specs (not headline), controls left out
     */
    List<String> contributionSpecs(final Set<String> forPatches)
    {
        final Set<String> out = new LinkedHashSet<>();
        for (final Contribution c : plan.contributions())
        {
            if (!c.isControl() && (forPatches.isEmpty() || forPatches.contains(c.patch())))
            {
                out.add(c.without().spec());
                out.add(c.with().spec());
            }
        }
        out.removeAll(headline);
        return new ArrayList<>(out);
    }

    /** @return the control configurations' specs (X and X+C) that are not headline variants */
    List<String> controlSpecs()
    {
        final Set<String> out = new LinkedHashSet<>();
        for (final Contribution c : plan.controlComparisons())
        {
            out.add(c.without().spec());
            out.add(c.with().spec());
        }
        out.removeAll(headline);
        return new ArrayList<>(out);
    }

    private Set<String> patchFilter(final Set<String> seedPatches)
    {
        return profile.isQuick() ? seedPatches : Set.of();
    }

    /**
     * Seed-000 cells. Headline variants and the profile's peers get the profile's grid (mutex at r:w 0:1 only, as
     * the seed's mutex row: the ratio changes nothing); contribution and control configurations get
     * {@link Profile#contributionCells()} at the contribution loads.
     */
    private void lockTest()
    {
        for (final int threads : profile.lockTestThreads)
        {
            if (profile.headlinePeers.contains(Locks.MUTEX))
            {
                lockTestCells(Locks.MUTEX, "0:1", threads, profile.headlineLoads);
            }
        }
        final List<String> rw = new ArrayList<>(profile.headlinePeers);
        rw.remove(Locks.MUTEX);
        rw.addAll(headline);
        for (final String impl : rw)
        {
            for (final String ratio : profile.ratios)
            {
                for (final int threads : profile.lockTestThreads)
                {
                    lockTestCells(impl, ratio, threads, profile.headlineLoads);
                }
            }
        }
        final List<String> specs = new ArrayList<>(contributionSpecs(Set.of()));
        controlSpecs().stream().filter(s -> !specs.contains(s)).forEach(specs::add);
        for (final String spec : specs)
        {
            for (final String[] rt : profile.contributionCells())
            {
                lockTestCells(spec, rt[0], Integer.parseInt(rt[1]), profile.contributionLoads);
            }
        }
    }

    static List<Integer> lastLoad(final List<Integer> loads)
    {
        return List.of(loads.get(loads.size() - 1));
    }

    private void lockTestCells(final String impl, final String ratio, final int threads, final List<Integer> loads)
    {
        for (final int load : loads)
        {
            addOnce(lockTestCell(impl, ratio, load, threads));
        }
    }

    /**
     * @return the seed-000 cell for these coordinates (its op count follows the profile)
     */
    Cell lockTestCell(final String impl, final String ratio, final int load, final int threads)
    {
        final java.util.TreeMap<String, String> params = new java.util.TreeMap<>(Map.of("ratio", ratio, "load",
            Integer.toString(load), "threads", Integer.toString(threads), "ops",
            Integer.toString(profile.ops)));
        if (profile.millis > 0)
        {
            params.put("millis", Integer.toString(profile.millis));
        }
        return new Cell(Bench.LOCKTEST, impl, params, 1);
    }

    private List<String> withContributions(final List<String> peers, final Set<String> seedPatches)
    {
        final List<String> impls = new ArrayList<>(peers);
        impls.addAll(headline);
        for (final String spec : contributionSpecs(patchFilter(seedPatches)))
        {
            if (!impls.contains(spec))
            {
                impls.add(spec);
            }
        }
        return impls;
    }

    private List<String> peers(final String... quickPeers)
    {
        return profile.isQuick() ? List.of(quickPeers) : Locks.PEERS;
    }

    private void trylock()
    {
        final List<String> impls = withContributions(peers(Locks.RRWL), TRYLOCK_PATCHES);
        if (profile.isQuick())
        {
            impls.removeIf(i -> headline.contains(i) && !i.equals("base") && !i.equals(plan.all().spec()));
        }
        for (final String impl : impls)
        {
            for (final int t : profile.trylockThreads)
            {
                cells.add(Cell.of(Bench.TRYLOCK, impl, t, "load", Integer.toString(profile.load)));
            }
        }
    }

    private void uncontended()
    {
        final List<String> impls = new ArrayList<>(peers(Locks.RRWL, Locks.STAMPED, Locks.MUTEX));
        for (final String spec : headline)
        {
            impls.add(spec);
            final boolean heapToo = !profile.isQuick() || spec.equals("base") || spec.equals(plan.all().spec());
            if (heapToo && !spec.endsWith(Locks.ON_HEAP_SUFFIX) && !impls.contains(spec + Locks.ON_HEAP_SUFFIX))
            {
                impls.add(spec + Locks.ON_HEAP_SUFFIX);
            }
        }
        for (final String impl : impls)
        {
            cells.add(Cell.of(Bench.UNCONTENDED_READ, impl, 1));
            cells.add(Cell.of(Bench.UNCONTENDED_WRITE, impl, 1));
        }
        for (final String[] pair : twoVariantPairs())
        {
            cells.add(Cell.of(Bench.TWO_VARIANT_READ, pair[0], 1, "second", pair[1]));
            cells.add(Cell.of(Bench.TWO_VARIANT_WRITE, pair[0], 1, "second", pair[1]));
        }
    }

    /** @return (first, second) pairs: base with itself, with all, and with its on-heap word; all with itself */
    List<String[]> twoVariantPairs()
    {
        final String base = "base";
        final String all = plan.all().spec();
        final List<String[]> pairs = new ArrayList<>();
        pairs.add(new String[] {base, base});
        if (!all.equals(base))
        {
            pairs.add(new String[] {all, all});
            pairs.add(new String[] {base, all});
        }
        pairs.add(new String[] {base, base + Locks.ON_HEAP_SUFFIX});
        return pairs;
    }

    /** The three macro cells of one lock at one thread count. */
    static List<Cell> macroCells(final String impl, final int threads)
    {
        return List.of(Cell.of(Bench.REGION_TREE, impl, threads, "writePercent", "2"),
            Cell.of(Bench.BLOCK_MAP, impl, threads, "mix", BlockMapBenchmark.RANDRW),
            Cell.of(Bench.BLOCK_MAP, impl, threads, "mix", BlockMapBenchmark.RANDWRITE));
    }

    /**
     * Macro cells: peers and headline variants run all three workloads; in the quick profile the handoff
     * configurations run the region tree (seed 001's AIM7 stand-in) and the reader-owned ones the block map (seed
     * 002's fio stand-in).
     */
    private void macro()
    {
        final List<String> impls = new ArrayList<>(peers(Locks.RRWL));
        impls.addAll(headline);
        if (!profile.isQuick())
        {
            impls.addAll(contributionSpecs(Set.of()));
        }
        for (final String impl : impls)
        {
            for (final int t : profile.macroThreads)
            {
                cells.addAll(macroCells(impl, t));
            }
        }
        if (!profile.isQuick())
        {
            return;
        }
        for (final String spec : contributionSpecs(Set.of("handoff", "handoff-spin")))
        {
            for (final int t : profile.macroThreads)
            {
                addOnce(macroCells(spec, t).get(0));
            }
        }
        for (final String spec : contributionSpecs(Set.of("reader-owned")))
        {
            for (final int t : profile.macroThreads)
            {
                addOnce(macroCells(spec, t).get(1));
                addOnce(macroCells(spec, t).get(2));
            }
        }
    }

    private void addOnce(final Cell c)
    {
        if (!cells.contains(c))
        {
            cells.add(c);
        }
    }

    private void fairness()
    {
        for (final String impl : withContributions(peers(Locks.RRWL, Locks.RRWL_FAIR), FAIRNESS_PATCHES))
        {
            cells.add(Cell.of(Bench.FAIRNESS, impl, 1, "readers", Integer.toString(profile.fairnessReaders),
                "writers", Integer.toString(profile.fairnessWriters), "load", Integer.toString(profile.load),
                "millis", Integer.toString(profile.fairnessMillis)));
        }
    }
}
