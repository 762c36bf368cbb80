/**
 * The optimistic spin queue (the kernel's {@code osq_lock}) that rwsem4j's engine spins behind.
 */
module org.rwsem4j.osq
{
    exports org.rwsem4j.osq;
}
