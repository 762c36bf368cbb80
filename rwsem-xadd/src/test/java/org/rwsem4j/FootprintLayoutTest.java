package org.rwsem4j;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.ref.WeakReference;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Supplier;

import org.junit.jupiter.api.Test;
import org.openjdk.jol.info.ClassLayout;
import org.openjdk.jol.info.GraphLayout;
import org.openjdk.jol.vm.VM;

import org.rwsem4j.slot.OffHeapLockWord;
import org.rwsem4j.slot.SlotInternals;


/**
 * The heap targets, by object layout rather than by GC deltas: the objects one lock owns, part by part, found
 * as the difference between the object graphs of two locks and of one (what the two share, such as the policy, its
 * hooks or a thread, cancels out). Prints the per-part table bench/NOTEBOOK.md quotes, then checks the targets: a
 * fresh {@code of("base")} at most 200 B besides its 128 B off-heap slot, the on-heap lock at most 160 B, a
 * lock after its first contention at most 1.5 KB. Sizes assume the running JVM's layout (printed).
 *
 * <p>The graphs are taken on on-heap locks: from an off-heap lock a graph walk reaches its slot group, the chunk, the
 * arena and every chunk's direct buffer (and through the buffers' cleaners much of the JVM), which changes between two
 * walks. The off-heap lock is the same objects with {@link OffHeapLockWord} for {@code OnHeapLockWord}, plus its share
 * of the objects its slot group costs ({@code SlotGroup}, its {@code SlotTicket} and the arena's weak reference to
 * the current group, over {@link SlotInternals#GROUP_SLOTS} locks); {@code SlotFootprintTest} measures the same
 * figure as retained heap after GC.
 */
class FootprintLayoutTest
{
    private static final long FRESH_TARGET = 200;
    private static final long ON_HEAP_TARGET = 160;
    private static final long CONTENDED_TARGET = 1536;

    @Test
    void heapPerLockMeetsTheTargets() throws InterruptedException
    {
        System.out.println("[layout] " + VM.current().details().replace('\n', ' '));
        final long rrwl = report("ReentrantReadWriteLock", ReentrantReadWriteLock::new, false);
        final long onHeap = report("base, on-heap word", () -> onHeap(false), false);
        final long padded = report("base, on-heap word, padded(true)", () -> onHeap(true), false);
        final long onHeapContended = report("base, on-heap word, contended once", () -> onHeap(false), true);
        final long groupShare = (ClassLayout.parseClass(SlotInternals.SLOT_GROUP).instanceSize() +
            ClassLayout.parseClass(SlotInternals.SLOT_TICKET).instanceSize() +
            ClassLayout.parseClass(WeakReference.class).instanceSize() +
            SlotInternals.GROUP_SLOTS - 1) / SlotInternals.GROUP_SLOTS;
        final long wordDelta = ClassLayout.parseClass(OffHeapLockWord.class).instanceSize() -
            ClassLayout.parseClass(SlotInternals.ON_HEAP_WORD).instanceSize() + groupShare;
        final long fresh = onHeap + wordDelta;
        final long contended = onHeapContended + wordDelta;
        System.out.printf("[layout] off-heap word: %+d B against the on-heap word (%d B OffHeapLockWord, %d B share " +
            "of its slot group's objects), plus its 128 B slot%n", wordDelta, ClassLayout.parseClass(
            OffHeapLockWord.class).instanceSize(), groupShare);
        System.out.printf("[layout] summary: rrwl %d B; of(\"base\") %d B fresh, %d B contended once (+ 128 B " +
            "slot); on-heap %d B fresh, %d B contended once; padded on-heap %d B%n", rrwl, fresh, contended, onHeap,
            onHeapContended, padded);
        assertTrue(fresh <= FRESH_TARGET, "fresh of(\"base\"): " + fresh + " B > " + FRESH_TARGET);
        assertTrue(onHeap <= ON_HEAP_TARGET, "on-heap lock: " + onHeap + " B > " + ON_HEAP_TARGET);
        assertTrue(contended <= CONTENDED_TARGET, "contended once: " + contended + " B > " + CONTENDED_TARGET);
        assertTrue(onHeapContended > onHeap, "a contended lock keeps its contended state: " + onHeapContended);
    }

    private static Rwsem onHeap(final boolean padded)
    {
        return Rwsem.builder().variant("base").onHeap().padded(padded).build();
    }

    /** Prints the objects one lock owns, by class, and returns their total size. */
    private static long report(final String name, final Supplier<ReadWriteLock> maker, final boolean contend)
        throws InterruptedException
    {
        final ReadWriteLock a = maker.get();
        final ReadWriteLock b = maker.get();
        if (contend)
        {
            contendOnce(a);
            contendOnce(b);
        }
        final GraphLayout both = GraphLayout.parseInstance(a, b);
        final GraphLayout one = GraphLayout.parseInstance(a);
        final StringBuilder parts = new StringBuilder();
        long total = 0;
        final List<Class<?>> classes = both.getClasses().stream()
            .sorted(Comparator.comparing(Class::getName)).toList();
        for (final Class<?> c : classes)
        {
            final long bytes = both.getClassSizes().count(c) - one.getClassSizes().count(c);
            final long count = both.getClassCounts().count(c) - one.getClassCounts().count(c);
            if (count != 0)
            {
                parts.append(String.format("%n[layout]     %-52s %3d x %5d B", c.getName(), count, bytes / count));
                total += bytes;
            }
        }
        System.out.printf("[layout] %s: %d B per lock%s%n", name, total, parts);
        return total;
    }

    /** One timed read tryLock from another thread while this thread holds the write lock: a first contention. */
    private static void contendOnce(final ReadWriteLock lock) throws InterruptedException
    {
        lock.writeLock().lock();
        final Thread t = new Thread(() ->
        {
            try
            {
                if (lock.readLock().tryLock(1, TimeUnit.MICROSECONDS))
                {
                    lock.readLock().unlock();
                }
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
            }
        });
        t.start();
        t.join();
        lock.writeLock().unlock();
    }
}
