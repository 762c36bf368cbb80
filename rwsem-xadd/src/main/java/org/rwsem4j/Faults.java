package org.rwsem4j;

import java.util.Iterator;
import java.util.ServiceLoader;

/**
 * Where the engine reaches its {@link FaultPoint}s: the {@link FaultInjector} found on the classpath, looked up
 * once, at class initialisation. Every fault check of the engine sits behind {@link #ENABLED}: a static final, which
 * the JIT treats as a constant, so in production (no injector, {@code ENABLED} false) {@link #reach} and the
 * engine's seeded-bug comparisons compile to nothing. It cannot be a {@code javac} constant, because the fault tests
 * run the same compiled engine: their class path carries the injector, and that alone turns it on.
 */
final class Faults
{
    /** The test classpath's injector, or {@link NoFaults}. */
    static final FaultInjector INJECTOR = load();
    /** Whether an injector is on the class path: false in production, where every fault check folds away. */
    static final boolean ENABLED = !(INJECTOR instanceof NoFaults);

    private Faults()
    {
    }

    /**
     * A slow path is about to make the call that {@code point} stands for; a test's injector may throw here.
     *
     * @param point the fault point
     */
    static void reach(final FaultPoint point)
    {
        if (ENABLED)
        {
            INJECTOR.reach(point);
        }
    }

    /** {@return the seeded handoff bug for the lock now being built, 0 in production} */
    static int seededBug()
    {
        return ENABLED ? INJECTOR.seededBug() : 0;
    }

    private static FaultInjector load()
    {
        if (Faults.class.getModule().isNamed())
        {
            // On the module path the engine declares no use of this package-private service (it cannot), and the
            // fault tests run on the class path only: nothing to look up.
            return new NoFaults();
        }
        final Iterator<FaultInjector> found =
            ServiceLoader.load(FaultInjector.class, Faults.class.getClassLoader()).iterator();
        return found.hasNext() ? found.next() : new NoFaults();
    }

    /** Production: nothing is injected. */
    private static final class NoFaults implements FaultInjector
    {
        @Override
        public void reach(final FaultPoint point)
        {
        }

        @Override
        public int seededBug()
        {
            return 0;
        }
    }
}
