package org.rwsem4j.osq;

import java.util.function.Supplier;

/** The two layouts of the one OSQ algorithm, for the tests that must hold for both. Test-only. */
enum OsqKind
{
    /** {@link Osq}: the tail between two cache lines of padding on each side. */
    PADDED(Osq::new),
    /** {@link CompactOsq}: the tail alone. */
    COMPACT(CompactOsq::new);

    private final Supplier<AbstractOsq> factory;

    OsqKind(final Supplier<AbstractOsq> factory)
    {
        this.factory = factory;
    }

    /** {@return a new, empty queue of this layout} */
    AbstractOsq create()
    {
        return factory.get();
    }
}
