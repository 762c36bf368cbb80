package org.rwsem4j.micrometer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.rwsem4j.LockEvent;
import org.rwsem4j.Rwsem;
import org.rwsem4j.testkit.FullTableBias;

/**
 * The reader bias's counters (collision fallbacks, revocations and their time, arms) reach Micrometer like every other
 * event: a lock with a test reader bias goes through two arms, a fallback and a revocation, and the registry reads
 * each.
 */
class ReaderBiasCountersTest
{
    @Test
    void fallbacksRevocationsAndArmsAreCountedAndBound()
    {
        final Rwsem lock = Rwsem.builder().variant("base").patch(FullTableBias.patch()).name("biased").stats(null)
            .onHeap().build();
        final MeterRegistry registry = new SimpleMeterRegistry();
        new RwsemMetrics(lock).bindTo(registry);

        FullTableBias.armFallbackRevokeArm(lock);

        final Map<LockEvent, Integer> expected = Map.of(LockEvent.BIAS_FALLBACK, 1, LockEvent.BIAS_REVOKE, 1,
            LockEvent.BIAS_ARM, 2);
        expected.forEach((e, n) ->
        {
            assertEquals((long)n, lock.events().get(e), e.kernelName());
            assertEquals((double)n, CounterCheck.counter(registry, "biased", e).count(), e.kernelName());
        });
        assertEquals((double)lock.events().get(LockEvent.BIAS_REVOKE_NS),
            CounterCheck.counter(registry, "biased", LockEvent.BIAS_REVOKE_NS).count());
        assertEquals(Map.of(), CounterCheck.mismatches(registry, "biased", lock.events()));
    }
}
