package org.rwsem4j.bench;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.concurrent.locks.StampedLock;

import org.rwsem4j.Rwsem;
import org.rwsem4j.RwsemBuilder;
import org.rwsem4j.Variant;

/**
 * Builds the lock named by a benchmark's {@code impl} parameter: a peer ({@code mutex}, {@code rrwl},
 * {@code rrwl-fair}, {@code stamped}) or any variant spec, optionally suffixed {@code @heap} for the on-heap lock
 * word ({@code Rwsem.builder().variant(spec).onHeap()}), {@code @pad} for the padded hot words
 * ({@code .padded(true)}), or the other options of {@link #withOptions}.
 */
public final class Locks
{
    public static final String MUTEX = "mutex";
    public static final String RRWL = "rrwl";
    public static final String RRWL_FAIR = "rrwl-fair";
    public static final String STAMPED = "stamped";
    /** The JDK locks every run measures beside the variants. */
    public static final List<String> PEERS = List.of(MUTEX, RRWL, RRWL_FAIR, STAMPED);
    public static final String ON_HEAP_SUFFIX = "@heap";
    /**
     * {@link StampedLock}'s optimistic read ({@code tryOptimisticRead}, then {@code validate}, falling back to
     * {@code readLock()}): a reference row of {@link ReadScalingBenchmark} only, never a peer. An optimistic read is
     * not a lock/unlock pair, so no {@link ReadWriteLock} stands for it: {@link #create} refuses the name.
     */
    public static final String STAMPED_OPTIMISTIC = "stamped-optimistic";

    private Locks()
    {
    }

    /**
     * @param impl a peer name or a variant spec (optionally with {@code @heap})
     * @return a new, unlocked lock
     * @throws IllegalArgumentException for an unknown peer or a bad spec
     */
    public static ReadWriteLock create(final String impl)
    {
        switch (impl)
        {
            case MUTEX:
                return mutex(new ReentrantLock());
            case RRWL:
                return new ReentrantReadWriteLock(false);
            case RRWL_FAIR:
                return new ReentrantReadWriteLock(true);
            case STAMPED:
                return stamped(new StampedLock());
            case STAMPED_OPTIMISTIC:
                throw notALock();
            default:
                return impl.indexOf('@') < 0 ? Rwsem.of(impl) : withOptions(impl);
        }
    }

    /**
     * A variant spec with options after {@code @}, for experiments: {@code heap} (the on-heap lock word),
     * {@code pad} (padded hot words: the engine's owner, the OSQ tail and the on-heap word, see
     * {@code RwsemBuilder.padded}), {@code noadapt} (no platform adaptations), {@code spin=<n>ns|us|ms} (the spin
     * budget, e.g. {@code spin=0}), {@code handoff=<n>ns|us|ms} (the handoff timeout: {@code handoff=0} is upstream's
     * writer side of a phase change), {@code nullretries=<n>}; e.g. {@code recommended@spin=0@heap} or
     * {@code recommended@pad@heap}.
     */
    private static ReadWriteLock withOptions(final String impl)
    {
        final String[] parts = impl.split("@", -1);
        final RwsemBuilder builder = Rwsem.builder().variant(parts[0]);
        for (int i = 1; i < parts.length; i++)
        {
            final String option = parts[i];
            if (option.equals("heap"))
            {
                builder.onHeap();
            }
            else if (option.equals("pad"))
            {
                builder.padded(true);
            }
            else if (option.startsWith("spin="))
            {
                builder.spinBudget(Duration.ofNanos(nanos(option.substring(5), impl)));
            }
            else if (option.equals("noadapt"))
            {
                builder.platformAdaptations(false);
            }
            else if (option.startsWith("handoff="))
            {
                builder.handoffTimeout(Duration.ofNanos(nanos(option.substring(8), impl)));
            }
            else if (option.startsWith("nullretries="))
            {
                builder.nullOwnerRetries(count(option.substring(12), impl));
            }
            else
            {
                throw new IllegalArgumentException("unknown option '" + option + "' in '" + impl +
                    "': valid options are heap, pad, noadapt, spin=<n>ns|us|ms, handoff=<n>ns|us|ms, nullretries=<n>");
            }
        }
        return builder.build();
    }

    private static IllegalArgumentException notALock()
    {
        return new IllegalArgumentException("'" + STAMPED_OPTIMISTIC + "' is a reference row of " +
            "ReadScalingBenchmark only (an optimistic read is not a lock/unlock pair); elsewhere use '" + STAMPED +
            "'");
    }

    /**
     * @param impl a benchmark impl name
     * @return whether it is a reference row that only {@link ReadScalingBenchmark} measures (never a peer)
     */
    public static boolean isReference(final String impl)
    {
        return STAMPED_OPTIMISTIC.equals(impl);
    }

    private static int count(final String value, final String impl)
    {
        if (!value.matches("\\d{1,9}"))
        {
            throw new IllegalArgumentException("bad count '" + value + "' in '" + impl + "': e.g. 8");
        }
        return Integer.parseInt(value);
    }

    private static long nanos(final String value, final String impl)
    {
        final java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\d+)(ns|us|ms)?").matcher(value);
        if (!m.matches())
        {
            throw new IllegalArgumentException("bad duration '" + value + "' in '" + impl + "': e.g. 0, 500ns, 20us");
        }
        final long n = Long.parseLong(m.group(1));
        final String unit = m.group(2) == null ? "ns" : m.group(2);
        return unit.equals("ms") ? n * 1_000_000 : unit.equals("us") ? n * 1_000 : n;
    }

    /**
     * @param impl a benchmark impl name
     * @return whether it is a JDK peer rather than a variant
     */
    public static boolean isPeer(final String impl)
    {
        return PEERS.contains(impl);
    }

    /**
     * Checks an impl name without building a lock (for argument parsing).
     *
     * @param impl the name
     * @throws IllegalArgumentException if it is neither a peer nor a valid spec
     */
    public static void validate(final String impl)
    {
        if (isPeer(impl))
        {
            return;
        }
        if (isReference(impl))
        {
            throw notALock();
        }
        if (impl.indexOf('@') >= 0)
        {
            withOptions(impl); // builds one lock: checks the spec and every option
            return;
        }
        Variant.parse(impl);
    }

    /** {@code mutex}: one ReentrantLock behind both sides, as the seed's mutex row. */
    private static ReadWriteLock mutex(final Lock lock)
    {
        return new LockViews(lock, lock);
    }

    /** {@code StampedLock.asReadWriteLock()} with the views taken once. */
    private static ReadWriteLock stamped(final StampedLock lock)
    {
        final ReadWriteLock view = lock.asReadWriteLock();
        return new LockViews(view.readLock(), view.writeLock());
    }
}
