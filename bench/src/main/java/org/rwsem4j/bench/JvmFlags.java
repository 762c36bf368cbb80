package org.rwsem4j.bench;

import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/** JVM flags every benchmark fork and child process needs, and the command line that starts such a child. */
public final class JvmFlags
{
    /**
     * Agrona 2.x reaches {@code jdk.internal.misc.Unsafe}; without this flag an off-heap lock word cannot be built.
     * A compile-time constant, so that {@code @Fork(jvmArgsAppend = JvmFlags.ADD_OPENS)} can name it.
     */
    public static final String ADD_OPENS = "--add-opens=java.base/jdk.internal.misc=ALL-UNNAMED";

    private static final String LOCK_PROPERTY_PREFIX = "rwsem4j.";
    /** Properties of this project's test harnesses (scale, golden files, expected modules): not the lock's switches. */
    private static final List<String> HARNESS_PREFIXES = List.of("rwsem4j.test.", "rwsem4j.golden.", "rwsem4j.all.");

    private JvmFlags()
    {
    }

    /**
     * This JVM's {@code rwsem4j.*} system properties as {@code -D} flags, sorted, except the test harnesses'
     * ({@code rwsem4j.test.*}, {@code rwsem4j.golden.*}, {@code rwsem4j.all.*}): the lock's switches (for example
     * {@code -Drwsem4j.w7=off}) given to the bench reach every JMH fork and child JVM, and reports name them
     * ({@link org.rwsem4j.bench.report.MachineInfo}), so a run never measures other settings than it says.
     *
     * @return the flags, possibly empty
     */
    public static List<String> lockProperties()
    {
        final List<String> flags = new ArrayList<>();
        for (final String name : new TreeSet<>(System.getProperties().stringPropertyNames()))
        {
            if (name.startsWith(LOCK_PROPERTY_PREFIX) && HARNESS_PREFIXES.stream().noneMatch(name::startsWith))
            {
                flags.add("-D" + name + "=" + System.getProperty(name));
            }
        }
        return flags;
    }

    /**
     * The flags of a JMH fork started by this bench: {@link #ADD_OPENS} and {@link #lockProperties()}. JMH's
     * {@code jvmArgsAppend} option replaces the annotation's, so it names both.
     *
     * @return the flags
     */
    public static String[] forkFlags()
    {
        final List<String> flags = new ArrayList<>(List.of(ADD_OPENS));
        flags.addAll(lockProperties());
        return flags.toArray(new String[0]);
    }

    /**
     * The command line of a child JVM that runs one of this bench's commands: this JVM's {@code java}, the flags every
     * child needs ({@link #ADD_OPENS}), this JVM's lock switches ({@link #lockProperties()}), its class path and
     * {@link BenchMain}.
     *
     * @param benchArgs the bench's command line in the child, e.g. {@code fairness rrwl 8 2 5000 10}
     * @return the command, mutable (callers may append)
     */
    public static List<String> childCommand(final List<String> benchArgs)
    {
        final String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
        final List<String> command = new ArrayList<>(List.of(java, ADD_OPENS));
        command.addAll(lockProperties());
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), BenchMain.class.getName()));
        command.addAll(benchArgs);
        return command;
    }
}
