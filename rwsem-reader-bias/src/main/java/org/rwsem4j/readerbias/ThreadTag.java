package org.rwsem4j.readerbias;

/**
 * A thread's number in the table of visible readers: its id ({@link Thread#getId()}), read only from threads whose
 * class leaves {@code getId()} as {@link Thread} defines it, so that the number is the JVM's own: positive, and never
 * that of another live thread. (Java 17 lets the JVM reuse the id of a thread that has ended; HotSpot never does. Only
 * a read unlock by a thread that holds no read could then clear an entry that an ended thread left behind, a read
 * that nobody could unlock anyway.) A thread whose class overrides {@code getId()} has no number ({@link #NONE}) and
 * reads through the count: two threads that answered with one number could clear each other's entries.
 *
 * <p>The class check stores nothing: a plain {@link Thread} answers at once, any other class through a
 * {@link ClassValue} lookup (a few loads; no cache written on the read path, as a shared one would move between
 * cores).
 */
final class ThreadTag
{
    /** No number: the thread takes no entry. */
    static final long NONE = 0;

    /** Whether a class of thread leaves {@code getId()} as {@link Thread} defines it. */
    private static final ClassValue<Boolean> OWN_ID = new ClassValue<>()
    {
        @Override
        protected Boolean computeValue(final Class<?> type)
        {
            try
            {
                return type.getMethod("getId").getDeclaringClass() == Thread.class;
            }
            catch (final NoSuchMethodException | RuntimeException ex)
            {
                return false; // a security manager that hides the method: no number, the count instead
            }
        }
    };

    private ThreadTag()
    {
    }

    /**
     * @param thread a thread
     * @return its number, or {@link #NONE} if its class overrides {@code getId()}
     */
    static long of(final Thread thread)
    {
        final Class<?> type = thread.getClass();
        return type == Thread.class || OWN_ID.get(type) ? thread.getId() : NONE;
    }
}
