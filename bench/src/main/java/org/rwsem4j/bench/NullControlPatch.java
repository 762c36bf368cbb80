package org.rwsem4j.bench;

import org.rwsem4j.spi.AbstractPatch;
import org.rwsem4j.spi.Hooks;

/**
 * The null control: a patch that declares no decision point and installs nothing, so a variant with it builds the
 * same engine as the variant without it. Every difference the ablation reports between X+null-control and X is
 * therefore noise, and the verdict must be "no difference" in every cell. Bench-only ({@link BenchControl}).
 */
public final class NullControlPatch extends AbstractPatch implements BenchControl
{
    /** The spec name. */
    public static final String NAME = "null-control";

    /** Registered through the bench's {@code META-INF/services/org.rwsem4j.spi.Patch}. */
    public NullControlPatch()
    {
        super(NAME, "control", "bench");
        optInOnly();
    }

    @Override
    public void install(final Hooks hooks)
    {
        // nothing: the null control changes nothing
    }

    @Override
    public boolean positive()
    {
        return false;
    }
}
