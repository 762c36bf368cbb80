package org.rwsem4j.bench;

import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReadWriteLock;

/**
 * A {@link ReadWriteLock} made of two locks taken once: the same lock on both sides (the {@code mutex} peer), the
 * views of a {@code StampedLock.asReadWriteLock()} (the {@code stamped} peer), or any pair a test wraps.
 *
 * @param readLock  the read side
 * @param writeLock the write side
 */
record LockViews(Lock readLock, Lock writeLock) implements ReadWriteLock
{
}
