package org.rwsem4j.bench.ablation;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.rwsem4j.Variant;
import org.rwsem4j.bench.Locks;

/**
 * The cells one ablation run measures, and the labels its tables print. Peers and variants are always in the same
 * run. Each benchmark plans its own cells ({@link BenchSpec#plan}, in {@link BenchSpecs#ALL}'s order) with the
 * helpers here: headline variants ({@code --variants}) get the whole seed-000 grid; the configurations that only serve
 * a contribution or a control get the profile's contribution cells and loads (controls only in seed 000); the
 * benchmark that stands in for a patch's seed covers that patch's configurations; and in the full profile every
 * benchmark covers every configuration.
 */
public final class Matrix
{
    public final Profile profile;
    final AblationPlan plan;
    /** Canonical spec (or peer name) to the label tables print. */
    final Map<String, String> labels = new LinkedHashMap<>();
    /** Headline variant specs, canonical. */
    final List<String> headline = new ArrayList<>();
    public final List<Cell> cells = new ArrayList<>();
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
        for (final BenchSpec spec : BenchSpecs.ALL)
        {
            if (sections.contains(spec.section()))
            {
                spec.plan(this);
            }
        }
    }

    /**
     * @param v a spec, maybe with options after {@code @} ({@code @heap}, {@code @noadapt}, see {@link Locks})
     * @return its canonical form: the canonical spec, then the options as given
     */
    public static String canonical(final String v)
    {
        final int at = v.indexOf('@');
        return at < 0 ? Variant.parse(v).spec() : Variant.parse(v.substring(0, at)).spec() + v.substring(at);
    }

    /** @return the label for a lock name, e.g. {@code all}, {@code base+trylock} or {@code recommended@noadapt} */
    String label(final String impl)
    {
        final int at = impl.indexOf('@');
        final String spec = at < 0 ? impl : impl.substring(0, at);
        return labels.getOrDefault(spec, spec) + (at < 0 ? "" : impl.substring(at));
    }

    /**
     * @param seeds the seeds whose patches' contributions count (empty = every planned patch)
     * @return contribution-only specs (not headline), controls left out
     */
    List<String> contributionSpecs(final Set<String> seeds)
    {
        final Set<String> out = new LinkedHashSet<>();
        for (final Contribution c : plan.contributions())
        {
            if (!c.isControl() && (seeds.isEmpty() || plan.patches().get(c.patch()).fromSeed(seeds)))
            {
                out.add(c.without().spec());
                out.add(c.with().spec());
            }
        }
        out.removeAll(headline);
        return new ArrayList<>(out);
    }

    /**
     * @param c a cell
     * @return its forks: {@link Profile#forks}, times {@link Profile#controlForkFactor} for a seed-000 cell of a
     *     control comparison (X or X+C, X headline or not) at the contribution cells' coordinates
     */
    int forks(final Cell c)
    {
        if (profile.controlForkFactor == 1 || c.bench() != Bench.LOCKTEST || !profile.contributionLoads.contains(
            Integer.parseInt(c.param("load"))))
        {
            return profile.forks;
        }
        boolean control = false;
        for (final Contribution k : plan.controlComparisons())
        {
            control |= k.with().spec().equals(c.impl()) || k.without().spec().equals(c.impl());
        }
        for (final String[] rt : profile.contributionCells)
        {
            if (control && rt[0].equals(c.param("ratio")) && rt[1].equals(c.param("threads")))
            {
                return profile.forks * profile.controlForkFactor;
            }
        }
        return profile.forks;
    }

    /** @return the most forks any cell runs: the number of rounds */
    int rounds()
    {
        return cells.stream().mapToInt(this::forks).max().orElse(profile.forks);
    }

    /** @return runs over all cells */
    int runs()
    {
        return cells.stream().mapToInt(this::forks).sum();
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

    /**
     * @param seeds the seeds a benchmark stands in for
     * @return the seeds whose contributions it measures in this profile: those in the quick profiles, every one
     *     (empty) in the full profile
     */
    Set<String> seedFilter(final Set<String> seeds)
    {
        return profile.isQuick() ? seeds : Set.of();
    }

    /**
     * @param peers the peers
     * @param seeds the seeds the benchmark stands in for
     * @return the peers, the headline variants, and the contribution configurations of those seeds' patches
     */
    List<String> withContributions(final List<String> peers, final Set<String> seeds)
    {
        final List<String> impls = new ArrayList<>(peers);
        impls.addAll(headline);
        for (final String spec : contributionSpecs(seedFilter(seeds)))
        {
            if (!impls.contains(spec))
            {
                impls.add(spec);
            }
        }
        return impls;
    }

    /**
     * @param quickPeers the peers a quick profile measures
     * @return those, or every peer in the full profile
     */
    List<String> peers(final String... quickPeers)
    {
        return profile.isQuick() ? List.of(quickPeers) : Locks.PEERS;
    }

    /** @param c a cell to measure */
    void add(final Cell c)
    {
        cells.add(c);
    }

    /** @param c a cell to measure, unless it is planned already */
    void addOnce(final Cell c)
    {
        if (!cells.contains(c))
        {
            cells.add(c);
        }
    }

    /**
     * @param bench a method
     * @return the locks of the planned cells that run it, in plan order
     */
    List<String> implsOf(final Bench bench)
    {
        final List<String> out = new ArrayList<>();
        for (final Cell c : cells)
        {
            if (c.bench() == bench && !out.contains(c.impl()))
            {
                out.add(c.impl());
            }
        }
        return out;
    }
}
