package org.rwsem4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Paths;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A program that makes and drops locks faster than the GC runs holds the slots of every lock dropped since the last
 * GC. With a direct-memory limit smaller than that, the JDK refuses a new chunk; the arena must then wait for the
 * groups that refusal's GC found dead instead of failing the lock's construction with an {@link OutOfMemoryError}. A
 * child JVM with a 16 MB limit builds 3,000,000 locks (384 MB of slots in all); without the wait it fails within the
 * first few hundred thousand.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class DirectMemoryLimitTest
{
    /** The child: builds and drops locks; exit status 0 and a "built" line, or the error. */
    public static final class MakeAndDrop
    {
        private MakeAndDrop()
        {
        }

        public static void main(final String[] args)
        {
            final int count = Integer.parseInt(args[0]);
            final Rwsem[] recent = new Rwsem[64];
            for (int i = 0; i < count; i++)
            {
                final Rwsem lock = Rwsem.of("base");
                lock.writeLock().lock();
                lock.writeLock().unlock();
                recent[i & (recent.length - 1)] = lock;
            }
            System.out.println("built " + count + " locks; last " + recent[(count - 1) & (recent.length - 1)]);
        }
    }

    @Test
    void aDirectMemoryLimitMakesBuildsWaitForDeadSlotsNotFail() throws IOException, InterruptedException
    {
        final String java = ProcessHandle.current().info().command()
            .orElse(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        final String cp = System.getProperty("java.class.path");
        assertTrue(cp.contains("test-classes"), "the test classpath is not visible to the child: " + cp);
        final List<String> cmd = List.of(java, "--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED",
            "-Xmx256m", "-XX:MaxDirectMemorySize=16m", "-cp", cp, MakeAndDrop.class.getName(), "3000000");
        final ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().remove("JDK_JAVA_OPTIONS");
        pb.environment().remove("JAVA_TOOL_OPTIONS");
        pb.environment().remove("_JAVA_OPTIONS");
        final Process p = pb.start();
        p.getOutputStream().close();
        final String out;
        try
        {
            if (!p.waitFor(150, TimeUnit.SECONDS))
            {
                fail("child JVM did not finish within 150 s: " + cmd);
            }
            out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        }
        finally
        {
            p.destroyForcibly();
        }
        System.out.println("[direct limit] " + out.trim());
        assertEquals(0, p.exitValue(), "a lock's construction failed under a direct-memory limit:\n" + out);
        assertTrue(out.startsWith("built 3000000 locks"), out);
    }
}
