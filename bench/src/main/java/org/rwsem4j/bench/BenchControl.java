package org.rwsem4j.bench;

/**
 * Marks a bench-only control patch. Controls are registered in the bench's own
 * {@code META-INF/services/org.rwsem4j.spi.Patch}, never in a library jar; they are opt-in, so {@code all} leaves them
 * out ({@code recommended} names its members), and the ablation plans them only as controls
 * ({@link org.rwsem4j.bench.ablation.AblationPlan}), never as contributions; {@code list} shows them apart.
 */
public interface BenchControl
{
    /** @return true for a positive control (it must come out "different", slower), false for a null control */
    boolean positive();
}
