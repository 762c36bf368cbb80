package org.rwsem4j.torture;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;

import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.rwsem4j.Rwsem;
import org.rwsem4j.Variant;

/** If the runner does not report FAILURE for these, the runner is broken. */
class NegativeControlTest
{
    @Test
    void bustedLockFailsTheExclusionOracle()
    {
        final TortureResult r = control(NegativeControl.BUSTED, Oracle.EXCLUSION).build().run();
        assertFalse(r.success(), r::report);
        assertTrue(r.violationCount() > 0, r::report);
        assertTrue(r.report().contains("End of test: FAILURE"), r::report);
        assertTrue(r.report().contains("Fail: "), r::report);
    }

    @Test
    void bustedLockFailsTheDataOracle()
    {
        final TortureResult r = control(NegativeControl.BUSTED, Oracle.DATA).build().run();
        assertFalse(r.success(), r::report);
        assertTrue(r.violationCount() > 0, r::report);
    }

    /** Publish before add: caught as an exclusion violation, a read unlock that finds no reader, or a leaked count. */
    @RepeatedTest(3)
    void unsafe2016WakeOrderFailsTheExclusionRun()
    {
        final TortureResult r = control(NegativeControl.UNSAFE_WAKE_2016, Oracle.EXCLUSION).build().run();
        assertFalse(r.success(), r::report);
        assertNotNull(r.firstFailure(), r::report);
        assertTrue(r.lockName().contains(UnsafeWake2016.NAME), r::report);
    }

    @Test
    void unsafe2016WakeOrderFailsTheDataRun()
    {
        final TortureResult r = control(NegativeControl.UNSAFE_WAKE_2016, Oracle.DATA).build().run();
        assertFalse(r.success(), r::report);
    }

    /**
     * The watchdog's own control: unlocks that never wake strand waiters on a free lock. Arrivals rescue them while
     * the run lasts, so it is caught when waiters are stranded as the workers stop, about nine runs in ten: up to five
     * short runs, each failure must be a LOST WAKEUP with its dump, and one must fail.
     */
    @Test
    void skippedWakeupsAreReportedAsALostWakeup()
    {
        final StringBuilder seen = new StringBuilder();
        for (int attempt = 0; attempt < 5; attempt++)
        {
            final TortureResult r = control(NegativeControl.LOST_WAKEUP, Oracle.EXCLUSION)
                .modes(NegativeControl.LOST_WAKEUP_MODES)
                .interruptRate(0)
                .duration(Duration.ofSeconds(1))
                .watchdog(Duration.ofSeconds(1))
                .build()
                .run();
            if (!r.success())
            {
                assertFalse(r.watchdogReports().isEmpty(), r::report);
                assertTrue(r.watchdogReports().get(0).contains("LOST WAKEUP"), r::report);
                assertTrue(r.watchdogReports().get(0).contains("Worker.attempt"), r::report); // the thread dump
                return;
            }
            seen.append(r.report());
        }
        fail("five lost-wakeup control runs ended in SUCCESS:\n" + seen);
    }

    @Test
    void controlsAreNotReachableByName()
    {
        assertFalse(Variant.available().contains(UnsafeWake2016.NAME));
        assertFalse(Variant.available().contains(SkipAllWakeups.NAME));
        assertThrows(IllegalArgumentException.class, () -> Rwsem.of(UnsafeWake2016.NAME));
        assertThrows(IllegalArgumentException.class, () -> Rwsem.of("busted"));
    }

    @Test
    void unsafeWakeCannotShareAVariantWithWakeOnce()
    {
        assumeTrue(Variant.available().contains("wake-once"), "wake-once is not on the classpath");
        final TortureRunner runner = control(NegativeControl.UNSAFE_WAKE_2016, Oracle.EXCLUSION)
            .variant("wake-once").build();
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class, runner::run);
        assertTrue(ex.getMessage().contains("READER_COLLECT"), ex.getMessage());
    }

    /** The tuned control scenario: many readers, few writers, frequent interrupts (awake waiters), a 200 us window. */
    private static TortureRunner.Builder control(final NegativeControl c, final Oracle oracle)
    {
        return TortureRunner.builder()
            .control(c)
            .oracle(oracle)
            .readers(12)
            .writers(4)
            .interruptRate(c == NegativeControl.UNSAFE_WAKE_2016 ? NegativeControl.UNSAFE_WAKE_INTERRUPT_RATE : 200)
            .duration(Duration.ofSeconds(6)) // a control stops at its first failure, typically well under a second
            .watchdog(Duration.ofSeconds(3));
    }
}
