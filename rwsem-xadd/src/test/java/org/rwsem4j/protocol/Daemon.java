package org.rwsem4j.protocol;

import static org.junit.jupiter.api.Assertions.fail;

import java.util.Arrays;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * A daemon thread running one task, for the deterministic scenario tests: its outcome is read with a bounded join,
 * and every wait here fails with a diagnostic instead of hanging. Nothing asserts on time.
 */
final class Daemon<T>
{
    static final long WAIT_SECONDS = 20;

    private final Thread thread;
    private final CompletableFuture<T> result = new CompletableFuture<>();

    private Daemon(final String name, final Callable<T> body)
    {
        thread = new Thread(() ->
        {
            try
            {
                result.complete(body.call());
            }
            catch (final Throwable t)
            {
                result.completeExceptionally(t);
            }
        }, name);
        thread.setDaemon(true);
    }

    static <T> Daemon<T> start(final String name, final Callable<T> body)
    {
        final Daemon<T> d = new Daemon<>(name, body);
        d.thread.start();
        return d;
    }

    Thread thread()
    {
        return thread;
    }

    String name()
    {
        return thread.getName();
    }

    /** The task's value; fails if it threw or did not finish in time. */
    T join()
    {
        try
        {
            return result.get(WAIT_SECONDS, TimeUnit.SECONDS);
        }
        catch (final TimeoutException ex)
        {
            return fail("did not finish within " + WAIT_SECONDS + " s: " + describe(thread));
        }
        catch (final ExecutionException ex)
        {
            return fail(thread.getName() + " failed", ex.getCause());
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            return fail("interrupted while joining " + thread.getName());
        }
    }

    /** The exception the task threw; fails if it returned or did not finish in time. */
    Throwable joinFailure()
    {
        try
        {
            final T value = result.get(WAIT_SECONDS, TimeUnit.SECONDS);
            return fail(thread.getName() + " returned " + value + " instead of throwing");
        }
        catch (final TimeoutException ex)
        {
            return fail("did not finish within " + WAIT_SECONDS + " s: " + describe(thread));
        }
        catch (final ExecutionException ex)
        {
            return ex.getCause();
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            return fail("interrupted while joining " + thread.getName());
        }
    }

    /** Polls {@code condition}; fails with {@code diagnostic} after {@link #WAIT_SECONDS}. */
    static void await(final String what, final BooleanSupplier condition, final Supplier<String> diagnostic)
    {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        while (!condition.getAsBoolean())
        {
            if (System.nanoTime() - deadline > 0)
            {
                fail("timed out after " + WAIT_SECONDS + " s waiting for " + what + "; " + diagnostic.get());
            }
            LockSupport.parkNanos(200_000);
        }
    }

    static String describe(final Thread t)
    {
        return t.getName() + " state=" + t.getState() + " at " + Arrays.stream(t.getStackTrace()).limit(8)
            .map(StackTraceElement::toString).collect(Collectors.joining(" < "));
    }
}
