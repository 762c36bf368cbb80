package org.rwsem4j.torture;

/**
 * What a torture run checks inside the critical section. The two never share a run: the exclusion oracle's atomic
 * read-modify-writes are full fences, and they would hide the missing acquire or release the data oracle is there
 * to catch.
 */
public enum Oracle
{
    /**
     * An occupancy word, checked on entry by every reader and writer: a writer CASes it from 0 to WRITER and fails on
     * anything else; a reader adds one and fails if WRITER is set. Catches overlap directly, whatever the memory order.
     */
    EXCLUSION,

    /**
     * Plain (non-volatile) fields that writers update one after another and readers check for consistency; nothing
     * but the lock orders the critical section. Catches overlap and broken happens-before edges (a missing acquire on
     * some "I now own it" path, kernel e1b98fa31664), and at the end lost updates (the fields must equal the number of
     * write acquisitions).
     */
    DATA;

    /**
     * {@return the lower-case name used by the CLI}
     */
    public String cliName()
    {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
