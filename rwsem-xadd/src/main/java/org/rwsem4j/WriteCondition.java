package org.rwsem4j;

import java.util.ArrayDeque;
import java.util.Date;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.LockSupport;

/**
 * A {@link Condition} of the write lock. Its wait queue is guarded by the write lock itself: only the write owner
 * adds (await), signals or removes (after re-acquiring), so it needs no lock of its own. An awaiting thread
 * releases the write lock fully, parks until signalled, interrupted or timed out, then re-acquires the write lock
 * before it returns or throws, as {@code AbstractQueuedSynchronizer.ConditionObject} does. A signal that races an
 * interrupt or a timeout wins if it came first: the waiter then returns normally (re-asserting the interrupt).
 */
final class WriteCondition implements Condition
{
    private final Engine engine;
    private final ArrayDeque<Node> waiters = new ArrayDeque<>();

    private static final class Node
    {
        final Thread thread = Thread.currentThread();
        volatile boolean signalled;
    }

    WriteCondition(final Engine engine)
    {
        this.engine = engine;
    }

    private void checkOwner(final String what)
    {
        if (!engine.isWriteLockedByCurrentThread())
        {
            throw new IllegalMonitorStateException(
                what + " by " + Thread.currentThread().getName() + ", which does not hold the write lock");
        }
    }

    /** Enqueue, release the write lock; the caller parks until its node is signalled. */
    private Node release()
    {
        checkOwner("Condition.await");
        final Node node = new Node();
        waiters.add(node);
        engine.upWrite();
        return node;
    }

    /** Re-acquire the write lock; returns whether the node was signalled (otherwise it leaves the queue). */
    private boolean reacquire(final Node node)
    {
        try
        {
            engine.downWrite(Engine.UNINTERRUPTIBLE, 0);
        }
        catch (final InterruptedException impossible)
        {
            throw new AssertionError(impossible);
        }
        if (node.signalled)
        {
            return true;
        }
        waiters.remove(node);
        return false;
    }

    @Override
    public void await() throws InterruptedException
    {
        if (Thread.interrupted())
        {
            throw new InterruptedException();
        }
        final Node node = release();
        boolean interrupted = false;
        while (!node.signalled)
        {
            LockSupport.park(engine);
            if (Thread.interrupted())
            {
                interrupted = true;
                break;
            }
        }
        finish(reacquire(node), interrupted);
    }

    private static void finish(final boolean signalled, final boolean interrupted) throws InterruptedException
    {
        if (interrupted)
        {
            if (!signalled)
            {
                throw new InterruptedException();
            }
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void awaitUninterruptibly()
    {
        final Node node = release();
        boolean interrupted = false;
        while (!node.signalled)
        {
            LockSupport.park(engine);
            interrupted |= Thread.interrupted();
        }
        reacquire(node);
        if (interrupted)
        {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public long awaitNanos(final long nanosTimeout) throws InterruptedException
    {
        if (Thread.interrupted())
        {
            throw new InterruptedException();
        }
        final long deadline = System.nanoTime() + nanosTimeout;
        final Node node = release();
        boolean interrupted = false;
        long remaining = nanosTimeout;
        while (!node.signalled && remaining > 0)
        {
            LockSupport.parkNanos(engine, remaining);
            if (Thread.interrupted())
            {
                interrupted = true;
                break;
            }
            remaining = deadline - System.nanoTime();
        }
        final boolean signalled = reacquire(node);
        finish(signalled, interrupted);
        final long left = deadline - System.nanoTime();
        return signalled ? Math.max(left, 1) : Math.min(left, 0);
    }

    @Override
    public boolean await(final long time, final TimeUnit unit) throws InterruptedException
    {
        return awaitNanos(unit.toNanos(time)) > 0;
    }

    @Override
    public boolean awaitUntil(final Date deadline) throws InterruptedException
    {
        return awaitNanos(TimeUnit.MILLISECONDS.toNanos(deadline.getTime() - System.currentTimeMillis())) > 0;
    }

    @Override
    public void signal()
    {
        checkOwner("Condition.signal");
        final Node node = waiters.poll();
        if (node != null)
        {
            node.signalled = true;
            LockSupport.unpark(node.thread);
        }
    }

    @Override
    public void signalAll()
    {
        checkOwner("Condition.signalAll");
        for (Node node = waiters.poll(); node != null; node = waiters.poll())
        {
            node.signalled = true;
            LockSupport.unpark(node.thread);
        }
    }

    Engine engine()
    {
        return engine;
    }

    boolean hasWaiters()
    {
        checkOwner("Condition.hasWaiters");
        return !waiters.isEmpty();
    }

    int waitQueueLength()
    {
        checkOwner("Condition.getWaitQueueLength");
        return waiters.size();
    }
}
