package org.rwsem4j.bench;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.locks.ReentrantReadWriteLock;

import org.junit.jupiter.api.Test;
import org.rwsem4j.bench.ablation.FairnessRunner;
import org.rwsem4j.bench.fairness.FairnessHarness;
import org.rwsem4j.bench.fairness.FairnessResult;
import org.rwsem4j.testkit.NoExclusionLock;

/** The data oracle: a lock that does nothing must not be able to post a number (negative control). */
class GuardedPairTest
{
    @Test
    void aReaderInsideAWriteSeesATornPair() throws Exception
    {
        readerSeesATornPairInsideAWrite(new GuardedPair());
    }

    /** The oracle's window in the tokens unit is the write's {@code Blackhole.consumeCPU} load. */
    @Test
    void aReaderInsideAWriteSeesATornPairWithTokens() throws Exception
    {
        readerSeesATornPairInsideAWrite(new GuardedPair(LoadUnit.TOKENS));
    }

    private static void readerSeesATornPairInsideAWrite(final GuardedPair pair) throws Exception
    {
        final java.util.concurrent.CountDownLatch started = new java.util.concurrent.CountDownLatch(1);
        final Thread writer = new Thread(() ->
        {
            started.countDown();
            pair.write(200_000_000);
        });
        writer.setDaemon(true);
        writer.start();
        assertTrue(started.await(60, java.util.concurrent.TimeUnit.SECONDS), "the writer never started");
        // No sleep as a handshake: read until the writer's first store shows (the window is the write's load).
        IllegalStateException torn = null;
        while (torn == null && writer.isAlive())
        {
            try
            {
                pair.read(0);
            }
            catch (final IllegalStateException e)
            {
                torn = e;
            }
        }
        assertTrue(torn != null && torn.getMessage().startsWith("torn read"), "no torn read seen inside a write");
        writer.join(120_000);
    }

    /**
     * One run sized by time (a 10 s window at most): a torn read raises the stop flag for every worker, so the run
     * ends as soon as the lock's missing exclusion shows, and the figure is never posted.
     */
    @Test
    void theWorkloadThrowsOnALockThatDoesNothing() throws InterruptedException
    {
        final LockTestRun run = new LockTestRun(new NoExclusionLock(), new GuardedPair(), 4, 100_000,
            Ratio.parse("1:1"), 10, 10_000, 1);
        run.start();
        final Exception e = assertThrows(Exception.class, run::go, "a lock that does nothing posted a number");
        assertTrue(e instanceof IllegalStateException && e.getMessage().contains("torn"), e.toString());
        run.join();
    }

    @Test
    void aRunSizedByTimeStopsAtItsWindowAndPostsAFigure() throws Exception
    {
        final LockTestRun run = new LockTestRun(new ReentrantReadWriteLock(), new GuardedPair(), 4, 100_000,
            Ratio.parse("10:1"), 1, 200, 1);
        run.start();
        run.go();
        run.join();
        assertTrue(run.timed());
        assertTrue(run.totalOps() > 0, "no operations in the window");
        assertTrue(run.minShare() >= 0 && run.minShare() <= 1, "min share " + run.minShare());
        assertTrue(run.timedMillis() > 0 && Double.isFinite(run.timedMillis()), "figure " + run.timedMillis());
    }

    @Test
    void aRealLockPasses() throws Exception
    {
        final LockTestRun run = new LockTestRun(new ReentrantReadWriteLock(), new GuardedPair(), 4, 20_000,
            Ratio.parse("1:1"), 5, 0, 1);
        run.start();
        assertDoesNotThrow(run::go);
        run.join();
    }

    /** The fairness harness's control: torn reads fail the child (exit 1) and the cell; they are never a figure. */
    @Test
    void theFairnessHarnessFailsTheCellOnALockThatDoesNothing() throws Exception
    {
        final FairnessResult r = new FairnessHarness(new NoExclusionLock(), 2, 2, 10).run(300);
        assertTrue(r.fails > 0, "torn reads not counted");
        final FairnessResult back = FairnessResult.decode(FairnessHarness.RESULT_PREFIX + r.encode());
        assertTrue(back.fails == r.fails && FairnessResult.total(back.writeOps) == FairnessResult.total(r.writeOps));

        final java.io.ByteArrayOutputStream text = new java.io.ByteArrayOutputStream();
        final int status = FairnessHarness.report("none", r, new java.io.PrintStream(text, true,
            java.nio.charset.StandardCharsets.UTF_8));
        final String printed = text.toString(java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(1, status, printed);
        assertTrue(printed.contains(FairnessHarness.TORN + r.fails + " torn reads"), printed);
        final java.io.IOException cell = assertThrows(java.io.IOException.class,
            () -> FairnessRunner.sample(FairnessHarness.RESULT_PREFIX + r.encode()));
        assertTrue(cell.getMessage().contains(r.fails + " torn reads"), cell::getMessage);
        System.out.println("[expected] child exit " + status + ", " + printed.lines()
            .filter(l -> l.startsWith(FairnessHarness.TORN)).findFirst().orElse("?") + "; cell: " + cell.getMessage());
    }

    @Test
    void theFairnessHarnessPassesARealLock() throws Exception
    {
        final FairnessResult r = new FairnessHarness(new ReentrantReadWriteLock(), 2, 2, 10).run(300);
        assertEquals(0, r.fails);
        assertEquals(0, FairnessHarness.report("rrwl", r, new java.io.PrintStream(
            java.io.OutputStream.nullOutputStream())));
        assertEquals(FairnessResult.total(r.writeOps),
            FairnessRunner.sample(FairnessHarness.RESULT_PREFIX + r.encode()).score());
    }
}
