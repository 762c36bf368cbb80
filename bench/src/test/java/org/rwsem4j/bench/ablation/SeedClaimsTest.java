package org.rwsem4j.bench.ablation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class SeedClaimsTest
{
    private static final String NAME = "claims.json";
    private static final String GOOD = "{\"patch\": \"p\", \"seed\": \"004\", \"claim\": \"+27%\", \"bench\": " +
        "\"TRYLOCK\", \"params\": {\"load\": \"10\"}, \"threads\": [1, 8], \"sign\": 1}";

    private static List<SeedClaim> read(final String json)
    {
        return SeedClaims.read(new StringReader(json), NAME);
    }

    private static void assertMalformed(final String json, final String why)
    {
        final IllegalStateException e = assertThrows(IllegalStateException.class, () -> read(json));
        assertTrue(e.getMessage().startsWith("malformed " + NAME + ": "), e.getMessage());
        assertTrue(e.getMessage().contains(why), e.getMessage());
        assertEquals(1, e.getMessage().lines().count(), e.getMessage());
    }

    @Test
    void readsAClaim()
    {
        final SeedClaim c = read("[" + GOOD + "]").get(0);
        assertEquals(new SeedClaim("p", "004", "+27%", Bench.TRYLOCK, Map.of("load", "10"), List.of(1, 8), 1), c);
    }

    /** Every claim the jar ships names a benchmark that a specification runs, and a direction. */
    @Test
    void theShippedClaimsAreWellFormed()
    {
        final List<SeedClaim> all = SeedClaims.all();
        assertEquals(13, all.size());
        for (final SeedClaim c : all)
        {
            assertTrue(BenchSpecs.of(c.bench()).benches().contains(c.bench()), c.toString());
            assertTrue(!c.params().isEmpty() && !c.claim().isEmpty(), c.toString());
        }
    }

    @Test
    void aMalformedFileGetsOneLineNamingTheFileAndTheProblem()
    {
        assertMalformed("[" + GOOD, "End of input");
        assertMalformed("{}", "the top level is not an array");
        assertMalformed("[1]", "claim 1 is not an object");
        assertMalformed("[" + GOOD.replace("TRYLOCK", "TRYLOK") + "]", "claim 1: unknown bench 'TRYLOK'");
        assertMalformed("[" + GOOD + ", " + GOOD.replace("\"sign\": 1", "\"sign\": 0") + "]",
            "claim 2: sign must be 1 or -1");
        assertMalformed("[" + GOOD.replace("\"patch\": \"p\", ", "") + "]", "claim 1: 'patch' is missing");
        assertMalformed("[" + GOOD.replace("[1, 8]", "\"eight\"") + "]", "claim 1: Not a JSON Array");
    }
}
