package org.rwsem4j;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

import org.rwsem4j.spi.Patch;

/**
 * Says once what the {@code all} preset became. {@code all} is "every available patch", so two class paths give two
 * variants under one name; the first lock built from each resolved set logs one INFO line on the
 * {@link System.Logger} {@value #LOGGER_NAME}, e.g. {@code rwsem4j: spec 'all' resolved to handoff+...+writer-respin
 * (11 patches); left out: wake-skip (opt-in); not on the classpath: none}.
 *
 * <p>Contract: the line is logged after the lock is constructed, outside any lock, at most once per resolved set per
 * JVM (a set is marked before it is logged, so a logger that fails is not asked again), and never throws: a logger or
 * handler that fails cannot break construction. Locks from any other spec pay one boolean check
 * ({@link Variant#fromAll}).
 */
final class PresetLog
{
    /** The logger's name: the library's root, so a handler on {@code org.rwsem4j} sees it. */
    static final String LOGGER_NAME = "org.rwsem4j";

    /** Canonical specs already announced. */
    private static final Set<String> ANNOUNCED = ConcurrentHashMap.newKeySet();

    private PresetLog()
    {
    }

    /**
     * Called by every build path after the lock exists: logs what {@code all} became, the first time for this set.
     *
     * @param variant the lock's variant
     */
    static void built(final Variant variant)
    {
        if (!variant.fromAll)
        {
            return;
        }
        try
        {
            if (ANNOUNCED.add(variant.spec()))
            {
                System.getLogger(LOGGER_NAME).log(System.Logger.Level.INFO, line(variant));
            }
        }
        catch (final VirtualMachineError fatal)
        {
            throw fatal; // out of memory or stack: not the logger's failure, and not ours to hide
        }
        catch (final Throwable failed)
        {
            // A diagnostic must not cost the caller its lock: whatever the logging backend throws (a runtime
            // exception, a ServiceConfigurationError from its finder, a handler's error), the line is lost and the
            // lock is returned.
        }
    }

    /**
     * The line for a variant resolved from {@code all} on this classpath.
     *
     * @param variant the resolved variant
     * @return e.g. {@code rwsem4j: spec 'all' resolved to base (0 patches); left out: none; not on the classpath:
     *         reader-owned (module org.rwsem4j:rwsem-reader-owned); ...}
     */
    static String line(final Variant variant)
    {
        final List<String> leftOut = new ArrayList<>();
        for (final String name : Variant.available())
        {
            if (!variant.contains(name))
            {
                final Patch p = Variant.patch(name);
                final List<String> needs = new ArrayList<>();
                for (final String r : new TreeSet<>(p.requires()))
                {
                    // a requirement on the classpath that was itself left out is named as such
                    needs.add(r + (Variant.patch(r) == null ? ", not on the classpath" : ", left out"));
                }
                leftOut.add(name + (p.optIn() ? " (opt-in)" : " (needs " + String.join("; ", needs) + ")"));
            }
        }
        final List<String> absent = new ArrayList<>();
        for (final String name : Catalogue.MODULE_OF.keySet())
        {
            if (Variant.patch(name) == null)
            {
                absent.add(name);
            }
        }
        final int n = variant.patchNames().size();
        return "rwsem4j: spec '" + Catalogue.ALL + "' resolved to " + variant.spec() + " (" + n +
            (n == 1 ? " patch" : " patches") + "); left out: " + (leftOut.isEmpty() ? "none" : String.join(", ",
            leftOut)) + "; not on the classpath: " + Catalogue.missingModules(absent);
    }

    /** Forgets what was announced, for tests. */
    static void forget()
    {
        ANNOUNCED.clear();
    }
}
