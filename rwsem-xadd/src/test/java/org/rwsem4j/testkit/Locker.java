package org.rwsem4j.testkit;

import static org.junit.jupiter.api.Assertions.fail;

import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;

import org.rwsem4j.Rwsem;

/**
 * A daemon thread running one locking task; its end is awaited with a bounded join ({@link #WAIT_SECONDS}) that fails
 * with a diagnostic. Shared by the patch modules' scenario tests.
 */
public final class Locker
{
    /** How long {@link #join()} waits: far above any scheduling delay on a loaded machine. */
    public static final long WAIT_SECONDS = 20;

    private final Thread thread;
    private final CompletableFuture<Void> done = new CompletableFuture<>();

    private Locker(final String name, final Runnable body)
    {
        thread = new Thread(() ->
        {
            try
            {
                body.run();
                done.complete(null);
            }
            catch (final Throwable t)
            {
                done.completeExceptionally(t);
            }
        }, name);
        thread.setDaemon(true);
    }

    /**
     * Starts a daemon thread running {@code body}.
     *
     * @param name the thread's name
     * @param body the task
     * @return the running locker
     */
    public static Locker start(final String name, final Runnable body)
    {
        final Locker l = new Locker(name, body);
        l.thread.start();
        return l;
    }

    /** {@return the thread} */
    public Thread thread()
    {
        return thread;
    }

    /** Waits for the task to end; fails if it threw or did not end within {@link #WAIT_SECONDS}. */
    public void join()
    {
        try
        {
            done.get(WAIT_SECONDS, TimeUnit.SECONDS);
        }
        catch (final TimeoutException ex)
        {
            fail(thread.getName() + " did not finish within " + WAIT_SECONDS + " s: " +
                thread.getState() + " at " + Arrays.stream(thread.getStackTrace()).limit(8)
                .map(StackTraceElement::toString).collect(Collectors.joining(" < ")));
        }
        catch (final ExecutionException ex)
        {
            fail(thread.getName() + " failed", ex.getCause());
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            fail("interrupted while joining " + thread.getName());
        }
    }

    /**
     * Waits until exactly {@code queued} waiters are queued as the wait lock sees them ({@link
     * org.rwsem4j.RwsemState#waiters}). {@link Rwsem#getQueueLength} counts a waiter as soon as it is linked, before
     * the same hold of the wait lock sets the count's bits and makes its first try; a scenario that lets the lock go
     * on that count alone races the waiter's own entry (a returning reader's fast path passes a writer whose WAITERS
     * bit is not yet in the count). The racy count is read first, so the snapshot is taken only when it agrees.
     *
     * @param lock the lock the scenario runs on
     * @param queued how many waiters
     */
    public static void awaitQueued(final Rwsem lock, final int queued)
    {
        await(lock, queued + " queued", () -> lock.getQueueLength() == queued &&
            lock.state().waiters().size() == queued);
    }

    /**
     * Polls {@code condition} every 100 us until it holds; fails after {@link #WAIT_SECONDS} with the lock's state and
     * events.
     *
     * @param lock the lock the scenario runs on
     * @param what what is awaited, for the message
     * @param condition the condition
     */
    public static void await(final Rwsem lock, final String what, final BooleanSupplier condition)
    {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        while (!condition.getAsBoolean())
        {
            if (System.nanoTime() - deadline > 0)
            {
                fail("timed out after " + WAIT_SECONDS + " s waiting for " + what + "; " + lock.state() + "; " +
                    lock.events());
            }
            LockSupport.parkNanos(100_000);
        }
    }
}
