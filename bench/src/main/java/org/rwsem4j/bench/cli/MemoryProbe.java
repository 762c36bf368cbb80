package org.rwsem4j.bench.cli;

import java.lang.management.BufferPoolMXBean;
import java.lang.management.ManagementFactory;
import java.util.concurrent.locks.LockSupport;

/** The JVM's own memory figures: heap used after GC (MemoryMXBean) and direct memory in use (BufferPoolMXBean). */
final class MemoryProbe
{
    private static final int GCS = 4;

    private MemoryProbe()
    {
    }

    /** Heap used after {@value #GCS} {@code System.gc()} calls, the least seen (a GC may leave floating garbage). */
    static long heapUsedAfterGc()
    {
        long used = Long.MAX_VALUE;
        for (int i = 0; i < GCS; i++)
        {
            System.gc();
            LockSupport.parkNanos(10_000_000); // reference processing and the JDK's cleaners run meanwhile
            used = Math.min(used, ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
        }
        return used;
    }

    /** The "direct" buffer pool's memory in use (what {@code ByteBuffer.allocateDirect} holds); -1 if absent. */
    static long directUsed()
    {
        for (final BufferPoolMXBean pool : ManagementFactory.getPlatformMXBeans(BufferPoolMXBean.class))
        {
            if ("direct".equals(pool.getName()))
            {
                return pool.getMemoryUsed();
            }
        }
        return -1;
    }
}
