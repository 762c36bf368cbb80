package org.rwsem4j.slot;

import java.nio.ByteBuffer;

/**
 * Checks once whether Agrona 2.x can reach {@code jdk.internal.misc.Unsafe}, and turns the answer into an
 * {@link IllegalStateException} that names the flag, every time it is asked, instead of an
 * {@code IllegalAccessError} the first time and a {@code NoClassDefFoundError} after.
 */
public final class AgronaAccess
{
    /** The JVM flag Agrona 2.x needs on the class path. */
    public static final String FLAG = "--add-opens java.base/jdk.internal.misc=ALL-UNNAMED";

    private AgronaAccess()
    {
    }

    /**
     * Throws unless Agrona can reach its internal Unsafe. Public for the engine's other packages (the stats file);
     * not meant for applications.
     *
     * @throws IllegalStateException naming the missing JVM flag
     */
    public static void ensureAvailable()
    {
        final Throwable failure = Probe.FAILURE;
        if (failure != null)
        {
            throw new IllegalStateException(
                "rwsem4j's off-heap lock word uses Agrona 2.x, which needs the JVM flag " + FLAG +
                " (on the module path: --add-opens java.base/jdk.internal.misc=org.agrona). Add the flag, or build" +
                " the lock with an on-heap word: Rwsem.builder().onHeap()...", failure);
        }
    }

    /** {@return whether Agrona can reach its internal Unsafe (whether off-heap words work in this JVM)} */
    public static boolean available()
    {
        return Probe.FAILURE == null;
    }

    private static final class Probe
    {
        static final Throwable FAILURE = probe();

        private static Throwable probe()
        {
            try
            {
                final org.agrona.concurrent.UnsafeBuffer buffer =
                    new org.agrona.concurrent.UnsafeBuffer(ByteBuffer.allocateDirect(16));
                buffer.getAndAddLong(0, 1);
                return null;
            }
            catch (final LinkageError | RuntimeException ex)
            {
                return ex;
            }
        }
    }
}
