package org.rwsem4j.all;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.rwsem4j.Variant;

/**
 * The README's snippets agree with the catalogue, so they cannot drift: every {@code Rwsem.of("...")} in a
 * {@code java} block resolves, and the "minimal form" {@code xml} block lists exactly the engine and the modules of
 * {@code recommended}'s patches (patch to module, as the patches say), as does the spec named in the sentence before
 * it. This module has every patch module on its classpath; a build without one ({@code -P '!<module>'}) skips, since
 * the README describes the full set.
 */
class ReadmeSnippetsTest
{
    private static final Path README = Path.of("..", "README.md");
    private static final Pattern OF = Pattern.compile("Rwsem\\.of\\(\"([^\"]*)\"\\)");
    private static final Pattern ARTIFACT = Pattern.compile("<artifactId>([^<]+)</artifactId>");
    private static final Pattern SPEC = Pattern.compile("`([a-z-]+(?:\\+[a-z-]+)+)`");

    private static List<String> readme() throws IOException
    {
        return Files.readAllLines(README, StandardCharsets.UTF_8);
    }

    /** The lines of each fenced block of the given language, in order. */
    private static List<List<String>> blocks(final List<String> lines, final String language)
    {
        final List<List<String>> out = new ArrayList<>();
        List<String> current = null;
        for (final String line : lines)
        {
            if (current == null && line.strip().equals("```" + language))
            {
                current = new ArrayList<>();
            }
            else if (current != null && line.strip().equals("```"))
            {
                out.add(current);
                current = null;
            }
            else if (current != null)
            {
                current.add(line);
            }
        }
        return out;
    }

    /** Resolves a spec; a module left out of this build skips the test with the library's reason. */
    private static Variant resolve(final String spec)
    {
        try
        {
            return Variant.parse(spec);
        }
        catch (final IllegalArgumentException e)
        {
            assumeFalse(e.getMessage().contains("not on the classpath"), () -> "a patch module is left out of this " +
                "build (-P '!<module>'), the README describes the full set: " + e.getMessage());
            throw e;
        }
    }

    @Test
    void everyRwsemOfInAJavaBlockResolves() throws IOException
    {
        final List<String> specs = new ArrayList<>();
        for (final List<String> block : blocks(readme(), "java"))
        {
            for (final String line : block)
            {
                final Matcher m = OF.matcher(line);
                while (m.find())
                {
                    specs.add(m.group(1));
                }
            }
        }
        assertFalse(specs.isEmpty(), "no Rwsem.of(\"...\") in the README's java blocks");
        for (final String spec : specs)
        {
            try
            {
                resolve(spec);
            }
            catch (final IllegalArgumentException e)
            {
                fail("README: Rwsem.of(\"" + spec + "\") does not resolve: " + e.getMessage());
            }
        }
    }

    @Test
    void theMinimalFormListsExactlyRecommendedsModules() throws IOException
    {
        final Variant recommended = resolve("recommended");
        final Set<String> expected = new TreeSet<>(Set.of("rwsem-xadd"));
        recommended.patchNames().forEach(n -> expected.add(Variant.patch(n).module()));
        final List<String> lines = readme();
        int at = -1;
        for (int i = 0; i < lines.size() && at < 0; i++)
        {
            if (lines.get(i).toLowerCase(Locale.ROOT).contains("minimal form"))
            {
                at = i;
            }
        }
        assertTrue(at >= 0, "the README has no \"minimal form\" paragraph");
        final StringBuilder sentence = new StringBuilder();
        int i = at;
        while (!lines.get(i).strip().equals("```xml"))
        {
            sentence.append(lines.get(i++)).append(' ');
            assertTrue(i < lines.size(), "no xml block after the \"minimal form\" paragraph");
        }
        assertTrue(sentence.toString().contains("`recommended`"), () -> "the sentence before the minimal form's " +
            "block must name the spec it is for: " + sentence);
        final Matcher spec = SPEC.matcher(sentence);
        while (spec.find())
        {
            assertEquals(new TreeSet<>(recommended.patchNames()), new TreeSet<>(List.of(spec.group(1).split("\\+"))),
                "the spec the minimal form's sentence spells out");
        }
        final Set<String> listed = new TreeSet<>();
        for (final String line : blocks(lines.subList(i, lines.size()), "xml").get(0))
        {
            final Matcher m = ARTIFACT.matcher(line);
            while (m.find())
            {
                listed.add(m.group(1));
            }
        }
        assertEquals(expected, listed, "the minimal form's dependencies: the engine and recommended's modules");
    }
}
