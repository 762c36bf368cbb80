package org.rwsem4j.micrometer;

import java.lang.ref.WeakReference;
import java.util.Objects;
import java.util.function.ToDoubleFunction;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;
import org.rwsem4j.LockEvent;
import org.rwsem4j.Rwsem;

/**
 * Micrometer meters for one {@link Rwsem}:
 * <ul>
 *   <li>{@value #EVENTS}: one {@link FunctionCounter} per {@link LockEvent}, told apart by the tag
 *       {@value #EVENT_TAG} whose value is the kernel name ({@link LockEvent#kernelName()}, e.g.
 *       {@code rwsem_wlock}); in Prometheus, {@code rwsem_events_total{event="rwsem_wlock",...}};</li>
 *   <li>{@value #QUEUE_LENGTH}: a gauge of {@link Rwsem#getQueueLength()};</li>
 *   <li>{@value #READERS}: a gauge of {@link Rwsem#getReadLockCount()};</li>
 *   <li>{@value #WRITE_LOCKED}: a gauge of {@link Rwsem#isWriteLocked()}, 1 or 0.</li>
 * </ul>
 * Every meter carries the tags {@value #LOCK_TAG} (the lock's name; see {@link #lockName()}) and {@value #VARIANT_TAG}
 * ({@link Rwsem#variant()}), after any extra tags given to the constructor (a given tag of the same key is replaced).
 *
 * <pre>{@code
 * Rwsem lock = Rwsem.builder().variant("recommended").name("db").build();
 * new RwsemMetrics(lock, Tags.of("service", "orders")).bindTo(registry);
 * }</pre>
 *
 * The meters read the counters and the lock word the lock already keeps, when the registry reads them: nothing is
 * added to the lock's paths. They hold the lock weakly (Micrometer's default), and so does this binder: binding does
 * not keep a lock alive. Once a lock is collected its counters keep their last value and its gauges read NaN; the
 * meters stay registered until removed from the registry.
 */
public final class RwsemMetrics implements MeterBinder
{
    /** The name of the event counters. */
    public static final String EVENTS = "rwsem.events";
    /** The name of the queue length gauge. */
    public static final String QUEUE_LENGTH = "rwsem.queue.length";
    /** The name of the reader count gauge. */
    public static final String READERS = "rwsem.readers";
    /** The name of the write-locked gauge (1 or 0). */
    public static final String WRITE_LOCKED = "rwsem.write.locked";
    /** The tag key of the lock's name. */
    public static final String LOCK_TAG = "lock";
    /** The tag key of the lock's variant. */
    public static final String VARIANT_TAG = "variant";
    /** The tag key of an event counter's event (its kernel name). */
    public static final String EVENT_TAG = "event";

    private final WeakReference<Rwsem> lockRef;
    private final String lockName;
    private final Tags tags;

    /**
     * Meters for a lock, tagged with its name and variant.
     *
     * @param lock the lock
     */
    public RwsemMetrics(final Rwsem lock)
    {
        this(lock, Tags.empty());
    }

    /**
     * Meters for a lock, tagged with the extra tags, then its name and variant.
     *
     * @param lock      the lock
     * @param extraTags tags for every meter of this lock, e.g. the service
     */
    public RwsemMetrics(final Rwsem lock, final Iterable<Tag> extraTags)
    {
        Objects.requireNonNull(lock, "lock");
        Objects.requireNonNull(extraTags, "extraTags");
        this.lockRef = new WeakReference<>(lock);
        this.lockName = LockNames.of(lock);
        this.tags = Tags.concat(extraTags, LOCK_TAG, lockName, VARIANT_TAG, lock.variant());
    }

    /**
     * The {@value #LOCK_TAG} tag's value: the name given with {@code Rwsem.builder().name(...)}, or for an unnamed
     * lock {@code unnamed-<n>}, where {@code n} numbers the unnamed locks in the order they were first bound in this
     * JVM (from 1). A generated name is the same for every binder of that lock for the lock's life and distinct
     * between locks; it is not stable across runs, so name the locks a dashboard follows.
     *
     * @return the lock's name in the meters' tags
     */
    public String lockName()
    {
        return lockName;
    }

    /**
     * Registers the lock's meters; nothing if the lock has already been collected.
     *
     * @param registry where to register them
     */
    @Override
    public void bindTo(final MeterRegistry registry)
    {
        final Rwsem lock = lockRef.get();
        if (lock == null)
        {
            return;
        }
        for (final LockEvent event : LockEvent.values())
        {
            FunctionCounter.builder(EVENTS, lock, countOf(event))
                .tags(tags)
                .tag(EVENT_TAG, event.kernelName())
                .description("rwsem4j lock slow-path events, by kernel lock_event name")
                .baseUnit("events")
                .register(registry);
        }
        Gauge.builder(QUEUE_LENGTH, lock, Rwsem::getQueueLength)
            .tags(tags)
            .description("threads queued on the lock")
            .baseUnit("threads")
            .register(registry);
        Gauge.builder(READERS, lock, Rwsem::getReadLockCount)
            .tags(tags)
            .description("the reader count in the lock word: readers holding or attempting")
            .baseUnit("threads")
            .register(registry);
        Gauge.builder(WRITE_LOCKED, lock, l -> l.isWriteLocked() ? 1 : 0)
            .tags(tags)
            .description("1 while a thread holds the write lock, else 0")
            .register(registry);
    }

    /** A function of the lock alone (it captures the event, never the lock), so the meter holds the lock weakly. */
    private static ToDoubleFunction<Rwsem> countOf(final LockEvent event)
    {
        return lock -> lock.events().get(event);
    }
}
