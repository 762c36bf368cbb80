package org.rwsem4j.protocol;

import java.util.Set;
import java.util.function.Consumer;

import org.rwsem4j.spi.AbstractPatch;
import org.rwsem4j.spi.DecisionPoint;
import org.rwsem4j.spi.Hooks;

/** A test-only patch, installed with {@code Rwsem.builder().patch(...)}; it sets only what it declares. */
final class TestPatch extends AbstractPatch
{
    private final Consumer<Hooks> install;

    TestPatch(final String name, final DecisionPoint point, final Consumer<Hooks> install)
    {
        this(name, Set.of(point), install);
    }

    TestPatch(final String name, final Set<DecisionPoint> points, final Consumer<Hooks> install)
    {
        super(name, "test", "rwsem-xadd (tests)", points.toArray(new DecisionPoint[0]));
        optInOnly();
        this.install = install;
    }

    @Override
    public void install(final Hooks hooks)
    {
        install.accept(hooks);
    }

    @Override
    public String toString()
    {
        return "test patch " + name();
    }
}
