package org.rwsem4j.bench.share;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

class ShareReportTest
{
    /** B for 1 s windows of 200 µs + 1 µs. */
    private static final double B = 1_000_000.0 / 201;
    private static final long TARGET = 500_000;

    private static Window window(final int index, final long writerAcq, final long readerAcq, final long writerP99)
    {
        return new Window(index, 1_000_000_000L, List.of(new Window.Figures(readerAcq, 210_000, 230_000)),
            List.of(new Window.Figures(writerAcq, writerP99, writerP99 * 2)));
    }

    private static List<Window> fair()
    {
        final List<Window> w = new ArrayList<>();
        for (int i = 1; i <= 10; i++)
        {
            w.add(window(i, 4_900, 4_800, 300_000));
        }
        return w;
    }

    @Test
    void allTargetsMetWhenEveryWindowIsAboveTheBounds()
    {
        final ShareReport.Worst w = ShareReport.Worst.of(fair());
        assertEquals(4_900, w.writerAcquisitions());
        assertEquals(4_800, w.readerAcquisitions());
        assertEquals(300_000, w.writerP99());
        assertEquals(600_000, w.writerMax());
        assertTrue(w.writerShareMet(B));
        assertTrue(w.readerShareMet(B));
        assertTrue(w.writerWaitMet(TARGET));
    }

    @Test
    void oneWindowBelowTheWriterBoundFlipsOnlyTheWriterVerdict()
    {
        final List<Window> ws = fair();
        ws.set(6, window(7, 2_487, 4_800, 300_000)); // 0.4999 B: just below 0.5 B
        final ShareReport.Worst w = ShareReport.Worst.of(ws);
        assertEquals(2_487, w.writerAcquisitions());
        assertFalse(w.writerShareMet(B));
        assertTrue(w.readerShareMet(B));
        ws.set(6, window(7, 2_488, 4_800, 300_000)); // 0.5001 B
        assertTrue(ShareReport.Worst.of(ws).writerShareMet(B));
    }

    @Test
    void oneReaderThreadBelowItsBoundFlipsTheReaderVerdict()
    {
        final List<Window> ws = fair();
        ws.set(2, new Window(3, 1_000_000_000L, List.of(new Window.Figures(4_800, 1, 1),
            new Window.Figures(1_989, 1, 1)), List.of(new Window.Figures(4_900, 1, 1)))); // second reader: 0.3998 B
        final ShareReport.Worst w = ShareReport.Worst.of(ws);
        assertEquals(1_989, w.readerAcquisitions());
        assertFalse(w.readerShareMet(B));
        assertTrue(w.writerShareMet(B));
    }

    @Test
    void oneSlowWindowFlipsTheWriterWaitVerdict()
    {
        final List<Window> ws = fair();
        ws.set(9, window(10, 4_900, 4_800, 500_001));
        assertFalse(ShareReport.Worst.of(ws).writerWaitMet(TARGET));
        ws.set(9, window(10, 4_900, 4_800, 500_000));
        assertTrue(ShareReport.Worst.of(ws).writerWaitMet(TARGET));
    }

    @Test
    void floodVerdictComparesTheReadersWorstP99WithRrwls()
    {
        final ShareReport.Worst rrwl = ShareReport.Worst.of(List.of(window(1, 1, 1, 1)));
        final Window better = new Window(1, 1, List.of(new Window.Figures(1, 210_000, 1)), List.of());
        final Window worse = new Window(2, 1, List.of(new Window.Figures(1, 210_001, 1)), List.of());
        assertEquals(ShareReport.MET, ShareReport.floodVerdict(ShareReport.Worst.of(List.of(better)), rrwl));
        assertEquals(ShareReport.MISSED, ShareReport.floodVerdict(ShareReport.Worst.of(List.of(better, worse)), rrwl));
        assertEquals("n/a (rrwl not run)", ShareReport.floodVerdict(ShareReport.Worst.of(List.of(better)), null));
    }

    @Test
    void theReportShowsTheMissedTargetAndEachForksSpread()
    {
        final ShareArgs a = new ShareArgs(2, List.of(Shape.ONE_READER), List.of("rrwl", "recommended"),
            new int[] {200, 1, 20}, new int[] {300, 10, 1000}, Path.of("unused"), false, List.of());
        final List<Window> bad = fair();
        bad.set(4, window(5, 800, 4_800, 300_000));
        final String body = ShareReport.body(a, List.of(new ForkResult("rrwl", Shape.ONE_READER, 1, fair(), null),
            new ForkResult("recommended", Shape.ONE_READER, 1, fair(), null),
            new ForkResult("rrwl", Shape.ONE_READER, 2, fair(), null),
            new ForkResult("recommended", Shape.ONE_READER, 2, bad, null)));
        assertTrue(body.contains("| `rrwl` | 4,900 | 0.98 | 4,800 | 0.96 | 300 µs | 600 µs | 210 µs | 230 µs | met | " +
            "met | met |"), body);
        assertTrue(body.contains("| `recommended` | 800 | 0.16 | 4,800 | 0.96 | 300 µs | 600 µs | 210 µs | 230 µs | " +
            "**missed** | met | met |"), body);
        assertTrue(body.contains("- `recommended`: 4,900/4,900/4,900 · 800/4,900/4,900"), body);
    }

    @Test
    void aFailedForkWithholdsTheVerdicts()
    {
        final ShareArgs a = new ShareArgs(1, List.of(Shape.ONE_READER), List.of("rrwl"), new int[] {200, 1, 20},
            new int[] {300, 10, 1000}, Path.of("unused"), false, List.of());
        final String body = ShareReport.body(a, List.of(new ForkResult("rrwl", Shape.ONE_READER, 1,
            fair().subList(0, 3), "bad output: window 4 missing")));
        assertTrue(body.contains("no verdict (1 failed forks)"), body);
        assertTrue(body.contains("## Failed forks"), body);
        assertTrue(body.contains("window 4 missing"), body);
        assertNull(ShareReport.worst(List.of()));
    }
}
