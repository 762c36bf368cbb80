package org.rwsem4j;

import java.util.EnumSet;
import java.util.Set;
import java.util.function.Consumer;

import org.rwsem4j.spi.DecisionPoint;
import org.rwsem4j.spi.Hooks;
import org.rwsem4j.spi.Patch;

/** A test-only {@link Patch}, passed to {@link RwsemBuilder#patch(Patch)}; never registered with ServiceLoader. */
final class TestPatch implements Patch
{
    private final String name;
    private final Set<String> requires;
    private final Set<String> conflicts;
    private final Set<DecisionPoint> points;
    private final Consumer<Hooks> install;

    private TestPatch(final String name, final Set<String> requires, final Set<String> conflicts,
        final Set<DecisionPoint> points, final Consumer<Hooks> install)
    {
        this.name = name;
        this.requires = requires;
        this.conflicts = conflicts;
        this.points = points;
        this.install = install;
    }

    static TestPatch named(final String name)
    {
        return new TestPatch(name, Set.of(), Set.of(), EnumSet.noneOf(DecisionPoint.class), h ->
        {
        });
    }

    TestPatch requires(final String... names)
    {
        return new TestPatch(name, Set.of(names), conflicts, points, install);
    }

    TestPatch conflicts(final String... names)
    {
        return new TestPatch(name, requires, Set.of(names), points, install);
    }

    TestPatch overrides(final DecisionPoint first, final DecisionPoint... rest)
    {
        return new TestPatch(name, requires, conflicts, EnumSet.of(first, rest), install);
    }

    TestPatch installs(final Consumer<Hooks> action)
    {
        return new TestPatch(name, requires, conflicts, points, action);
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
    public Set<String> requires()
    {
        return requires;
    }

    @Override
    public Set<String> conflicts()
    {
        return conflicts;
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
}
