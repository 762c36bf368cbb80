package org.rwsem4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The virtual-thread spin bound as the engine asks for it: a virtual locker's spin budget is capped, a platform
 * locker's is not. The virtual cases run on JDK 21+ (CI's second JDK) and are skipped on 17.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class VirtualLockerTest
{
    @Test
    void platformThreadIsNotVirtual()
    {
        assertFalse(VirtualLocker.current());
    }

    @Test
    void virtualThreadIsSeen() throws Exception
    {
        final ExecutorService virtual = virtualExecutor();
        try
        {
            assertTrue(virtual.submit(VirtualLocker::current).get(30, TimeUnit.SECONDS));
        }
        finally
        {
            virtual.shutdown();
        }
    }

    @Test
    void platformLockerKeepsTheLocksBudget()
    {
        assertTrue(VirtualLocker.maySpin());
        assertEquals(20_000, VirtualLocker.spinBudget(20_000));
    }

    /** The default bound (short): a virtual locker may spin, for at most 2 us, and never longer than the lock says. */
    @Test
    void virtualLockerGetsTheShortBudget() throws Exception
    {
        assumeTrue(VirtualLocker.MODE == VirtualLocker.SHORT, "run with the default -Drwsem4j.virtualSpin");
        final ExecutorService virtual = virtualExecutor();
        try
        {
            assertEquals(true, virtual.submit(VirtualLocker::maySpin).get(30, TimeUnit.SECONDS));
            assertEquals(VirtualLocker.SHORT_BUDGET_NANOS,
                virtual.submit(() -> VirtualLocker.spinBudget(20_000)).get(30, TimeUnit.SECONDS));
            assertEquals(500L, virtual.submit(() -> VirtualLocker.spinBudget(500)).get(30, TimeUnit.SECONDS));
        }
        finally
        {
            virtual.shutdown();
        }
    }

    /** A virtual thread per task, by reflection (this module compiles for 17); skips the test on 17. */
    private static ExecutorService virtualExecutor() throws Exception
    {
        final MethodHandle factory;
        try
        {
            factory = MethodHandles.publicLookup().findStatic(Executors.class, "newVirtualThreadPerTaskExecutor",
                MethodType.methodType(ExecutorService.class));
        }
        catch (final NoSuchMethodException ex)
        {
            assumeTrue(false, "virtual threads need JDK 21+");
            throw new AssertionError(ex);
        }
        try
        {
            return (ExecutorService)factory.invokeExact();
        }
        catch (final Throwable ex)
        {
            throw new AssertionError("cannot make the virtual-thread executor", ex);
        }
    }
}
