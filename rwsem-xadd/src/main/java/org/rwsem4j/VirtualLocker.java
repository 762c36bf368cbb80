package org.rwsem4j;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Locale;

/**
 * The engine's spin bound for virtual lockers: a spinning virtual thread holds its carrier, and with a few carriers
 * the owner it spins on may itself wait for one (still RUNNABLE to {@code Thread.getState()}). A platform adaptation,
 * not from the kernel. {@code Thread.isVirtual()} exists from JDK 21 and this library is compiled for 17, so it is
 * resolved once, by reflection, into a static final handle; on 17 every locker is a platform thread. Called only on
 * slow paths, never on a fast path.
 * <p>
 * {@code -Drwsem4j.virtualSpin=short|none|full} picks the bound, for measurement: {@code short} (the default) caps a
 * virtual locker's optimistic and handoff spins at {@link #SHORT_BUDGET_NANOS}; {@code none} lets it neither spin
 * nor respin (it queues and parks at once); {@code full} spins like a platform thread.
 */
final class VirtualLocker
{
    /** System property choosing the bound: short, none or full. */
    static final String PROPERTY = "rwsem4j.virtualSpin";
    /** A virtual locker's spin budget under {@code short}: a few hundred onSpinWaits. */
    static final long SHORT_BUDGET_NANOS = 2_000;

    static final int SHORT = 0;
    static final int NONE = 1;
    static final int FULL = 2;
    static final int MODE = mode(System.getProperty(PROPERTY, "short"));

    private static final MethodHandle IS_VIRTUAL = MODE == FULL ? null : resolve();

    private VirtualLocker()
    {
    }

    /** @return false when the current thread is virtual and the bound forbids it any optimistic spin or respin */
    static boolean maySpin()
    {
        return MODE != NONE || !current();
    }

    /**
     * @param platformBudget the lock's spin budget
     * @return the budget for the current thread: capped at {@link #SHORT_BUDGET_NANOS} for a virtual thread
     */
    static long spinBudget(final long platformBudget)
    {
        return MODE == SHORT && current() ? Math.min(platformBudget, SHORT_BUDGET_NANOS) : platformBudget;
    }

    /** @return whether the current thread is virtual (false on JDK 17, and always under {@code full}) */
    static boolean current()
    {
        if (IS_VIRTUAL == null)
        {
            return false;
        }
        try
        {
            return (boolean)IS_VIRTUAL.invokeExact(Thread.currentThread());
        }
        catch (final Throwable ex)
        {
            return false; // isVirtual() throws nothing; a lock never fails because of a hint
        }
    }

    private static int mode(final String text)
    {
        switch (text.trim().toLowerCase(Locale.ROOT))
        {
            case "none":
                return NONE;
            case "full":
                return FULL;
            default:
                return SHORT;
        }
    }

    private static MethodHandle resolve()
    {
        try
        {
            return MethodHandles.publicLookup().findVirtual(Thread.class, "isVirtual",
                MethodType.methodType(boolean.class));
        }
        catch (final NoSuchMethodException | IllegalAccessException ex)
        {
            return null; // JDK 17: no virtual threads
        }
    }
}
