package org.rwsem4j.bench;

/** JVM flags every benchmark fork and child process needs. */
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
}
