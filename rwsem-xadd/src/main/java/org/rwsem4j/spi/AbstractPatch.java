package org.rwsem4j.spi;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;
import java.util.TreeSet;

/**
 * A convenient base for a {@link Patch}: the catalogue facts are given once in the constructor, the subclass writes
 * only {@link #install}.
 *
 * <pre>{@code
 * public final class TrylockPatch extends AbstractPatch {
 *     public TrylockPatch() { super("trylock", "004", "rwsem-trylock", DecisionPoint.READ_TRYLOCK); }
 *     public void install(Hooks hooks) { hooks.readTrylock(...); }
 * }
 * }</pre>
 */
public abstract class AbstractPatch implements Patch
{
    private final String name;
    private final String seed;
    private final String module;
    private final Set<DecisionPoint> points;
    private final Set<String> requires = new TreeSet<>();
    private final Set<String> conflicts = new TreeSet<>();
    private boolean optIn;

    /**
     * A patch that overrides the given decision points.
     *
     * @param name the spec name
     * @param seed the seed mail, or a short note
     * @param module the Maven module that ships it
     * @param points the decision points it overrides
     */
    protected AbstractPatch(final String name, final String seed, final String module, final DecisionPoint... points)
    {
        this.name = name;
        this.seed = seed;
        this.module = module;
        final EnumSet<DecisionPoint> set = EnumSet.noneOf(DecisionPoint.class);
        Collections.addAll(set, points);
        this.points = Collections.unmodifiableSet(set);
    }

    /**
     * Declares required patches; call from the constructor.
     *
     * @param names patch names
     */
    protected final void requiring(final String... names)
    {
        Collections.addAll(requires, names);
    }

    /**
     * Declares conflicting patches; call from the constructor.
     *
     * @param names patch names
     */
    protected final void conflictingWith(final String... names)
    {
        Collections.addAll(conflicts, names);
    }

    /**
     * Keeps the patch out of {@code all}; call from the constructor.
     */
    protected final void optInOnly()
    {
        optIn = true;
    }

    @Override
    public final String name()
    {
        return name;
    }

    @Override
    public final String seed()
    {
        return seed;
    }

    @Override
    public final String module()
    {
        return module;
    }

    @Override
    public final Set<String> requires()
    {
        return Collections.unmodifiableSet(requires);
    }

    @Override
    public final Set<String> conflicts()
    {
        return Collections.unmodifiableSet(conflicts);
    }

    @Override
    public final boolean optIn()
    {
        return optIn;
    }

    @Override
    public final Set<DecisionPoint> decisionPoints()
    {
        return points;
    }

    @Override
    public String toString()
    {
        return name + " (seed " + seed + ", " + module + ")";
    }
}
