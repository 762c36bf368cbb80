package org.rwsem4j;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/** A snapshot of one lock's {@link LockEvent} counters. */
public final class LockEvents
{
    private final EnumMap<LockEvent, Long> values;

    LockEvents(final EnumMap<LockEvent, Long> values)
    {
        this.values = values;
    }

    static LockEvents snapshot(final EventCounters counters)
    {
        final EnumMap<LockEvent, Long> map = new EnumMap<>(LockEvent.class);
        for (final LockEvent e : LockEvent.values())
        {
            map.put(e, counters != null ? counters.get(e) : 0L); // null: never contended, nothing counted
        }
        return new LockEvents(map);
    }

    /**
     * One counter.
     *
     * @param event which
     * @return its value when the snapshot was taken
     */
    public long get(final LockEvent event)
    {
        return values.get(event);
    }

    /**
     * All counters.
     *
     * @return an unmodifiable map in enum order
     */
    public Map<LockEvent, Long> asMap()
    {
        return Collections.unmodifiableMap(values);
    }

    /** Kernel {@code lock_event_counts} style: non-zero counters, one {@code name=value} per line. */
    @Override
    public String toString()
    {
        final StringBuilder sb = new StringBuilder();
        values.forEach((e, v) ->
        {
            if (v != 0)
            {
                sb.append(e.kernelName()).append('=').append(v).append('\n');
            }
        });
        return sb.toString();
    }
}
