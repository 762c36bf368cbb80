package org.rwsem4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A JVM without {@code --add-opens java.base/jdk.internal.misc=ALL-UNNAMED} gets an {@link IllegalStateException}
 * naming the flag on every off-heap attempt (not a {@code NoClassDefFoundError} the second time), and the on-heap
 * word works there. A child JVM with the flag is the control.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class MissingAddOpensTest
{
    private static final String FLAG = "--add-opens java.base/jdk.internal.misc=ALL-UNNAMED";

    private static List<String> runChild(final boolean withFlag) throws IOException, InterruptedException
    {
        final String java = ProcessHandle.current().info().command()
            .orElse(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        final String cp = System.getProperty("java.class.path");
        assertTrue(cp.contains("test-classes"), "the test classpath is not visible to the child: " + cp);
        final List<String> cmd = new ArrayList<>();
        cmd.add(java);
        if (withFlag)
        {
            cmd.add("--add-opens");
            cmd.add("java.base/jdk.internal.misc=ALL-UNNAMED");
        }
        cmd.add("-XX:TieredStopAtLevel=1");
        cmd.add("-cp");
        cmd.add(cp);
        cmd.add(NoAddOpensMain.class.getName());
        final ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        final Map<String, String> env = pb.environment();
        // Nothing may sneak the flag in.
        env.remove("JDK_JAVA_OPTIONS");
        env.remove("JAVA_TOOL_OPTIONS");
        env.remove("_JAVA_OPTIONS");
        final Process p = pb.start();
        p.getOutputStream().close();
        final byte[] out;
        try
        {
            if (!p.waitFor(60, TimeUnit.SECONDS))
            {
                fail("child JVM did not finish within 60 s: " + cmd);
            }
            out = p.getInputStream().readAllBytes();
        }
        finally
        {
            p.destroyForcibly();
        }
        final String text = new String(out, StandardCharsets.UTF_8);
        System.out.println("[child " + (withFlag ? "with" : "without") + " flag]\n" + text.trim());
        assertEquals(0, p.exitValue(), "child JVM failed:\n" + text);
        return List.of(text.split("\\R"));
    }

    private static String line(final List<String> lines, final String prefix)
    {
        return lines.stream().filter(l -> l.startsWith(prefix)).findFirst()
            .orElseGet(() -> fail("no line starting with '" + prefix + "' in child output: " + lines));
    }

    @Test
    void everyOffHeapAttemptNamesTheFlagAndOnHeapWorks() throws Exception
    {
        final List<String> jvmArgs = ManagementFactory.getRuntimeMXBean().getInputArguments();
        assertTrue(String.join(" ", jvmArgs).contains("jdk.internal.misc=ALL-UNNAMED"),
            "this test JVM should run with the flag (surefire argLine): " + jvmArgs);

        final List<String> lines = runChild(false);
        for (final String prefix : new String[] {"attempt 1: ", "attempt 2: "})
        {
            final String l = line(lines, prefix);
            assertTrue(l.startsWith(prefix + "java.lang.IllegalStateException: "), l);
            assertTrue(l.contains(FLAG), l);
            assertTrue(l.contains("onHeap()"), "the message should name the flag-free alternative: " + l);
        }
        final String onHeap = line(lines, "on-heap: ");
        assertEquals("on-heap: OK variant=base contendedGot=false rlock=1 quiescent=true", onHeap);
    }

    @Test
    void controlWithTheFlagTheOffHeapLockWorks() throws Exception
    {
        final List<String> lines = runChild(true);
        assertEquals("attempt 1: OK base", line(lines, "attempt 1: "));
        assertEquals("attempt 2: OK base", line(lines, "attempt 2: "));
        assertTrue(line(lines, "on-heap: ").startsWith("on-heap: OK"));
    }
}
