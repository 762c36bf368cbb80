package org.rwsem4j.bench.ablation;

import java.util.List;

/**
 * Every benchmark the ablation runs, in report order. Adding a benchmark is one {@link BenchSpec} implementation
 * (its JMH methods in {@link Bench}) and one entry here.
 */
final class BenchSpecs
{
    /** The specifications, in the order their cells are planned and their parts reported. */
    static final List<BenchSpec> ALL = List.of(new LockTestSpec(), new TrylockSpec(), new UncontendedSpec(),
        new MacroSpec(), new FairnessSpec(), new ReadScalingSpec());

    private BenchSpecs()
    {
    }

    /**
     * @param bench a method
     * @return the specification whose cells run it
     * @throws IllegalStateException if none does (a benchmark left out of {@link #ALL})
     */
    static BenchSpec of(final Bench bench)
    {
        for (final BenchSpec spec : ALL)
        {
            if (spec.benches().contains(bench))
            {
                return spec;
            }
        }
        throw new IllegalStateException("no benchmark specification runs " + bench);
    }
}
