package org.rwsem4j.bench;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;

/**
 * The JIT compiler threads' time, from the JVM's {@link CompilationMXBean}: the time all of them have spent compiling
 * since the JVM started, in ms. Read before and after a measured window, it says whether the window measured code that
 * was still being compiled (the compiler threads then also took CPU from the workers).
 */
final class JitClock
{
    /** {@code null} in a JVM without a JIT compiler. */
    private static final CompilationMXBean BEAN = ManagementFactory.getCompilationMXBean();

    private JitClock()
    {
    }

    /** @return the compiler threads' total time so far, ms, or -1 if the JVM does not keep it */
    static long millis()
    {
        return BEAN != null && BEAN.isCompilationTimeMonitoringSupported() ? BEAN.getTotalCompilationTime() : -1;
    }

    /**
     * @param before {@link #millis()} at the start of a span
     * @return the compiler threads' time since {@code before}, ms, or -1 if unknown
     */
    static long since(final long before)
    {
        final long now = millis();
        return before < 0 || now < 0 ? -1 : now - before;
    }
}
