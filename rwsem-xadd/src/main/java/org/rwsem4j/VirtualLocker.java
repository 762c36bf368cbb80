package org.rwsem4j;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * Whether the current locker is a virtual thread, for the engine's spin bound: a spinning virtual thread holds its
 * carrier, and with a few carriers the owner it spins on may itself wait for one. {@code Thread.isVirtual()} exists
 * from JDK 21; this library is compiled for 17, so the method is resolved once, by reflection, into a static final
 * handle, and on 17 (or with {@code -Drwsem4j.spinVirtual=true}, the experiment's switch) the answer is always false.
 * Called only on slow paths, never on a fast path.
 */
final class VirtualLocker
{
    /** System property that lets virtual threads spin like platform threads (the bound off, for measurement). */
    static final String SPIN_VIRTUAL_PROPERTY = "rwsem4j.spinVirtual";

    private static final MethodHandle IS_VIRTUAL = resolve();

    private VirtualLocker()
    {
    }

    /**
     * @return true when the current thread is virtual and the bound is on: the caller must not spin beyond the
     *         short, counted spins (no OSQ, no spinning on the owner, no handoff spin, no respin)
     */
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

    private static MethodHandle resolve()
    {
        if (Boolean.getBoolean(SPIN_VIRTUAL_PROPERTY))
        {
            return null;
        }
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
