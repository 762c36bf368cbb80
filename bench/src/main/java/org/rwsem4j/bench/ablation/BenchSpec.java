package org.rwsem4j.bench.ablation;

import java.util.List;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/**
 * One benchmark of the ablation, specified in one place: the {@code --only} section it belongs to, the methods its
 * cells run ({@link Bench}: JMH class and method or the fairness harness, unit, lock parameter, direction), the
 * seeds whose patches it stands in for, the cells it plans for a profile, the report parts it renders, and how a seed
 * claim's stand-in cell is built and described. {@link BenchSpecs#ALL} lists every specification in report order;
 * {@link Matrix} and {@link Report} iterate over it.
 */
abstract class BenchSpec
{
    private final Section section;
    private final List<Bench> benches;
    private final Set<String> seeds;

    /**
     * @param section the {@code --only} section this benchmark belongs to
     * @param benches the methods its cells run
     * @param seeds   the seeds whose patches it stands in for ({@link #seeds()})
     */
    BenchSpec(final Section section, final List<Bench> benches, final Set<String> seeds)
    {
        this.section = section;
        this.benches = List.copyOf(benches);
        this.seeds = Set.copyOf(seeds);
    }

    /** @return the {@code --only} section this benchmark belongs to */
    final Section section()
    {
        return section;
    }

    /** @return the methods its cells run */
    final List<Bench> benches()
    {
        return benches;
    }

    /**
     * The seeds whose patches this benchmark stands in for: in the quick profile, the contribution configurations
     * of those patches (by {@link PatchInfo#seed()}) get this benchmark's cells. Empty: every patch's (the seed-000
     * matrix measures every contribution).
     *
     * @return seed numbers such as {@code 004}
     */
    final Set<String> seeds()
    {
        return seeds;
    }

    /**
     * Adds this benchmark's cells for the matrix's profile, headline variants and plan.
     *
     * @param matrix the matrix being planned
     */
    abstract void plan(Matrix matrix);

    /**
     * @param matrix the matrix being planned
     * @return what the plan should say about this benchmark's cells, e.g. rows this build leaves out (none by default)
     */
    List<String> notes(final Matrix matrix)
    {
        return List.of();
    }

    /**
     * Adds this benchmark's parts to the report.
     *
     * @param report the report being built
     */
    abstract void report(Report report);

    /**
     * @param claim   a claim whose stand-in is one of {@link #benches()}
     * @param profile the run's profile
     * @return the thread counts of the claim's stand-in cells
     */
    List<Integer> claimThreads(final SeedClaim claim, final Profile profile)
    {
        return claim.threads();
    }

    /** @return what a claim's change is measured on, per fork */
    ToDoubleFunction<Sample> claimMetric()
    {
        return Sample::score;
    }

    /**
     * @param claim   a claim whose stand-in is one of {@link #benches()}
     * @param impl    the lock
     * @param threads the thread count
     * @param profile the run's profile
     * @return the stand-in cell, as {@link #plan} made it
     */
    Cell claimCell(final SeedClaim claim, final String impl, final int threads, final Profile profile)
    {
        return new Cell(claim.bench(), impl, new java.util.TreeMap<>(claim.params()), threads);
    }

    /**
     * @param claim   a claim whose stand-in is one of {@link #benches()}
     * @param threads the thread count
     * @param profile the run's profile
     * @return the stand-in cell, as the claims table names it
     */
    abstract String describeClaimCell(SeedClaim claim, int threads, Profile profile);
}
