package org.rwsem4j.spi;

/**
 * A slow-path acquisition, queued or not: the kernel's {@code struct rwsem_waiter}. Opaque to patches, which pass it
 * back to {@link SlowPath} and {@link WakeBatch} unchanged; the engine implements it and accepts only its own.
 */
public interface Waiter
{
    /**
     * Whether this waiter wants the read lock.
     *
     * @return true for readers
     */
    boolean isReader();
}
