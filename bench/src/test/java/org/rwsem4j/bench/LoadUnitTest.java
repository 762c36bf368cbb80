package org.rwsem4j.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The seed-000 load units: their names, and a bad name refused with the valid ones wherever it is given. */
class LoadUnitTest
{
    @Test
    void namesParse()
    {
        assertEquals(LoadUnit.PAUSE, LoadUnit.parse("pause"));
        assertEquals(LoadUnit.TOKENS, LoadUnit.parse(" tokens"));
        assertEquals("pause, tokens", LoadUnit.names());
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LoadUnit.parse("ns"));
        assertEquals("unknown load unit 'ns'; valid: pause, tokens", e.getMessage());
    }

    /** JMH takes any string for {@code -p unit}; the trial must refuse a bad one rather than run in pause units. */
    @Test
    void theBenchmarkRefusesABadUnitBeforeItRuns()
    {
        final LockTestBenchmark b = new LockTestBenchmark();
        b.impl = Locks.RRWL;
        b.ratio = "1:1";
        b.unit = "token";
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, b::setUpTrial);
        assertEquals("unknown load unit 'token'; valid: pause, tokens", e.getMessage());
        b.unit = "tokens";
        b.setUpTrial();
    }
}
