package org.rwsem4j;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

import org.rwsem4j.slot.SlotSource;
import org.rwsem4j.stats.StatsFile;

/**
 * The default engine: the owner word sits beside the engine's fields, as the kernel's {@code owner} sits beside its
 * {@code count} in a {@code struct rw_semaphore} embedded in another structure. A writer's store to the owner then
 * dirties the line that other lockers read the engine's final fields from; the bench's {@code PackedLocksBenchmark}
 * measures what that costs against {@link PaddedEngine}.
 * Not final: a lock with a reader bias is a {@link BiasedPackedEngine}, which adds its tag.
 */
class PackedEngine extends Engine
{
    private static final VarHandle OWNER;

    static
    {
        try
        {
            OWNER = MethodHandles.lookup().findVarHandle(PackedEngine.class, "owner", Object.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    /** Null, the writing {@link Thread}, {@link Engine#READER_OWNED} or {@link Engine#READER_OWNED_NONSPINNABLE}. */
    @SuppressWarnings("unused") // through OWNER
    private volatile Object owner;

    PackedEngine(final Variant variant, final Choices choices, final SlotSource slots, final String name,
        final StatsFile stats, final boolean publishWord)
    {
        super(variant, choices, slots, name, stats, publishWord);
    }

    @Override
    Object lvOwner()
    {
        return OWNER.getVolatile(this);
    }

    @Override
    Object loOwner()
    {
        return OWNER.getOpaque(this);
    }

    @Override
    void soOwner(final Object value)
    {
        OWNER.setRelease(this, value);
    }

    @Override
    boolean casOwner(final Object expected, final Object update)
    {
        return OWNER.compareAndSet(this, expected, update);
    }
}
