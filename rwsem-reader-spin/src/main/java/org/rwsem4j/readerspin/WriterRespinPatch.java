package org.rwsem4j.readerspin;

import java.util.Set;

import org.rwsem4j.DecisionPoint;
import org.rwsem4j.Hooks;
import org.rwsem4j.OwnerState;
import org.rwsem4j.Patch;

/**
 * Seed 000 (2014), "allow waiting writers to go back to spinning": a woken queued writer that loses the lock while
 * spinners are present and a running writer owns it leaves the queue and spins again (the engine re-queues it if
 * the spin fails). While there are spinners, a sleeping writer would only get the lock after them anyway.
 */
public final class WriterRespinPatch implements Patch
{
    @Override
    public String name()
    {
        return "writer-respin";
    }

    @Override
    public String seed()
    {
        return "000";
    }

    @Override
    public String module()
    {
        return "rwsem-reader-spin";
    }

    @Override
    public Set<DecisionPoint> decisionPoints()
    {
        return Set.of(DecisionPoint.WOKEN_WRITER);
    }

    @Override
    public void install(final Hooks hooks)
    {
        hooks.wokenWriter((spinners, owner) -> spinners && owner == OwnerState.WRITER);
    }
}
