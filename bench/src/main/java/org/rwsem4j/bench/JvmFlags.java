package org.rwsem4j.bench;

import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

/** JVM flags every benchmark fork and child process needs, and the command line that starts such a child. */
public final class JvmFlags
{
    /**
     * Agrona 2.x reaches {@code jdk.internal.misc.Unsafe}; without this flag an off-heap lock word cannot be built.
     * A compile-time constant, so that {@code @Fork(jvmArgsAppend = JvmFlags.ADD_OPENS)} can name it.
     */
    public static final String ADD_OPENS = "--add-opens=java.base/jdk.internal.misc=ALL-UNNAMED";

    private JvmFlags()
    {
    }

    /**
     * The command line of a child JVM that runs one of this bench's commands: this JVM's {@code java}, the flags every
     * child needs ({@link #ADD_OPENS}), this JVM's class path and {@link BenchMain}.
     *
     * @param benchArgs the bench's command line in the child, e.g. {@code fairness rrwl 8 2 5000 10}
     * @return the command, mutable (callers may append)
     */
    public static List<String> childCommand(final List<String> benchArgs)
    {
        final String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
        final List<String> command = new ArrayList<>(List.of(java, ADD_OPENS, "-cp",
            System.getProperty("java.class.path"), BenchMain.class.getName()));
        command.addAll(benchArgs);
        return command;
    }
}
