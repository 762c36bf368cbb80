package org.rwsem4j.bench.ablation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.rwsem4j.cli.UsageException;

/** The quick profile gives the controls' seed-000 cells twice the forks, and no other cell. */
class ControlForksTest
{
    @Test
    void theControlsCellsRunTwiceTheForksAndNoOtherCellDoes() throws UsageException
    {
        final Matrix m = Ablation.matrix(AblationCommand.parse(List.of("--quick")));
        int more = 0;
        for (final Cell c : m.cells)
        {
            final boolean controlCell = c.bench() == Bench.LOCKTEST && "1".equals(c.param("load")) &&
                "10".equals(c.param("threads")) && !"0:1".equals(c.param("ratio")) && isControlConfig(m, c.impl());
            assertEquals(controlCell ? 10 : 5, m.forks(c), c.describe());
            more += controlCell ? 1 : 0;
        }
        // X and X+C for X = base and all, C = null-control and slow-wake-control: 6 configurations x 2 cells
        assertEquals(12, more);
        assertEquals(10, m.rounds());
        assertEquals(m.cells.size() * 5 + more * 5, m.runs());
    }

    @Test
    void theSmokeProfileRunsItsForksEverywhere() throws UsageException
    {
        final Matrix m = Ablation.matrix(AblationCommand.parse(List.of("--smoke")));
        m.cells.forEach(c -> assertEquals(5, m.forks(c), c.describe()));
        assertEquals(5, m.rounds());
    }

    private static boolean isControlConfig(final Matrix m, final String impl)
    {
        return m.plan.controlComparisons().stream().anyMatch(k -> k.with().spec().equals(impl) ||
            k.without().spec().equals(impl));
    }
}
