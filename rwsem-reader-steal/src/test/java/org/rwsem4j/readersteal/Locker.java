package org.rwsem4j.readersteal;

import static org.junit.jupiter.api.Assertions.fail;

import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;

/** A daemon thread running one locking task; its end is awaited with a bounded join that fails with a diagnostic. */
final class Locker
{
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

    static Locker start(final String name, final Runnable body)
    {
        final Locker l = new Locker(name, body);
        l.thread.start();
        return l;
    }

    Thread thread()
    {
        return thread;
    }

    /** Waits for the task to end; fails if it threw or did not end within {@link Steps#WAIT_SECONDS}. */
    void join()
    {
        try
        {
            done.get(Steps.WAIT_SECONDS, TimeUnit.SECONDS);
        }
        catch (final TimeoutException ex)
        {
            fail(thread.getName() + " did not finish within " + Steps.WAIT_SECONDS + " s: " + thread.getState() +
                " at " + Arrays.stream(thread.getStackTrace()).limit(8).map(StackTraceElement::toString)
                .collect(Collectors.joining(" < ")));
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
}
