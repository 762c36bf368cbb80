package org.rwsem4j.spi;

import java.util.Set;

import org.rwsem4j.RwsemBuilder;

/**
 * A seed patch, as a {@link java.util.ServiceLoader} provider: put the implementation's name in
 * {@code META-INF/services/org.rwsem4j.spi.Patch} of its module. A variant's patches are installed once per
 * policy (spec and tunables) into immutable choices that every lock of the policy shares; nothing about a patch is
 * looked up on a lock path.
 *
 * <p>Contract: a patch overrides only the {@link #decisionPoints()} it declares, through the {@link Hooks} it is
 * given, and copies no slow-path code. Two patches that override the same point must be related by
 * {@link #requires()}: the one that requires the other is installed after it and refines its choice.
 */
public interface Patch
{
    /**
     * The name used in specs, lower case, e.g. {@code reader-owned}.
     *
     * @return the patch name
     */
    String name();

    /**
     * The seed mail it comes from, e.g. {@code 002}, or a short note for mechanisms no seed brought alone.
     *
     * @return the seed
     */
    String seed();

    /**
     * The Maven module that ships it.
     *
     * @return e.g. {@code rwsem-reader-owned}
     */
    String module();

    /**
     * Patches that must be in the same variant.
     *
     * @return names
     */
    default Set<String> requires()
    {
        return Set.of();
    }

    /**
     * Patches that must not be in the same variant.
     *
     * @return names
     */
    default Set<String> conflicts()
    {
        return Set.of();
    }

    /**
     * Whether the patch stays out of the {@code all} preset.
     *
     * @return true for opt-in patches
     */
    default boolean optIn()
    {
        return false;
    }

    /**
     * The decision points this patch overrides.
     *
     * @return the points
     */
    Set<DecisionPoint> decisionPoints();

    /**
     * Installs this patch's choices, in dependency order. Called once per resolved spec and tunables, not once per
     * lock: locks built from the same spec and tunables share the hooks installed here (a patch given to
     * {@link RwsemBuilder#patch} is installed again for each build). So a hook must keep no per-lock state.
     *
     * @param hooks the engine's decision points, writable for the points this patch declared and only during this
     *              call: once every patch of the variant is installed, every setter throws
     */
    void install(Hooks hooks);
}
