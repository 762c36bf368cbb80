package org.rwsem4j.torture;

import java.util.List;
import java.util.concurrent.locks.LockSupport;

/** Formats the workers for a watchdog report: phase, thread state, park blocker and stack. */
final class ThreadDump
{
    private static final int MAX_FRAMES = 16;

    private ThreadDump()
    {
    }

    static String of(final List<Worker> workers)
    {
        final StringBuilder sb = new StringBuilder();
        for (final Worker w : workers)
        {
            final Thread t = w.thread;
            sb.append("  ").append(w.name).append(w.writer ? " (writer)" : " (reader)")
                .append(" phase=").append(Phase.name(w.phase()))
                .append(" acquisitions=").append(w.acquisitions())
                .append(" state=").append(t.getState());
            final Object blocker = LockSupport.getBlocker(t);
            if (blocker != null)
            {
                sb.append(" blocker=").append(blocker);
            }
            sb.append('\n');
            final StackTraceElement[] stack = t.getStackTrace();
            for (int i = 0; i < stack.length && i < MAX_FRAMES; i++)
            {
                sb.append("      at ").append(stack[i]).append('\n');
            }
            if (stack.length > MAX_FRAMES)
            {
                sb.append("      ... ").append(stack.length - MAX_FRAMES).append(" more\n");
            }
        }
        return sb.toString();
    }

    static String stackOf(final Throwable t)
    {
        final java.io.StringWriter sw = new java.io.StringWriter();
        t.printStackTrace(new java.io.PrintWriter(sw));
        return sw.toString();
    }
}
