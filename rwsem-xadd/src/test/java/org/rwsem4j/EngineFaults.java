package org.rwsem4j;

/**
 * Test-only bridge to the engine's seeded handoff bugs, for the seeded-bug protocol tests: through the internal test
 * SPI ({@link TestFaultInjector}), never through the public builder.
 */
public final class EngineFaults
{
    /** Keep HANDOFF set when the last waiter leaves the queue. */
    public static final int KEEP_HANDOFF_ON_EMPTY_QUEUE = Engine.FAULT_KEEP_HANDOFF_ON_EMPTY_QUEUE;
    /** Do not pass HANDOFF ownership to the next head when the head gives up. */
    public static final int NO_HANDOFF_INHERIT = Engine.FAULT_NO_HANDOFF_INHERIT;
    /** Install the contended state by check-then-set, so racing first slow paths can each keep their own. */
    public static final int RACY_CONTENDED_INSTALL = Engine.FAULT_RACY_CONTENDED_INSTALL;
    /** A reader claiming the next phase (a phase-changing handoff policy) adds HANDOFF even when it is set. */
    public static final int PHASE_HANDOFF_TWICE = Engine.FAULT_PHASE_HANDOFF_TWICE;
    /** W7: the woken head writer sleeps again without putting WAITERS back into the count (a lost wakeup). */
    public static final int W7_NO_RESTORE = Engine.FAULT_W7_NO_RESTORE;

    private EngineFaults()
    {
    }

    /**
     * Builds one lock with a seeded bug switched on.
     *
     * @param builder the configured builder
     * @param fault which bug (0 for none)
     * @return the faulty lock
     */
    public static synchronized Rwsem build(final RwsemBuilder builder, final int fault)
    {
        TestFaultInjector.seedNextLocks(fault);
        try
        {
            return builder.build();
        }
        finally
        {
            TestFaultInjector.seedNextLocks(0);
        }
    }
}
