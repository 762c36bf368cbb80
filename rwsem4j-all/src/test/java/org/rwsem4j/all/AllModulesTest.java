package org.rwsem4j.all;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;
import org.rwsem4j.Rwsem;
import org.rwsem4j.Variant;

/**
 * What rwsem4j-all's dependencies put on the classpath is exactly what its active profiles name: every patch of every
 * module that is in, and (with {@code -P '!rwsem-trylock'} and the like) nothing of a module that is out, not even a
 * stale jar from the local repository. The expectation comes from the POM: each profile adds its patch names to the
 * system property {@code rwsem4j.all.expected}.
 */
class AllModulesTest
{
    private static final String RECOMMENDED =
        "handoff+handoff-on-readers+handoff-spin+reader-owned+reader-spin+reader-steal+spin-on-readers+wake-once";

    private static Set<String> expected()
    {
        final String names = System.getProperty("rwsem4j.all.expected");
        assertNotNull(names, "rwsem4j.all.expected is set by surefire from the POM's profiles");
        final Set<String> out = new TreeSet<>();
        Arrays.stream(names.split(",")).map(String::strip).filter(s -> !s.isEmpty()).forEach(out::add);
        return out;
    }

    @Test
    void theClasspathHasExactlyThePatchesOfTheActiveProfiles()
    {
        assertEquals(expected(), new TreeSet<>(Rwsem.availablePatches()));
    }

    @Test
    void recommendedIsTheFullSetOrFailsNamingWhatIsMissing()
    {
        final Set<String> recommended = Set.of(RECOMMENDED.split("\\+"));
        if (expected().containsAll(recommended))
        {
            assertEquals(RECOMMENDED, Rwsem.builder().variant("recommended").onHeap().build().variant());
        }
        else
        {
            final String message = assertThrows(IllegalArgumentException.class,
                () -> Rwsem.builder().variant("recommended").onHeap().build()).getMessage();
            final String missing = message.substring(message.indexOf("not on the classpath: "));
            for (final String p : recommended)
            {
                assertEquals(!expected().contains(p), missing.contains(p + " (") || missing.contains(p + ", "),
                    () -> p + ": " + message);
            }
            assertTrue(message.contains("or depend on org.rwsem4j:rwsem4j-all"), message);
        }
    }

    @Test
    void allIsEveryPatchOnTheClasspathButTheOptInOnes()
    {
        final Set<String> all = new TreeSet<>(expected());
        all.remove("wake-skip");
        all.remove("phase-fair");
        all.remove("handoff-on-readers");
        all.remove("reader-bias");
        // a patch whose requirement's module is left out (nonspinnable without rwsem-reader-spin) cannot be in all
        all.removeIf(p -> !expected().containsAll(Variant.requiresClosure(Set.of(p),
            n -> Variant.patch(n) == null ? null : Variant.patch(n).requires())));
        final String variant = Rwsem.builder().variant("all").onHeap().build().variant();
        assertEquals(all.isEmpty() ? "base" : String.join("+", all), variant);
    }
}
