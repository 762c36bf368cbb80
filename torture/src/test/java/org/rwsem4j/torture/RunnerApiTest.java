package org.rwsem4j.torture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.locks.ReentrantReadWriteLock;

import org.junit.jupiter.api.Test;
import org.rwsem4j.Rwsem;

/** The runner's own surface: other locks through a supplier, tunables through the builder, and bad configuration. */
class RunnerApiTest
{
    @Test
    void anyReadWriteLockCanBeTortured()
    {
        final TortureResult r = TortureRunner.builder()
            .lock(() -> new ReentrantReadWriteLock(true))
            .threads(8)
            .duration(Duration.ofSeconds(1))
            .build()
            .run();
        assertTrue(r.success(), r::report);
        assertEquals("ReentrantReadWriteLock", r.lockName());
        assertNull(r.quiescent(), "no quiescent check for a lock that is not an Rwsem");
        assertEquals(0, r.downgrades());
        assertTrue(r.events().isEmpty());
    }

    @Test
    void anRwsemWithItsOwnTunablesOnTheHeap()
    {
        final TortureResult r = TortureRunner.builder()
            .lock(() -> Rwsem.builder().variant("all").onHeap().handoffTimeout(Duration.ofMillis(1)).build())
            .threads(12)
            .oracle(Oracle.DATA)
            .duration(Duration.ofSeconds(1))
            .build()
            .run();
        assertTrue(r.success(), r::report);
        assertEquals(Boolean.TRUE, r.quiescent(), r::report);
        assertTrue(r.downgrades() > 0, r::report);
    }

    @Test
    void badConfigurationIsRejected()
    {
        assertThrows(IllegalArgumentException.class, () -> TortureRunner.builder().readers(0).writers(0).build());
        assertThrows(IllegalArgumentException.class, () -> TortureRunner.builder().readers(-1).build());
        assertThrows(IllegalArgumentException.class, () -> TortureRunner.builder().duration(Duration.ZERO).build());
        assertThrows(IllegalArgumentException.class, () -> TortureRunner.builder().interruptRate(-1).build());
        assertThrows(IllegalArgumentException.class, () -> TortureRunner.builder().longHoldProbability(2).build());
        final TortureRunner badSpec = TortureRunner.builder().variant("no-such-patch").build();
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class, badSpec::run);
        assertTrue(ex.getMessage().contains("no-such-patch"), ex.getMessage());
        assertThrows(IllegalArgumentException.class, badSpec::probe);
    }
}
