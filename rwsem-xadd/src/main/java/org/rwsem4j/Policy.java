package org.rwsem4j;

import java.util.Collection;
import java.util.concurrent.ConcurrentHashMap;

import org.rwsem4j.spi.Patch;

/**
 * A resolved variant with its patches installed once, through a {@link HookRecorder}, into immutable
 * {@link Choices}: what every lock built from the same spec and tunables shares. Building a lock then neither parses
 * its spec nor installs its patches again; the engine reads its choices from here.
 *
 * <p>Policies for the patches on the classpath and the system clock are cached, keyed by the spec as written and
 * the tunables' values. The patch registry is fixed for the class loader, so a cached policy never goes stale. Not
 * cached: a builder's extra {@link Patch} objects (they belong to the caller, who may give different ones to each
 * build) and a custom {@link NanoClock} (a test's clock must not outlive the test). A bad spec is never cached: every
 * build with it throws the same message. The cache holds at most {@link #MAX_CACHED} policies; past that, policies
 * are resolved afresh, so a program that makes many specs (an experiment sweeping tunables) costs what it did
 * before, never unbounded memory.
 *
 * <p>Choices are shared between the locks of a policy, so a hook must keep no per-lock state: every patch of the family
 * installs stateless hooks (method references, or objects with final fields only).
 */
final class Policy
{
    /** Bound on the cached policies. */
    static final int MAX_CACHED = 64;

    private static final ConcurrentHashMap<Key, Policy> CACHE = new ConcurrentHashMap<>();
    /** {@link Rwsem#of}'s front: by the spec alone, default tunables, so a lookup allocates nothing. */
    private static final ConcurrentHashMap<String, Policy> DEFAULTS = new ConcurrentHashMap<>();

    final Variant variant;
    final Choices choices;

    private Policy(final Variant variant, final Choices choices)
    {
        this.variant = variant;
        this.choices = choices;
    }

    /**
     * {@return the policy for {@code spec} plus {@code extra} with {@code tunables}, from the cache when it may be}
     *
     * @throws IllegalArgumentException for a bad spec (the message says what is wrong)
     */
    static Policy of(final String spec, final Collection<Patch> extra, final Tunables tunables)
    {
        if (!extra.isEmpty() || tunables.clock() != NanoClock.SYSTEM || spec == null)
        {
            return resolve(spec, extra, tunables);
        }
        final Key key = new Key(spec, tunables);
        final Policy cached = CACHE.get(key);
        if (cached != null)
        {
            return cached;
        }
        final Policy fresh = resolve(spec, extra, tunables);
        if (CACHE.size() >= MAX_CACHED)
        {
            return fresh;
        }
        final Policy witness = CACHE.putIfAbsent(key, fresh);
        return witness != null ? witness : fresh;
    }

    /**
     * {@return the policy for {@code spec} with default tunables} What {@link Rwsem#of} builds with: the same policy
     * as {@code of(spec, List.of(), Tunables.defaults())}, found without making a key.
     *
     * @throws IllegalArgumentException for a bad spec (the message says what is wrong)
     */
    static Policy defaults(final String spec)
    {
        final Policy cached = DEFAULTS.get(spec);
        if (cached != null)
        {
            return cached;
        }
        final Policy fresh = of(spec, java.util.List.of(), Tunables.defaults());
        if (DEFAULTS.size() < MAX_CACHED)
        {
            DEFAULTS.putIfAbsent(spec, fresh);
        }
        return fresh;
    }

    /** The number of cached policies, for tests. */
    static int cachedCount()
    {
        return CACHE.size();
    }

    /** Empties the cache, for tests. */
    static void clearCache()
    {
        CACHE.clear();
        DEFAULTS.clear();
    }

    private static Policy resolve(final String spec, final Collection<Patch> extra, final Tunables tunables)
    {
        final Variant variant = Variant.resolve(spec, extra);
        final HookRecorder hooks = new HookRecorder(tunables);
        for (final Patch p : variant.installOrder())
        {
            hooks.installing(p);
            p.install(hooks);
        }
        return new Policy(variant, hooks.close());
    }

    /**
     * What a cached policy depends on besides the patch registry: the spec as written and every tunable (the clock
     * among them is always {@link NanoClock#SYSTEM} here).
     */
    private record Key(String spec, Tunables tunables)
    {
    }
}
