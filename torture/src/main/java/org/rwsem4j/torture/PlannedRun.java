package org.rwsem4j.torture;

/**
 * One run of a CLI plan: a variant spec (canonical) or a negative control, with one oracle.
 *
 * @param spec    the canonical variant spec; for {@link NegativeControl#UNSAFE_WAKE_2016} the variant under it
 * @param control the negative control, or null
 * @param oracle  the oracle
 */
record PlannedRun(String spec, NegativeControl control, Oracle oracle)
{
    String name()
    {
        return control == null ? spec : control.cliName();
    }
}
