package org.rwsem4j.spi;

import java.util.Objects;

/**
 * A {@link HandoffPolicy} that refines another: every question goes to the refined policy until a subclass
 * re-decides it. A patch that changes one answer of the handoff point ({@code handoff-on-readers}, {@code phase-fair})
 * overrides that answer alone and keeps the others of the policy it was installed over.
 */
public abstract class ForwardingHandoffPolicy implements HandoffPolicy
{
    private final HandoffPolicy refined;

    /**
     * @param refined the policy installed before this one ({@link Hooks#handoff()})
     */
    protected ForwardingHandoffPolicy(final HandoffPolicy refined)
    {
        this.refined = Objects.requireNonNull(refined, "refined");
    }

    @Override
    public boolean waitedTooLong(final long waiterTimeout, final long now)
    {
        return refined.waitedTooLong(waiterTimeout, now);
    }

    @Override
    public boolean writerSetsHandoff(final long count, final long waiterTimeout, final long now)
    {
        return refined.writerSetsHandoff(count, waiterTimeout, now);
    }

    @Override
    public boolean readerSetsHandoff(final long waiterTimeout, final long now)
    {
        return refined.readerSetsHandoff(waiterTimeout, now);
    }

    @Override
    public boolean phaseChange()
    {
        return refined.phaseChange();
    }
}
