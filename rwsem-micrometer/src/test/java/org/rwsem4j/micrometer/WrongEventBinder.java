package org.rwsem4j.micrometer;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import org.rwsem4j.LockEvent;
import org.rwsem4j.Rwsem;

/**
 * The seeded bug of the negative control: a binder whose counter for each event reads the next event's count (the
 * last reads the first), as an off-by-one in the binder's mapping would.
 */
final class WrongEventBinder implements MeterBinder
{
    private final Rwsem lock;
    private final String lockName;

    WrongEventBinder(final Rwsem lock, final String lockName)
    {
        this.lock = lock;
        this.lockName = lockName;
    }

    static LockEvent next(final LockEvent e)
    {
        final LockEvent[] all = LockEvent.values();
        return all[(e.ordinal() + 1) % all.length];
    }

    @Override
    public void bindTo(final MeterRegistry registry)
    {
        for (final LockEvent e : LockEvent.values())
        {
            final LockEvent read = next(e);
            FunctionCounter.builder(RwsemMetrics.EVENTS, lock, l -> l.events().get(read))
                .tags(RwsemMetrics.LOCK_TAG, lockName, RwsemMetrics.EVENT_TAG, e.kernelName())
                .register(registry);
        }
    }
}
