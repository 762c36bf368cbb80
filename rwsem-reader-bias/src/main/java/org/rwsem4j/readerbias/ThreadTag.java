package org.rwsem4j.readerbias;

/**
 * A thread's number in the table of visible readers: its id ({@link Thread#getId()}), read only from threads whose
 * class leaves {@code getId()} as {@link Thread} defines it, so that the number is the JVM's own: positive, and never
 * that of another live thread. A thread whose class overrides {@code getId()} has no number ({@link #NONE}) and reads
 * through the count: two threads that answered with one number could clear each other's entries.
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
            catch (final NoSuchMethodException ex)
            {
                return false;
            }
        }
    };

    /** The last subclass of {@link Thread} found to keep {@code getId()}: spares the class lookup (a racy cache). */
    private static Class<?> lastOwnId = Thread.class;

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
        if (type == Thread.class || type == lastOwnId)
        {
            return thread.getId();
        }
        if (OWN_ID.get(type))
        {
            lastOwnId = type;
            return thread.getId();
        }
        return NONE;
    }
}
