package org.rwsem4j.micrometer;

import java.util.EnumMap;
import java.util.Map;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import org.rwsem4j.LockEvent;
import org.rwsem4j.LockEvents;

/** Compares a lock's event counters in a registry with a snapshot of {@code Rwsem#events()}. */
final class CounterCheck
{
    private CounterCheck()
    {
    }

    /**
     * @return each event whose counter (tagged with the lock's name) does not read the snapshot's value, with what
     * the counter read
     */
    static Map<LockEvent, Double> mismatches(final MeterRegistry registry, final String lockName,
        final LockEvents expected)
    {
        final Map<LockEvent, Double> wrong = new EnumMap<>(LockEvent.class);
        for (final LockEvent e : LockEvent.values())
        {
            final double read = counter(registry, lockName, e).count();
            if (read != expected.get(e))
            {
                wrong.put(e, read);
            }
        }
        return wrong;
    }

    static FunctionCounter counter(final MeterRegistry registry, final String lockName, final LockEvent event)
    {
        return registry.get(RwsemMetrics.EVENTS)
            .tag(RwsemMetrics.LOCK_TAG, lockName)
            .tag(RwsemMetrics.EVENT_TAG, event.kernelName())
            .functionCounter();
    }
}
