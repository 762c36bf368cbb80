package org.rwsem4j.torture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.regex.Pattern;

import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.rwsem4j.Rwsem;
import org.rwsem4j.Variant;

/**
 * The runner's negative controls. Each must fail, and fail by its seeded bug's own symptom: an overlap seen by the
 * oracle that watches for it, an illegal history, a LOST WAKEUP, or a lock word left busy after the run. A hang, a
 * stall or machine load is not accepted as the symptom.
 */
class NegativeControlTest
{
    /** No watchdog below this in these tests (a loaded 2-core machine must not trip it). */
    private static final Duration WATCHDOG = Duration.ofSeconds(10);

    private static final Pattern EXCLUSION_OVERLAP = Pattern.compile(
        "torture-[rw]\\d+: (writer entered while .* inside|reader entered while a writer is inside.*|" +
            "downgrading writer found .* inside)");
    private static final Pattern DATA_OVERLAP = Pattern.compile(
        "torture-[rw]\\d+: (reader saw a torn or changing state|writer found a torn state on entry).*|" +
            "after the run a=.* (lost updates|torn final state)");
    private static final Pattern TORN_READ = Pattern.compile(
        "torture-[rw]\\d+'s read.* \\[\\d+\\.\\d{6}, \\d+\\.\\d{6}] s returned a torn value: first half from .*, " +
            "second half from .*; no write wrote it");
    private static final Pattern ILLEGAL_READ = Pattern.compile(
        "torture-[rw]\\d+'s read.* \\[\\d+\\.\\d{6}, \\d+\\.\\d{6}] s returned .*(no write wrote it|" +
            "ended before the read began|began after the read ended|a stale read|no write had begun to write.*)");
    /** An uncounted reader's unlock, refused before it could underflow the count. */
    private static final String UNCOUNTED_UNLOCK =
        "IllegalMonitorStateException: read unlock, but no reader holds the lock";

    @Test
    void bustedLockFailsTheExclusionOracle()
    {
        final TortureResult r = control(NegativeControl.BUSTED, Oracle.EXCLUSION).build().run();
        assertFalse(r.success(), r::report);
        assertTrue(r.violationCount() > 0, r::report);
        assertAll(r.violations(), EXCLUSION_OVERLAP, r);
        assertEquals(List.of(r.violationCount() + " oracle violation(s)"), r.failureReasons(), r::report);
        assertTrue(r.report().contains("End of test: FAILURE"), r::report);
        assertTrue(r.report().contains("Fail: "), r::report);
    }

    @Test
    void bustedLockFailsTheDataOracle()
    {
        final TortureResult r = control(NegativeControl.BUSTED, Oracle.DATA).build().run();
        assertTrue(r.violationCount() > 0, r::report);
        assertAll(r.violations(), DATA_OVERLAP, r);
        assertEquals(List.of(r.violationCount() + " oracle violation(s)"), r.failureReasons(), r::report);
    }

    /** The history oracle on its own evidence: reads of values no write wrote, each naming the two writes. */
    @Test
    void bustedLockFailsTheHistoryCheck()
    {
        final TortureResult r = control(NegativeControl.BUSTED, Oracle.DATA)
            .history(true)
            .stopOnFailure(false) // let the history pile up: the check must find it, not the data oracle's stop
            .duration(Duration.ofSeconds(1))
            .build()
            .run();
        assertTrue(r.historyChecked(), r::report);
        assertTrue(r.historyViolationCount() > 0, r::report);
        assertTrue(r.failureReasons().contains(r.historyViolationCount() + " history violation(s)"), r::report);
        assertAll(r.historyViolations(), ILLEGAL_READ, r);
        assertTrue(r.historyViolations().stream().anyMatch(v -> TORN_READ.matcher(v).matches()), r::report);
        assertTrue(r.report().contains("  history: "), r::report);
        System.out.println("busted [data] with history: " + r.failureReasons() + "\n  history: " +
            r.historyViolations().get(0));
    }

