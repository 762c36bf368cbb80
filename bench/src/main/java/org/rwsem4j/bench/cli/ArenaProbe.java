package org.rwsem4j.bench.cli;

import java.lang.reflect.Field;
import java.lang.reflect.Method;

/**
 * Reads the off-heap slot arena's counts ({@code liveSlots}, {@code reservedBytes}) by reflection: the arena is
 * package-private in {@code org.rwsem4j} and has no public API, which is right for a library but leaves a footprint
 * run nothing else to wait on. On the class path (the bench jar) the JDK lets reflection open it; where it cannot,
 * every count reads -1 and the caller waits on the memory figures instead.
 */
final class ArenaProbe
{
    private final Object arena;
    private final Method liveSlots;
    private final Method reservedBytes;

    private ArenaProbe(final Object arena, final Method liveSlots, final Method reservedBytes)
    {
        this.arena = arena;
        this.liveSlots = liveSlots;
        this.reservedBytes = reservedBytes;
    }

    /** The shared arena's probe; one that reads -1 if the arena cannot be reached. */
    static ArenaProbe open()
    {
        try
        {
            final Class<?> type = Class.forName("org.rwsem4j.slot.OffHeapSlotArena");
            final Field instance = type.getDeclaredField("INSTANCE");
            instance.setAccessible(true);
            final Method live = type.getDeclaredMethod("liveSlots");
            live.setAccessible(true);
            final Method reserved = type.getDeclaredMethod("reservedBytes");
            reserved.setAccessible(true);
            return new ArenaProbe(instance.get(null), live, reserved);
        }
        catch (final ReflectiveOperationException | RuntimeException e)
        {
            return new ArenaProbe(null, null, null);
        }
    }

    boolean available()
    {
        return arena != null;
    }

    /** Slots handed out and not yet reclaimed; -1 if unknown. */
    long liveSlots()
    {
        return call(liveSlots);
    }

    /** Direct memory the arena's chunks hold; -1 if unknown. */
    long reservedBytes()
    {
        return call(reservedBytes);
    }

    private long call(final Method method)
    {
        if (arena == null)
        {
            return -1;
        }
        try
        {
            return (Long)method.invoke(arena);
        }
        catch (final ReflectiveOperationException e)
        {
            return -1;
        }
    }
}
