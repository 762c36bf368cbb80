package org.rwsem4j.torture;

import java.util.Collection;
import java.util.List;

import org.rwsem4j.Variant;
import org.rwsem4j.cli.PresetStatus;

/**
 * What the presets became on a classpath, for the header and {@code list}: {@code all} is whatever is there, and
 * {@code recommended} is its full definition or unavailable (a build without one of its modules, e.g.
 * {@code -P '!rwsem-reader-spin'}), with the library's reason. Every method takes the available patch names, so a
 * test can ask what a trimmed classpath gives; the CLI passes {@link Variant#available()}.
 */
final class Presets
{
    static final String RECOMMENDED = PresetStatus.RECOMMENDED;
    static final String ALL = PresetStatus.ALL;

    private Presets()
    {
    }

    /**
     * @param available the patch names on the classpath
     * @return e.g. {@code presets on this classpath: recommended = handoff+...; all = handoff+...}, or with
     *         {@code recommended unavailable (spec 'recommended' ... needs patches that are not on the classpath: ...)}
     */
    static String line(final Collection<String> available)
    {
        return "presets on this classpath: " + became(RECOMMENDED, available) + "; " + became(ALL, available);
    }

    /** @return {@code preset = spec}, or {@code preset unavailable (reason)} */
    private static String became(final String preset, final Collection<String> available)
    {
        return preset + " " + PresetStatus.of(preset, available).became();
    }

    /**
     * A default list of lock names without the presets that do not resolve here: a trimmed build goes on with the
     * others, and {@link #line} says why a preset is missing. Names that are not presets pass unchanged.
     *
     * @param names     lock specs or peer names
     * @param available the patch names on the classpath
     * @return the names that can be built, in order
     */
    static List<String> runnable(final List<String> names, final Collection<String> available)
    {
        return PresetStatus.runnable(names, available);
    }
}
