package org.rwsem4j.torture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * Virtual workers (JDK 21+; CI's second JDK runs these): 10,000 virtual threads at 1:1 under the exclusion oracle,
 * with the busted lock as the control the oracle must catch with them. On JDK 17 the option is refused.
 */
class VirtualThreadsTortureTest
{
    private static final int THREADS = Integer.getInteger("torture.virtualThreads", 10_000);
    private static final Duration RUN = Duration.ofSeconds(3);
    /** Generous: 10,000 threads on a loaded 2-core machine; no acquisition for this long while threads wait fails. */
    private static final Duration WATCHDOG = Duration.ofSeconds(60);

    @ParameterizedTest
    @ValueSource(strings = {"recommended", "all"})
    void tenThousandVirtualThreadsKeepExclusion(final String variant)
    {
        assumeTrue(WorkerThreads.virtualAvailable(), "virtual threads need JDK 21+");
        final TortureResult r = TortureRunner.builder().variant(variant)
            .readers(THREADS / 2).writers(THREADS - THREADS / 2)
            .virtualThreads(true)
            .oracle(Oracle.EXCLUSION)
            .duration(RUN)
            .watchdog(WATCHDOG)
            .build().run();
        assertEquals(0, r.violationCount(), r::report);
        assertTrue(r.watchdogReports().isEmpty(), r::report);
        assertTrue(r.success(), r::report);
        assertTrue(r.reads().total() > 0 && r.writes().total() > 0, r::report);
        assertEquals(Boolean.TRUE, r.quiescent(), r::report);
    }

    /** The control: with virtual workers too, a lock that does nothing must show as exclusion violations. */
    @Test
    void bustedLockFailsWithVirtualThreads()
    {
        assumeTrue(WorkerThreads.virtualAvailable(), "virtual threads need JDK 21+");
        final TortureResult r = TortureRunner.builder().control(NegativeControl.BUSTED)
            .threads(1_000)
            .virtualThreads(true)
            .oracle(Oracle.EXCLUSION)
            .duration(Duration.ofSeconds(1))
            .watchdog(WATCHDOG)
            .build().run();
        assertFalse(r.success(), r::report);
        assertTrue(r.violationCount() > 0, r::report);
    }

    @Test
    void cliRunsVirtualWorkersBesideTheJdkPeer()
    {
        assumeTrue(WorkerThreads.virtualAvailable(), "virtual threads need JDK 21+");
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int status = Main.run(new String[] {"--virtual-threads", "--variant", "rrwl,recommended", "--threads",
            "200", "--oracle", "exclusion", "--duration", "1s", "--watchdog", "60s", "--on-heap"},
            new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        final String text = out.toString(StandardCharsets.UTF_8);
        assertEquals(Main.EXIT_SUCCESS, status, text + err.toString(StandardCharsets.UTF_8));
        assertTrue(text.contains("ReentrantReadWriteLock [exclusion]: SUCCESS"), text);
    }

    @Test
    void jdk17RefusesVirtualThreadsWithOneLine()
    {
        assumeFalse(WorkerThreads.virtualAvailable(), "this JDK has virtual threads");
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int status = Main.run(new String[] {"--virtual-threads", "--duration", "1s"},
            new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        final String message = err.toString(StandardCharsets.UTF_8);
        assertEquals(Main.EXIT_USAGE, status, message);
        assertEquals(1, message.lines().count(), message);
        assertTrue(message.contains("needs JDK 21"), message);
        assertEquals("", out.toString(StandardCharsets.UTF_8));
        assertThrows(IllegalArgumentException.class, () -> TortureRunner.builder().virtualThreads(true));
    }
}