    /**
     * Publish before add: an uncounted reader. Its own symptoms are an overlap the exclusion oracle sees, its unlock
     * refused because the count does not include it, or (the grant added for a reader that had left) a leaked count.
     */
    @RepeatedTest(3)
    void unsafe2016WakeOrderFailsTheExclusionRun()
    {
        final TortureResult r = control(NegativeControl.UNSAFE_WAKE_2016, Oracle.EXCLUSION).build().run();
        assertFalse(r.success(), r::report);
        assertUncountedReaderSymptoms(r, EXCLUSION_OVERLAP);
        assertTrue(r.lockName().contains(UnsafeWake2016.NAME), r::report);
    }

    @Test
    void unsafe2016WakeOrderFailsTheDataRun()
    {
        final TortureResult r = control(NegativeControl.UNSAFE_WAKE_2016, Oracle.DATA).build().run();
        assertFalse(r.success(), r::report);
        assertUncountedReaderSymptoms(r, DATA_OVERLAP);
    }

    /**
     * The unsafe wake must fail the history check itself. Its overlap shows when the uncounted reader's unlock takes
     * the bias of a reader still inside, which the scenario makes common: every write downgrades (the downgrader is
     * that reader, parked in its own wake), readers spin so that they too wake the queue while holding, and a writer
     * steals the lock the moment the count reads empty. A run can still end first by the other symptom, the
     * uncounted unlock refused while no reader is counted (about one run in four here), so the control is a fixed
     * number of runs: each must fail by the bug's own symptoms, and the history check must catch it in some.
     */
    @Test
    void unsafe2016WakeOrderFailsTheHistoryCheck()
    {
        assumeTrue(Variant.available().containsAll(List.of("reader-owned", "reader-spin")),
            "the scenario needs the modules rwsem-reader-owned and rwsem-reader-spin");
        final int runs = 6;
        long caught = 0;
        final StringBuilder reports = new StringBuilder();
        for (int i = 0; i < runs; i++)
        {
            final TortureResult r = control(NegativeControl.UNSAFE_WAKE_2016, Oracle.DATA)
                .variant("reader-owned+spin-on-readers+reader-spin")
                .readers(8)
                .writers(8)
                .downgradePercent(100)
                .history(true)
                .seed(20161000L + i)
                .build()
                .run();
            assertFalse(r.success(), r::report);
            assertUncountedReaderSymptoms(r, DATA_OVERLAP);
            caught += r.historyViolationCount() > 0 ? 1 : 0;
            reports.append(r.report());
            System.out.println("unsafe-wake-2016 history run " + (i + 1) + "/" + runs + ": " + r.failureReasons() +
                (r.historyViolations().isEmpty() ? "" : "\n  history: " + r.historyViolations().get(0)));
        }
        final long historyCaught = caught;
        assertTrue(historyCaught > 0, () -> "the history check caught none of " + runs + " runs:\n" + reports);
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
                .build()
                .run();
            if (!r.success())
            {
                assertEquals(List.of("1 watchdog report(s)"), r.failureReasons(), r::report);
                assertTrue(r.watchdogReports().get(0).contains("LOST WAKEUP"), r::report);
                assertTrue(r.watchdogReports().get(0).contains("Worker.attempt"), r::report); // the thread dump
                return;
            }
            seen.append(r.report());
        }
        fail("five lost-wakeup control runs ended in SUCCESS:\n" + seen);
    }

    /**
     * The quiescence check's own control: a reader bias left behind, in a run without writers, where nothing but the
     * lock word after the run can show it. The same run without the leak passes.
     */
    @Test
    void aLeakedReaderBiasFailsOnlyTheQuiescenceCheck()
    {
        final LeakOneReaderBias leak = new LeakOneReaderBias();
        final TortureResult r = readersOnly(() -> Rwsem.builder().variant("base").patch(leak).build());
        assertTrue(leak.leaked(), r::report);
        assertEquals(Boolean.FALSE, r.quiescent(), r::report);
        assertEquals(List.of("not quiescent after the run"), r.failureReasons(), r::report);
        assertTrue(r.finalState().contains("readers=1"), r::report);
        assertTrue(r.report().contains("Quiescent: NO"), r::report);
        System.out.println("leaked reader bias: " + r.failureReasons() + ", final state " + r.finalState());

        final TortureResult clean = readersOnly(() -> Rwsem.builder().variant("base").build());
        assertTrue(clean.success(), clean::report);
        assertEquals(Boolean.TRUE, clean.quiescent(), clean::report);
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

    private static TortureResult readersOnly(final java.util.function.Supplier<Rwsem> lock)
    {
        return TortureRunner.builder()
            .lock(lock)
            .readers(6)
            .writers(0)
            .modes(EnumSet.allOf(AcquireMode.class))
            .duration(Duration.ofSeconds(1))
            .watchdog(WATCHDOG)
            .seed(42)
            .build()
            .run();
    }

    /** Every failure of the run is one the uncounted reader causes, and there is at least one. */
    private static void assertUncountedReaderSymptoms(final TortureResult r, final Pattern overlap)
    {
        assertAll(r.violations(), overlap, r);
        assertAll(r.historyViolations(), ILLEGAL_READ, r);
        for (final String u : r.unexpectedExceptions())
        {
            assertTrue(u.contains(UNCOUNTED_UNLOCK), r::report);
        }
        for (final String w : r.watchdogReports())
        {
            assertTrue(w.contains("LEAKED COUNT"), r::report);
        }
        assertTrue(r.violationCount() + r.historyViolationCount() + r.unexpectedExceptions().size() +
            r.watchdogReports().size() > 0 || Boolean.FALSE.equals(r.quiescent()), r::report);
    }

    private static void assertAll(final List<String> lines, final Pattern pattern, final TortureResult r)
    {
        for (final String line : lines)
        {
            assertTrue(pattern.matcher(line).matches(),
                () -> "not the seeded bug's symptom: " + line + "\n" + r.report());
        }
    }

    /**
     * Reader bias whose revoking writer does not wait for the table: a writer enters beside a biased reader, an
     * overlap the exclusion oracle sees first. What follows may fail too: a biased reader whose bit the blind writer
     * cleared unlocks through the count, which holds no reader of its (an unexpected exception), and the lock may end
     * unquiescent; the oracle's violations are always among the reasons, and nothing else but those.
     */
    @RepeatedTest(3)
    void blindRevocationFailsTheExclusionOracle()
    {
        assumeTrue(Variant.available().contains("reader-bias"), "the control needs the module rwsem-reader-bias");
        // The overlap's consequence (a biased reader's unlock finds no reader counted) may stop a run before the
        // oracle reports the overlap itself, and a run whose writers kept the bias off nearly all the time may see no
        // overlap at all (several writers did so in CI): so one writer, which leaves the bias armed far more often,
        // and the oracle must catch it within five runs; a run that fails must fail for the overlap or a consequence
        // of it.
        TortureResult r = null;
        for (int run = 0; run < 5 && (r == null || r.violationCount() == 0); run++)
        {
            r = control(NegativeControl.BLIND_REVOCATION, Oracle.EXCLUSION)
                .writers(1)
                .variant(NegativeControl.BLIND_REVOCATION.spec())
                .build()
                .run();
            final TortureResult failed = r;
            for (final String reason : failed.failureReasons())
            {
                assertTrue(reason.endsWith("oracle violation(s)") || reason.endsWith("unexpected exception(s)") ||
                    reason.equals("not quiescent after the run"), () -> "not the overlap or a consequence of it: " +
                    reason + "\n" + failed.report());
            }
        }
        final TortureResult caught = r;
        assertTrue(caught.violationCount() > 0, caught::report);
        assertAll(caught.violations(), EXCLUSION_OVERLAP, caught);
        assertEquals(caught.violationCount() + " oracle violation(s)", caught.failureReasons().get(0), caught::report);
        for (final String reason : caught.failureReasons().subList(1, caught.failureReasons().size()))
        {
            assertTrue(reason.endsWith("unexpected exception(s)") || reason.equals("not quiescent after the run"),
                () -> "not a consequence of the overlap: " + reason + "\n" + caught.report());
        }
        assertTrue(caught.unexpectedExceptions().stream().allMatch(e -> e.contains("IllegalMonitorStateException: " +
            "read unlock, but no reader holds the lock")), caught::report);
        assertTrue(caught.lockName().contains(BlindRevocation.NAME), caught::report);
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
            .watchdog(WATCHDOG);
    }
}
