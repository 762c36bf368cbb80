package org.rwsem4j;

import java.util.Iterator;
import java.util.ServiceLoader;

/**
 * Where the engine reaches its {@link FaultPoint}s: the {@link FaultInjector} found on the classpath, looked up
 * once, or a no-op. The injector is a static final resolved at class initialisation, so with the no-op each
 * {@link #reach} compiles to nothing; and only slow paths call it.
 */
final class Faults
{
    /** The test classpath's injector, or {@link NoFaults}. */
    static final FaultInjector INJECTOR = load();

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
        INJECTOR.reach(point);
    }

    /** {@return the seeded handoff bug for the lock now being built, 0 in production} */
    static int seededBug()
    {
        return INJECTOR.seededBug();
    }

    private static FaultInjector load()
    {
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
