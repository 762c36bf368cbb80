package org.rwsem4j;

import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The test classpath's {@link FaultInjector} (registered in {@code src/test/resources/META-INF/services}; the
 * rwsem-xadd test-jar brings it to other modules' tests). Inert until armed: {@link #arm} makes the {@code nth} reach
 * of one {@link FaultPoint} by one of the given threads throw an {@link InjectedFault}; {@link EngineFaults} seeds a
 * handoff bug into the locks it builds.
 */
public final class TestFaultInjector implements FaultInjector
{
    private static volatile Plan plan;
    private static volatile int seededBug;

    /** For {@link java.util.ServiceLoader}. */
    public TestFaultInjector()
    {
    }

    /** {@return whether the engine found this injector (the services file is on the classpath)} */
    static boolean installed()
    {
        return Faults.INJECTOR instanceof TestFaultInjector;
    }

    /**
     * Arms one fault: the {@code nth} reach of {@code point} by one of {@code threads} throws.
     *
     * @param point the fault point
     * @param nth which reach throws, from 1
     * @param threads the threads whose reaches count (a concurrent set: threads may be added before they start)
     * @return the armed plan, to read back what happened
     */
    static Plan arm(final FaultPoint point, final int nth, final Set<Thread> threads)
    {
        if (!installed())
        {
            throw new IllegalStateException("the engine did not load TestFaultInjector: " + Faults.INJECTOR);
        }
        final Plan p = new Plan(point, nth, threads);
        plan = p;
        return p;
    }

    /** Disarms: no more reaches are counted. */
    static void disarm()
    {
        plan = null;
    }

    static void seedNextLocks(final int bug)
    {
        if (!installed())
        {
            throw new IllegalStateException("the engine did not load TestFaultInjector: " + Faults.INJECTOR);
        }
        seededBug = bug;
    }

    @Override
    public void reach(final FaultPoint point)
    {
        final Plan p = plan;
        if (p != null && p.point == point && p.threads.contains(Thread.currentThread()))
        {
            p.reached(point);
        }
    }

    @Override
    public int seededBug()
    {
        return seededBug;
    }

    /** One armed fault and what became of it. */
    static final class Plan
    {
        final FaultPoint point;
        final int nth;
        final Set<Thread> threads;
        private final AtomicInteger reaches = new AtomicInteger();
        private volatile InjectedFault thrown;

        Plan(final FaultPoint point, final int nth, final Set<Thread> threads)
        {
            this.point = point;
            this.nth = nth;
            this.threads = threads;
        }

        private void reached(final FaultPoint at)
        {
            final int n = reaches.incrementAndGet();
            if (n == nth)
            {
                final InjectedFault fault = new InjectedFault(at, n);
                thrown = fault;
                throw fault;
            }
        }

        /** {@return how many times an armed thread reached the point} */
        int reaches()
        {
            return reaches.get();
        }

        /** {@return the fault thrown, or null if the point was reached fewer than nth times} */
        InjectedFault thrown()
        {
            return thrown;
        }
    }

    /** What an injected fault throws: what each fault point's call can throw, an {@link OutOfMemoryError}. */
    public static final class InjectedFault extends OutOfMemoryError
    {
        private static final long serialVersionUID = 1L;

        InjectedFault(final FaultPoint point, final int reach)
        {
            super("injected fault at " + point + " (reach " + reach + ")");
        }
    }
}
