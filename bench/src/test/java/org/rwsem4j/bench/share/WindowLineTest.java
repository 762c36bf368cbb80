package org.rwsem4j.bench.share;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

class WindowLineTest
{
    private static Window window(final int index)
    {
        return new Window(index, 1_000_000_123L + index, List.of(new Window.Figures(4_970 + index, 210_000, 230_001),
            new Window.Figures(4_000, 1_234, 99_999)), List.of(new Window.Figures(4_980, 190_000, 205_000)));
    }

    private static List<String> output(final int windows)
    {
        final List<String> lines = new ArrayList<>(List.of("OpenJDK 64-Bit Server VM warning: something"));
        for (int i = 1; i <= windows; i++)
        {
            lines.add(WindowLine.encode(window(i)));
        }
        return lines;
    }

    @Test
    void encodeThenDecodeGivesTheWindowBack()
    {
        final String line = WindowLine.encode(window(3));
        assertEquals("SHARE-WINDOW 3 1000000126 R=4973:210000:230001 R=4000:1234:99999 W=4980:190000:205000", line);
        assertEquals(window(3), WindowLine.decode(line, Shape.TWO_READERS));
    }

    @Test
    void aWholeOutputParsesWithoutErrorsAndSkipsOtherLines()
    {
        final WindowLine.Parsed p = WindowLine.parse(output(10), Shape.TWO_READERS, 10);
        assertEquals(List.of(), p.errors());
        assertEquals(10, p.windows().size());
        assertEquals(window(10), p.windows().get(9));
    }

    @Test
    void aCorruptLineIsAnErrorThatQuotesItAndTheOtherWindowsAreKept()
    {
        final List<String> lines = output(4);
        lines.set(3, "SHARE-WINDOW 3 1000000126 R=4973:210000 R=4000:1234:99999 W=4980:190000:205000");
        final WindowLine.Parsed p = WindowLine.parse(lines, Shape.TWO_READERS, 4);
        assertEquals(List.of("line 4 'SHARE-WINDOW 3 1000000126 R=4973:210000 R=4000:1234:99999 " +
            "W=4980:190000:205000': field 'R=4973:210000': expected 3 numbers after R=", "window 3 missing"),
            p.errors());
        assertEquals(List.of(window(1), window(2), window(4)), p.windows());

        final ForkResult r = ShareFork.result("rrwl", Shape.TWO_READERS, 7, 4, 0, lines);
        assertFalse(r.ok());
        assertTrue(r.failure().startsWith("bad output: line 4 'SHARE-WINDOW 3"), r.failure());
        assertEquals(3, r.windows().size());
    }

    @Test
    void wrongThreadCountsRepeatsAndNonNumbersAreErrors()
    {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> WindowLine.decode(WindowLine.encode(window(1)), Shape.ONE_READER));
        assertEquals("expected the index, the length and 1 reader, 1 writer (4 fields), got 5 fields", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> WindowLine.decode(
            "SHARE-WINDOW 1 5 R=1:2:x W=1:2:3", Shape.ONE_READER));
        assertThrows(IllegalArgumentException.class, () -> WindowLine.decode(
            "SHARE-WINDOW 1 5 W=1:2:3 R=1:2:3", Shape.ONE_READER));
        final List<String> lines = output(2);
        lines.add(lines.get(1));
        assertEquals(List.of("line 4: window 1 repeated"), WindowLine.parse(lines, Shape.TWO_READERS, 2).errors());
        assertEquals(List.of("window 3 missing"), WindowLine.parse(output(2), Shape.TWO_READERS, 3).errors());
    }

    @Test
    void aChildThatFailedIsAFailureWithItsLastLines()
    {
        final ForkResult r = ShareFork.result("rrwl", Shape.TWO_READERS, 1, 2, 1,
            List.of("Exception in thread main", "  at Foo"));
        assertTrue(r.failure().startsWith("the child exited with 1; its last lines:"), r.failure());
        assertTrue(r.failure().contains("  at Foo"), r.failure());
        assertNull(ShareFork.result("rrwl", Shape.TWO_READERS, 1, 2, 0, output(2)).failure());
    }
}
