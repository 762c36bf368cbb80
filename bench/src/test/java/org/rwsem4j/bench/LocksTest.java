package org.rwsem4j.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.locks.ReadWriteLock;

import org.junit.jupiter.api.Test;
import org.rwsem4j.Rwsem;
import org.rwsem4j.Variant;
import org.rwsem4j.bench.ablation.Matrix;

/** Impl names with options after {@code @}: what they build, and the errors for bad ones. */
class LocksTest
{
    @Test
    void optionsBuildTheLockTheyName()
    {
        final ReadWriteLock lock = Locks.create("recommended@noadapt@spin=0@heap");
        assertTrue(lock instanceof Rwsem, lock::toString);
        assertEquals(Variant.parse("recommended").spec(), ((Rwsem)lock).variant());
        Locks.validate("all@noadapt");
        Locks.validate("base@spin=20us@nullretries=3");
    }

    @Test
    void padAsksForThePaddedHotWords()
    {
        final Rwsem padded = (Rwsem)Locks.create("recommended@pad@heap");
        assertTrue(padded.tunables().padded(), padded::toString);
        assertFalse(((Rwsem)Locks.create("recommended@heap")).tunables().padded(), "packed unless asked");
        Locks.validate("recommended@pad");
    }

    @Test
    void handoffSetsTheHandoffTimeout()
    {
        assertEquals(0, ((Rwsem)Locks.create("recommended@handoff=0")).tunables().handoffTimeoutNanos());
        assertEquals(250_000, ((Rwsem)Locks.create("recommended@handoff=250us")).tunables().handoffTimeoutNanos());
    }

    @Test
    void aBadOptionListsTheValidOnes()
    {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> Locks.validate("all@fast"));
        assertEquals("unknown option 'fast' in 'all@fast': valid options are heap, pad, noadapt, " +
            "spin=<n>ns|us|ms, handoff=<n>ns|us|ms, nullretries=<n>", e.getMessage());
        final IllegalArgumentException d = assertThrows(IllegalArgumentException.class,
            () -> Locks.validate("all@spin=fast"));
        assertEquals("bad duration 'fast' in 'all@spin=fast': e.g. 0, 500ns, 20us", d.getMessage());
    }

    @Test
    void theMatrixKeepsOptionsAfterTheCanonicalSpec()
    {
        assertEquals(Variant.parse("all").spec() + "@noadapt", Matrix.canonical("all@noadapt"));
        assertEquals(Variant.parse("base").spec() + "@heap", Matrix.canonical("xadd@heap"));
    }
}
