package org.rwsem4j.examples;

import java.util.concurrent.locks.ReadWriteLock;

import org.rwsem4j.Rwsem;

/**
 * Run by {@link ModulePathTest} in a child JVM whose module path holds the rwsem4j jars and Agrona: builds the
 * {@code recommended} lock (off-heap word, patches found through {@code ServiceLoader} from the engine module), takes
 * and releases it both ways, and prints the engine's module name, whether it is an automatic
 * module (it must not be: its module-info declares it) and the variant it got.
 */
public final class ModulePathProbe
{
    private ModulePathProbe()
    {
    }

    /**
     * @param args none
     */
    public static void main(final String[] args)
    {
        final Rwsem lock = Rwsem.of("recommended");
        final ReadWriteLock rw = lock;
        rw.writeLock().lock();
        rw.writeLock().unlock();
        rw.readLock().lock();
        rw.readLock().unlock();
        System.out.println("module=" + Rwsem.class.getModule().getName());
        System.out.println("automatic=" + Rwsem.class.getModule().getDescriptor().isAutomatic());
        System.out.println("variant=" + lock.variant());
    }
}
