package org.rwsem4j.osq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Deterministic walks through each path: uncontended join, give-up at the tail (step B moves the tail back),
 * give-up in the middle (step C relinks), handoff, and a throwing {@link GiveUp}. Threads are daemons and every
 * wait has a deadline, which only turns a hang into a failure; nothing asserts on time. Each walk runs on both
 * layouts, {@link Osq} and {@link CompactOsq}.
 */
class OsqBasicTest
{

    private static final long HANG_MILLIS = 20_000;

    /** Set at the end of each test so that a waiter left behind by a failure gives up. */
    private final AtomicBoolean cleanup = new AtomicBoolean();

    @AfterEach
    void releaseStragglers()
    {
        cleanup.set(true);
    }

    private static <T> CompletableFuture<T> spawn(final String name, final Supplier<T> body)
    {
        final CompletableFuture<T> f = new CompletableFuture<>();
        final Thread t = new Thread(() ->
        {
            try
            {
                f.complete(body.get());
            }
            catch (final Throwable e)
            {
                f.completeExceptionally(e);
            }
        }, name);
        t.setDaemon(true);
        t.start();
        return f;
    }

    private static <T> T await(final CompletableFuture<T> f) throws InterruptedException, ExecutionException
    {
        try
        {
            return f.get(HANG_MILLIS, TimeUnit.MILLISECONDS);
        }
        catch (final TimeoutException e)
        {
            throw new AssertionError("hung", e);
        }
    }

    private static void awaitTail(final AbstractOsq osq, final String name)
    {
        final long deadline = System.nanoTime() + HANG_MILLIS * 1_000_000L;
        while (!name.equals(osq.describeTail()))
        {
            if (System.nanoTime() > deadline)
            {
                fail("tail never became " + name + ", is " + osq.describeTail());
            }
            Thread.yield();
        }
    }

    private GiveUp when(final AtomicBoolean flag)
    {
        return () -> flag.get() || cleanup.get();
    }

    @ParameterizedTest
    @EnumSource(OsqKind.class)
    void uncontendedLockNeverPollsGiveUpAndUnlockEmpties(final OsqKind kind)
    {
        final AbstractOsq osq = kind.create();
        assertFalse(osq.isLocked());
        assertNull(osq.describeTail());
        final Node n = Osq.newNode();
        assertSame(Thread.currentThread(), n.owner);
        assertTrue(osq.lock(n, () -> fail("polled without a predecessor")));
        assertTrue(osq.isLocked());
        assertEquals(Thread.currentThread().getName(), osq.describeTail());
        osq.unlock(n);
        assertFalse(osq.isLocked());
        assertNull(osq.describeTail());
        assertTrue(osq.lock(Osq.newNode(), () -> fail("polled")), "free again");
    }

    @ParameterizedTest
    @EnumSource(OsqKind.class)
    void tailWaiterGivesUpAndTailReturnsToTheHead(final OsqKind kind) throws Exception
    {
        final AbstractOsq osq = kind.create();
        final Node head = Osq.newNode();
        assertTrue(osq.lock(head, () -> false));
        final int[] polls = {0};
        final boolean got = await(spawn("waiter", () -> osq.lock(Osq.newNode(), () -> ++polls[0] == 50)));
        assertFalse(got);
        assertEquals(50, polls[0]);
        assertEquals(Thread.currentThread().getName(), osq.describeTail(), "step B moved the tail back");
        assertNull(head.lvNext(), "step A detached the waiter");
        osq.unlock(head);
        assertFalse(osq.isLocked());
    }

    @ParameterizedTest
    @EnumSource(OsqKind.class)
    void unlockHandsOverToAWaiter(final OsqKind kind) throws Exception
    {
        final AbstractOsq osq = kind.create();
        final Node head = Osq.newNode();
        assertTrue(osq.lock(head, () -> false));
        final AtomicBoolean never = new AtomicBoolean();
        final Node[] theirs = new Node[1];
        final CompletableFuture<Boolean> w = spawn("waiter", () -> osq.lock(theirs[0] = Osq.newNode(), when(never)));
        awaitTail(osq, "waiter");
        osq.unlock(head);
        assertTrue(await(w), "handed over");
        assertTrue(theirs[0].laLocked());
        assertEquals("waiter", osq.describeTail());
        osq.unlock(theirs[0]);
        assertFalse(osq.isLocked());
    }

    @ParameterizedTest
    @EnumSource(OsqKind.class)
    void middleWaiterGivesUpAndItsSuccessorGetsTheHandoff(final OsqKind kind) throws Exception
    {
        final AbstractOsq osq = kind.create();
        final Node head = Osq.newNode();
        assertTrue(osq.lock(head, () -> false));
        final AtomicBoolean leave = new AtomicBoolean();
        final AtomicBoolean never = new AtomicBoolean();
        final Node[] last = new Node[1];
        final CompletableFuture<Boolean> middle = spawn("middle", () -> osq.lock(Osq.newNode(), when(leave)));
        awaitTail(osq, "middle");
        final CompletableFuture<Boolean> tail = spawn("last", () -> osq.lock(last[0] = Osq.newNode(), when(never)));
        awaitTail(osq, "last");

        leave.set(true);
        assertFalse(await(middle), "middle gave up");
        assertEquals("last", osq.describeTail());
        assertSame(head, last[0].lvPrev(), "step C: last.prev = head");
        assertSame(last[0], head.lvNext(), "step C: head.next = last");
        assertFalse(tail.isDone());

        osq.unlock(head);
        assertTrue(await(tail), "handed over past the departed middle node");
        osq.unlock(last[0]);
        assertFalse(osq.isLocked());
    }

    @ParameterizedTest
    @EnumSource(OsqKind.class)
    void throwingGiveUpUnqueuesBeforePropagating(final OsqKind kind) throws Exception
    {
        final AbstractOsq osq = kind.create();
        final Node head = Osq.newNode();
        assertTrue(osq.lock(head, () -> false));
        final int[] polls = {0};
        final CompletableFuture<Boolean> w = spawn("thrower", () -> osq.lock(Osq.newNode(), () ->
        {
            if (++polls[0] == 3)
            {
                throw new IllegalStateException("boom");
            }
            return false;
        }));
        final ExecutionException e = assertThrows(ExecutionException.class, () -> await(w));
        assertTrue(e.getCause() instanceof IllegalStateException, e::toString);
        assertEquals(Thread.currentThread().getName(), osq.describeTail(), "unqueued before rethrowing");
        assertNull(head.lvNext());
        osq.unlock(head);
        assertFalse(osq.isLocked());
    }
}
