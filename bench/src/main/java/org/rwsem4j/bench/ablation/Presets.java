package org.rwsem4j.bench.ablation;

import java.util.Collection;
import java.util.List;

import org.rwsem4j.cli.PresetStatus;

/**
 * What the presets became in this build, for the plan, the report header and {@code list}: {@code all} is whatever
 * patches are there, and {@code recommended} is its full definition or unavailable (a build without one of its
 * modules, e.g. {@code -P '!rwsem-reader-spin'}), with the library's reason; such a build leaves it out of the default
 * headline variants and goes on. Every method takes the available patch names, so a report rebuilt from a run's
 * metadata says what that run's build had, and a test can ask what a trimmed build gives.
 */
public final class Presets
{
    static final String RECOMMENDED = PresetStatus.RECOMMENDED;
    static final String ALL = PresetStatus.ALL;

    private Presets()
    {
    }

    /**
     * @param available the library patch names of the build
     * @return e.g. {@code `all` = handoff+...; `recommended` = handoff+...}, or with {@code `recommended` unavailable
     *         (spec 'recommended' ... needs patches that are not on the classpath: ...)}
     */
    public static String line(final Collection<String> available)
    {
        return "`" + ALL + "` " + became(ALL, available) + "; `" + RECOMMENDED + "` " + became(RECOMMENDED, available);
    }

    /**
     * @param preset    a preset name
     * @param available the library patch names of the build
     * @return {@code = spec}, or {@code unavailable (reason)}
     */
    public static String became(final String preset, final Collection<String> available)
    {
        return PresetStatus.of(preset, available).became();
    }

    /**
     * @param variants  default headline variants (specs, maybe with {@code @} options)
     * @param available the library patch names of the build
     * @return the variants without a {@code recommended} this build cannot resolve, in order
     */
    static List<String> runnable(final List<String> variants, final Collection<String> available)
    {
        return PresetStatus.runnable(variants, available);
    }
}
