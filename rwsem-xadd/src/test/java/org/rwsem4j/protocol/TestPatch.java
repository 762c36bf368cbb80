package org.rwsem4j.protocol;

import java.util.Set;
import java.util.function.Consumer;

import org.rwsem4j.DecisionPoint;
import org.rwsem4j.Hooks;
import org.rwsem4j.Patch;

/** A test-only {@link Patch}, installed with {@code Rwsem.builder().patch(...)}; it sets only what it declares. */
final class TestPatch implements Patch
{
    private final String name;
    private final Set<DecisionPoint> points;
    private final Consumer<Hooks> install;

    TestPatch(final String name, final DecisionPoint point, final Consumer<Hooks> install)
    {
        this(name, Set.of(point), install);
    }

    TestPatch(final String name, final Set<DecisionPoint> points, final Consumer<Hooks> install)
    {
        this.name = name;
        this.points = Set.copyOf(points);
        this.install = install;
    }

    @Override
    public String name()
    {
        return name;
    }

    @Override
    public String seed()
    {
        return "test";
    }

    @Override
    public String module()
    {
        return "rwsem-xadd (tests)";
    }

    @Override
    public boolean optIn()
    {
        return true;
    }

    @Override
    public Set<DecisionPoint> decisionPoints()
    {
        return points;
    }

    @Override
    public void install(final Hooks hooks)
    {
        install.accept(hooks);
    }

    @Override
    public String toString()
    {
        return "test patch " + name;
    }
}
