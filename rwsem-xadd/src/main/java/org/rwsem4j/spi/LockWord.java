package org.rwsem4j.spi;

/**
 * The lock word: one 64-bit cell with the layout of {@link LockWordBits}, behind the smallest interface the engine
 * needs. Two implementations ship: an off-heap Agrona slot (the default) and an on-heap {@code VarHandle} field
 * (which model checkers can see). A lock uses exactly one implementation, so in a JVM that loads one kind the calls
 * stay monomorphic.
 *
 * <p>Every method is a volatile (sequentially consistent) access: Java's volatile RMW is at least as strong as the
 * kernel's acquire/release pairs, so {@code getAndAdd} stands for both {@code atomic_long_add_return_acquire} and
 * {@code atomic_long_fetch_add_release}.
 */
public interface LockWord
{
    /**
     * Volatile load.
     *
     * @return the current value
     */
    long getVolatile();

    /**
     * Atomic fetch-and-add.
     *
     * @param delta the addend
     * @return the value before the add
     */
    long getAndAdd(long delta);

    /**
     * Atomic compare-and-exchange.
     *
     * @param expected the value the caller believes is there
     * @param update the value to store if it is
     * @return the witness value: equal to {@code expected} on success
     */
    long compareAndExchange(long expected, long update);

    /**
     * Plain store, for construction only: never call it on a word other threads can see.
     *
     * @param value the initial value
     */
    void initialise(long value);
}
