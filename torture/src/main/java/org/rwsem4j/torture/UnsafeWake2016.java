package org.rwsem4j.torture;

import java.util.concurrent.locks.LockSupport;

import org.rwsem4j.spi.DecisionPoint;
import org.rwsem4j.spi.Hooks;
import org.rwsem4j.spi.AbstractPatch;
import org.rwsem4j.spi.WakeBatch;
import org.rwsem4j.spi.Waiter;

/**
 * Negative control: the 2016 single-pass reader wake (kernel 70800c3c0cc5), in its unsafe order. One scan unlinks
 * each head reader and <em>publishes</em> its grant; only after the scan, and after a test-only delay, is the grant
 * added to the count. A queued reader that is awake in that window (its timed park ran out, it was interrupted, or
 * it had not parked yet) sees its grant, runs its critical section and unlocks while the count does not include it:
 * the count reaches 0 with readers inside, so a writer gets in (exclusion broken), or a later read unlock finds no
 * reader counted ({@link IllegalMonitorStateException}). Upstream fixed it with two passes (a9e9bcb45b15).
 *
 * <p>Test-only: never registered with {@link java.util.ServiceLoader}, so {@code Rwsem.of} cannot name it; the runner
 * installs it with {@code Rwsem.builder().patch(new UnsafeWake2016(delay))}.
 */
final class UnsafeWake2016 extends AbstractPatch
{
    static final String NAME = "unsafe-wake-2016";

    /** The delay between publish and add; long enough for an awake reader to run and unlock. */
    static final long DEFAULT_DELAY_NANOS = 200_000;

    private final long delayNanos;

    UnsafeWake2016(final long delayNanos)
    {
        super(NAME, "003 as merged in 2016 (70800c3c0cc5), unsafe; test-only negative control", "torture",
            DecisionPoint.READER_COLLECT);
        this.delayNanos = delayNanos;
    }

    @Override
    public void install(final Hooks hooks)
    {
        hooks.readerGrant(this::grantReaders);
    }

    /** One scan: unlink and publish each head reader, wait, then add the grant: publish before add. */
    private void grantReaders(final WakeBatch batch)
    {
        int readers = 0;
        Waiter w = batch.scanHead();
        while (w != null && w.isReader() && readers < batch.limit())
        {
            final Waiter next = batch.next(w);
            batch.unlink(w);
            batch.publish(w);
            readers++;
            w = next;
        }
        // The test-only window. Parking (not spinning) frees this CPU for the readers that are awake; the loop
        // covers early returns (a set interrupt flag makes park return at once, and must not be cleared here).
        final long deadline = System.nanoTime() + delayNanos;
        for (long left = delayNanos; left > 0; left = deadline - System.nanoTime())
        {
            LockSupport.parkNanos(left);
        }
        batch.addGrant(readers);
    }

    @Override
    public String toString()
    {
        return NAME + "(delay " + delayNanos / 1000 + " us)";
    }
}
