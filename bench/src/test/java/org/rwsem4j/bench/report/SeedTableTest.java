package org.rwsem4j.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.rwsem4j.bench.stats.Stats;

import org.junit.jupiter.api.Test;

class SeedTableTest
{
    private static Map<String, Stats> row(final double... medianMinMax)
    {
        final Map<String, Stats> m = new LinkedHashMap<>();
        final String[] keys = {"1", "5", "10"};
        for (int i = 0; i < keys.length; i++)
        {
            m.put(keys[i], new Stats(medianMinMax[3 * i], medianMinMax[3 * i + 1], medianMinMax[3 * i + 2], 3));
        }
        return m;
    }

    @Test
    void formatsTheSeedShapeWithSpreadAndChangeBlock()
    {
        final Map<String, Stats> before = row(2915, 2900, 2930, 2621, 2600, 2650, 2764, 2700, 2800);
        final Map<String, Stats> after = row(311.0, 305, 320, 320.5, 318, 323, 2764, 2700, 2801);
        final SeedTable t = new SeedTable("lock/r:w ratio", "Load:Execution Time (ms)", List.of("1", "5", "10"))
            .row("mutex", "2", row(530.7, 530, 531, 406.0, 400, 410, 472.7, 470, 480))
            .row("base/1:1", "2", before)
            .row("all/1:1", "2", after)
            .changeBlock("% Change (all vs base):")
            .change("rwsem/1:1", "2", Map.of("1", "-89.3% [-90,-88]", "5", "-87.8% [-89,-86]", "10", "+0.0% [-2,+2]~"));
        final String expected = String.join("\n",
            "  lock/r:w ratio  # of threads  Load:Execution Time (ms)                                   spread",
            "  --------------  ------------  ------------------------                                   ------",
            "  mutex           2             1:530.7,            5:406.0,            10:472.7           2.5%",
            "  base/1:1        2             1:2915,             5:2621,             10:2764            3.6%",
            "  all/1:1         2             1:311.0,            5:320.5,            10:2764            4.8%",
            "",
            "% Change (all vs base):",
            "  rwsem/1:1       2             1:-89.3% [-90,-88], 5:-87.8% [-89,-86], 10:+0.0% [-2,+2]~",
            "");
        assertEquals(expected, t.render());
    }

    @Test
    void missingValuesPrintNotAvailable()
    {
        final SeedTable t = new SeedTable("lock", "Load:Time", List.of("1"))
            .row("x", "2", Map.of());
        assertEquals(String.join("\n",
            "  lock  # of threads  Load:Time  spread",
            "  ----  ------------  ---------  ------",
            "  x     2             1:n/a      0.0%",
            ""), t.render());
    }

    @Test
    void statsMedianSpreadAndBeyond()
    {
        final Stats a = Stats.of(List.of(3.0, 1.0, 2.0));
        assertEquals(2.0, a.median());
        assertEquals(100.0, a.spreadPercent(), 1e-9);
        final Stats b = Stats.of(List.of(4.0, 5.0));
        assertEquals(4.5, b.median());
        assertEquals(true, a.beyondSpread(b));
        assertEquals(false, a.beyondSpread(Stats.of(List.of(2.5, 9.0))));
    }
}
