package org.rwsem4j.torture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The base variant under-, fully and over-subscribed: 2, 4 and 16 threads, each oracle. */
class BaseThreadCountTest
{
    @ParameterizedTest(name = "base, {0} threads [{1}]")
    @CsvSource({"2, EXCLUSION", "2, DATA", "4, EXCLUSION", "4, DATA", "16, EXCLUSION", "16, DATA"})
    void baseSurvivesTorture(final int threads, final Oracle oracle)
    {
        final TortureResult r = TortureRunner.builder()
            .variant("base")
            .threads(threads)
            .oracle(oracle)
            .duration(Duration.ofMillis(1500))
            .seed(threads * 7919L + oracle.ordinal())
            .build()
            .run();
        assertTrue(r.success(), r::report);
        assertEquals(Boolean.TRUE, r.quiescent(), r::report);
        assertEquals(threads / 2, r.writes().threads());
        assertEquals(threads - threads / 2, r.reads().threads());
        assertTrue(r.reads().total() > 0 && r.writes().total() > 0, r::report);
    }
}
