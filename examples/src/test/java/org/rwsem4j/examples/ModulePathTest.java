package org.rwsem4j.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

/**
 * The engine as a named module ({@code org.rwsem4j}, with {@code org.rwsem4j.osq}), Agrona as the automatic module
 * {@code org.agrona} and the patch jars as automatic modules, all on the module path of a child JVM, as a modular
 * application would have them. The flag then names Agrona's module; the class-path form of it is not enough there,
 * and the child must say which flag is missing.
 */
class ModulePathTest
{
    @Test
    void recommendedRunsOnTheModulePath() throws Exception
    {
        final Result r = runProbe("--add-opens=java.base/jdk.internal.misc=org.agrona");
        assertEquals(0, r.exit, r.output);
        assertTrue(r.output.lines().anyMatch("module=org.rwsem4j"::equals), r.output);
        assertTrue(r.output.contains("automatic=false"), "the engine has its own module-info: " + r.output);
        assertTrue(r.output.contains("variant=" + LruCacheDemoTest.RECOMMENDED), r.output);
    }

    @Test
    void theClassPathFormOfTheFlagIsNotEnoughThereAndTheErrorNamesTheFlag() throws Exception
    {
        final Result r = runProbe("--add-opens=java.base/jdk.internal.misc=ALL-UNNAMED");
        assertNotEquals(0, r.exit, r.output);
        assertTrue(r.output.contains("--add-opens java.base/jdk.internal.misc="), r.output);
    }

    private static Result runProbe(final String opens) throws IOException, InterruptedException
    {
        final List<String> modules = new ArrayList<>();
        final List<String> classes = new ArrayList<>();
        for (final String entry : System.getProperty("java.class.path").split(File.pathSeparator))
        {
            final String unix = entry.replace('\\', '/');
            final boolean moduleJar = unix.endsWith(".jar") &&
                (unix.contains("/org/rwsem4j/") || unix.contains("/org/agrona/"));
            (moduleJar ? modules : classes).add(entry);
        }
        assertTrue(modules.stream().anyMatch(m -> m.contains("rwsem-xadd")), "no engine jar on " + modules);
        final Path java = Paths.get(System.getProperty("java.home"), "bin", "java");
        final List<String> command = new ArrayList<>(Arrays.asList(java.toString(), opens,
            "--module-path", String.join(File.pathSeparator, modules), "--add-modules", "ALL-MODULE-PATH",
            "-cp", String.join(File.pathSeparator, classes), ModulePathProbe.class.getName()));
        final Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        final String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        final int exit = p.waitFor();
        return new Result(exit, String.join(" ", command).lines().collect(Collectors.joining()) + "\n" + out);
    }

    private record Result(int exit, String output)
    {
    }
}
