package org.rwsem4j.cli;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

import org.rwsem4j.Variant;

/**
 * What a preset becomes with a given set of available patches: its canonical spec, or the reason it cannot be built
 * (the library's own message, e.g. a module of {@code recommended} missing from a trimmed build). The bench and
 * torture headers and their {@code list} commands say this for {@code all} and {@code recommended}; their default lock
 * lists drop a preset that is unavailable and go on with the others.
 *
 * @param preset the preset's name
 * @param spec   what it resolved to ({@link Variant#spec()}), or null when it is unavailable
 * @param reason why it is unavailable, or null when it resolved
 */
public record PresetStatus(String preset, String spec, String reason)
{
    /** The preset that resolves in full or not at all. */
    public static final String RECOMMENDED = "recommended";
    /** The preset that takes every available patch that is not opt-in. */
    public static final String ALL = "all";

    /**
     * @param preset    a preset name (or any spec)
     * @param available the patch names to resolve it against
     * @return its status
     */
    public static PresetStatus of(final String preset, final Collection<String> available)
    {
        try
        {
            return new PresetStatus(preset, Variant.parse(preset, available).spec(), null);
        }
        catch (final IllegalArgumentException unavailable)
        {
            return new PresetStatus(preset, null, unavailable.getMessage());
        }
    }

    /** @return whether the preset resolved */
    public boolean available()
    {
        return spec != null;
    }

    /** @return {@code = spec}, or {@code unavailable (reason)} */
    public String became()
    {
        return available() ? "= " + spec : "unavailable (" + reason + ")";
    }

    /**
     * A default list of lock names without a {@code recommended} that does not resolve here. Names may carry
     * {@code @} options ({@code recommended@heap}); names that are not {@code recommended} pass unchanged.
     *
     * @param names     lock specs or peer names
     * @param available the patch names to resolve against
     * @return the names that can be built, in order
     */
    public static List<String> runnable(final List<String> names, final Collection<String> available)
    {
        final boolean recommended = of(RECOMMENDED, available).available();
        final List<String> out = new ArrayList<>();
        for (final String name : names)
        {
            if (recommended || !name.split("@", 2)[0].equals(RECOMMENDED))
            {
                out.add(name);
            }
        }
        return out;
    }
}
