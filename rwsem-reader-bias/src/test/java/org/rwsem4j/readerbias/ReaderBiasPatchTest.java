package org.rwsem4j.readerbias;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;
import java.util.stream.LongStream;

import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.rwsem4j.LockEvent;
import org.rwsem4j.Rwsem;
import org.rwsem4j.RwsemState;
import org.rwsem4j.spi.LockWordBits;
import org.rwsem4j.testkit.Holder;
import org.rwsem4j.testkit.Locker;
import org.rwsem4j.testkit.ManyThreads;
import org.rwsem4j.testkit.BiasArming;
import org.rwsem4j.testkit.TestClock;

/**
 * The mechanism, scenario by scenario: each test fails if biased reads went through the count, if a writer did not
 * wait for the table, or if an entry could be cleared by a thread that did not fill it.
 */
@Timeout(120)
class ReaderBiasPatchTest
{
    static final String SPEC = "reader-bias";

    /** {@return a new lock of the patch, armed} ({@link BiasArming}: a new lock is not biased) */
    static Rwsem lock()
    {
        return BiasArming.armed(Rwsem.builder().variant(SPEC).onHeap().build());
    }

    /**
     * A reader thread that holds a biased read of {@code lock}. The table is shared by the whole JVM, and a test may
     * leave an entry taken on purpose, so a thread's entry may be taken: then it reads through the count, and another
     * thread tries.
     */
    static Holder biasedReader(final Rwsem lock) throws InterruptedException
    {
        for (int i = 0; i < 100; i++)
        {
            final Holder h = Holder.reader(lock, "r" + i);
            assertTrue(h.awaitIn());
            if (lock.state().biasedReaders() == 1)
            {
                return h;
            }
            h.release();
        }
        return fail("no reader thread found its entry free: " + lock.state());
    }

    /**
     * A lock of {@code builder} whose entry for the current thread is free, so that this thread's first read is biased
     * (see {@link #biasedReader}); the lock is returned unlocked.
     */
    static Rwsem biasedForMe(final Supplier<Rwsem> builder)
    {
        for (int i = 0; i < 100; i++)
        {
            final Rwsem lock = BiasArming.armed(builder.get());
            lock.readLock().lock();
            final boolean biased = lock.state().biasedReaders() == 1;
            lock.readLock().unlock();
            if (biased && lock.state().readBiased())
            {
                return lock;
            }
        }
        return fail("no lock whose entry for this thread is free");
    }

    /** The lock's tag in the table, which the API does not expose (0 for a lock without the patch). */
    static long tag(final Rwsem lock)
    {
        try
        {
            final Field f = Rwsem.class.getDeclaredField("engine");
            f.setAccessible(true);
            final Object engine = f.get(lock);
            Class<?> type = engine.getClass();
            while (!type.getSimpleName().equals("Engine"))
            {
                type = type.getSuperclass();
            }
            final Method m = type.getDeclaredMethod("biasTag");
            m.setAccessible(true);
            return (long)m.invoke(engine);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new AssertionError(ex);
        }
    }

    @Test
    void aBiasedReadLeavesTheCountAlone()
    {
        final Rwsem fresh = Rwsem.builder().variant(SPEC).onHeap().build();
        assertEquals(0, fresh.state().count(), "a new lock is not biased");
        fresh.readLock().lock();
        fresh.readLock().unlock();
        assertFalse(fresh.state().readBiased(), "one reader at a time arms nothing");
        assertEquals(LockWordBits.READ_BIASED, BiasArming.armed(fresh).state().count(), "two readers arm it");
        assertEquals(1, fresh.events().get(LockEvent.BIAS_ARM));
        final Rwsem lock = biasedForMe(() -> Rwsem.builder().variant(SPEC).build()); // off-heap word, the default
        lock.readLock().lock();
        final RwsemState held = lock.state();
        assertEquals(LockWordBits.READ_BIASED, held.count(), held::toString);
        assertEquals(0, held.readers());
        assertEquals(1, held.biasedReaders());
        assertEquals(1, lock.getReadLockCount(), "monitoring counts the biased reader");
        assertEquals(0, lock.events().get(LockEvent.RLOCK), "no read slow path");
        lock.readLock().unlock();
        assertEquals(0, lock.getReadLockCount());
        assertTrue(lock.state().isQuiescent(), lock.state()::toString);
    }

    @Test
    void aWriterRevokesAndWaitsForABiasedReader() throws InterruptedException
    {
        final Rwsem lock = lock();
        final Holder reader = biasedReader(lock);
        assertEquals(1, lock.state().biasedReaders());
        final AtomicBoolean acquired = new AtomicBoolean();
        final Locker writer = Locker.start("w", () ->
        {
            lock.writeLock().lock();
            acquired.set(true);
            lock.writeLock().unlock();
        });
        Locker.await(lock, "the writer to hold WRITER_LOCKED while it revokes", () -> lock.state().writerLocked());
        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(50));
        assertFalse(acquired.get(), "the writer returned while a biased reader held the lock");
        assertEquals(1, lock.state().biasedReaders());
        reader.release();
        writer.join();
        assertTrue(acquired.get());
        assertEquals(1, lock.events().get(LockEvent.BIAS_REVOKE), lock.events()::toString);
        assertTrue(lock.events().get(LockEvent.BIAS_REVOKE_NS) > 0, lock.events()::toString);
        assertFalse(lock.state().readBiased(), "the bias stays off after a revocation");
        assertTrue(lock.state().isQuiescent(), lock.state()::toString);
    }

    /** A revocation is a JFR event that carries its wait for the table and the inhibit window that follows it. */
    @Test
    void aRevocationIsRecordedWithItsWaitAndItsWindow(@TempDir final Path dir) throws Exception
    {
        final Rwsem lock = lock();
        final Path jfr = dir.resolve("revocation.jfr");
        try (Recording recording = new Recording())
        {
            recording.enable("org.rwsem4j.Contended").withThreshold(Duration.ZERO);
            recording.start();
            final Holder reader = biasedReader(lock);
            final Locker writer = Locker.start("w", () ->
            {
                lock.writeLock().lock();
                lock.writeLock().unlock();
            });
            Locker.await(lock, "the writer to revoke", () -> lock.state().writerLocked());
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5));
            reader.release();
            writer.join();
            recording.stop();
            recording.dump(jfr);
        }
        final List<RecordedEvent> revocations = RecordingFile.readAllEvents(jfr).stream()
            .filter(e -> e.getDuration("biasRevocationNanos").toNanos() > 0).toList();
        assertEquals(1, revocations.size(), revocations::toString);
        final RecordedEvent e = revocations.get(0);
        assertTrue(e.getDuration("biasRevocationNanos").toMillis() >= 1, e::toString); // 5 ms parked, less the race
        assertEquals(VisibleReaders.INHIBIT_FACTOR * e.getDuration("biasRevocationNanos").toNanos(),
            e.getDuration("biasInhibitNanos").toNanos(), e::toString);
        assertTrue(e.getBoolean("acquired"));
    }

    /**
     * A reader thread that holds a biased read of {@code lock} in the entry at {@code field} (its first entry, or its
     * next one if its first was taken), from as many reader threads as it takes.
     */
    static Holder readerAt(final Rwsem lock, final int field) throws InterruptedException
    {
        final long id = tag(lock);
        for (int i = 0; i < 100_000; i++)
        {
            final Holder h = Holder.reader(lock, "at-" + i);
            assertTrue(h.awaitIn());
            if (VisibleReaders.INSTANCE.holds(field, id, ThreadTag.of(h.thread())))
            {
                return h;
            }
            h.release();
        }
        return fail("no reader thread took entry " + field + ": " + lock.state());
    }

    /** {@return the lock field of the entry {@code holder} holds for {@code id}: its first entry, or the next} */
    static int fieldOf(final Holder holder, final long id)
    {
        final long thread = ThreadTag.of(holder.thread());
        final int first = VisibleReaders.INSTANCE.lockField(thread, id);
        return VisibleReaders.INSTANCE.holds(first, id, thread) ? first :
            VisibleReaders.INSTANCE.nextField(first);
    }

    /**
     * Whether the shared table's entry at {@code field} is held, or being taken over (by any lock: a test may leave one
     * held); a free entry's lock field is 0 or minus its owner's tag.
     */
    static boolean taken(final int field)
    {
        try
        {
            final Field f = VisibleReaders.class.getDeclaredField("table");
            f.setAccessible(true);
            final long lockField = ((long[])f.get(VisibleReaders.INSTANCE))[field];
            return lockField > 0 || lockField == VisibleReaders.SWITCHING;
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new AssertionError(ex);
        }
    }

    /**
     * Runs {@code body} in a thread whose first entry for {@code id} is at {@code field}, from as many threads as it
     * takes to find one (about one in the table's entries).
     */
    static void inAThreadWhoseFirstEntryIs(final long id, final int field, final Runnable body)
    {
        final AtomicBoolean found = new AtomicBoolean();
        for (int tries = 0; tries < 100_000 && !found.get(); tries++)
        {
            Locker.start("entry-" + field + "-" + tries, () ->
            {
                if (VisibleReaders.INSTANCE.lockField(ThreadTag.of(Thread.currentThread()), id) == field)
                {
                    found.set(true);
                    body.run();
                }
            }).join();
        }
        assertTrue(found.get(), "no thread's first entry was " + field);
    }

    @Test
    void aReaderWhoseEntryIsTakenTakesTheNext() throws Throwable
    {
        for (int attempt = 0; attempt < 100; attempt++) // until the owner's next entry is free
        {
            final Rwsem lock = lock();
            final long id = tag(lock);
            final Holder owner = biasedReader(lock);
            final int entry = fieldOf(owner, id);
            if (taken(VisibleReaders.INSTANCE.nextField(entry)))
            {
                owner.release();
                continue;
            }
            inAThreadWhoseFirstEntryIs(id, entry, () ->
            {
                lock.readLock().lock();
                assertEquals(2, lock.state().biasedReaders(), lock.state()::toString);
                assertEquals(LockWordBits.READ_BIASED, lock.state().count(), "the count is untouched");
                lock.readLock().unlock();
                assertEquals(1, lock.state().biasedReaders(), "its unlock found its entry");
            });
            assertEquals(0, lock.events().get(LockEvent.BIAS_FALLBACK), lock.events()::toString);
            owner.release();
            assertTrue(lock.state().isQuiescent(), lock.state()::toString);
            return;
        }
        fail("no owner's next entry was free");
    }

    @Test
    void aForeignUnlockWithACollidingEntryIsRefused() throws Throwable
    {
        final Rwsem lock = lock();
        final long id = tag(lock);
        final Holder owner = biasedReader(lock);
        final int entry = fieldOf(owner, id);
        final int next = VisibleReaders.INSTANCE.nextField(entry);
        final Holder neighbour = taken(next) ? null : readerAt(lock, next); // or another test left it taken
        // a thread whose entry for this lock is the owner's, and whose next one the neighbour's
        final AtomicReference<Throwable> unlock = new AtomicReference<>();
        inAThreadWhoseFirstEntryIs(id, entry, () ->
        {
            unlock.set(assertThrows(IllegalMonitorStateException.class, () -> lock.readLock().unlock()));
            lock.readLock().lock(); // its entries are taken: it reads through the count
            assertEquals(1, lock.state().readers());
            lock.readLock().unlock();
        });
        assertEquals(neighbour == null ? 1 : 2, lock.state().biasedReaders(), "the owner's entry survived the " +
            "foreign unlock");
        assertEquals(1, lock.events().get(LockEvent.BIAS_FALLBACK), lock.events()::toString);
        owner.release();
        if (neighbour != null)
        {
            neighbour.release();
        }
        assertTrue(lock.state().isQuiescent(), lock.state()::toString);
    }

    /**
     * A thread that held an entry and let it go keeps owning it (its tag stays in the thread field) until another
     * thread takes it over; once that one holds it, the old owner's read unlock is misuse and must find nothing: the
     * takeover writes the thread field before the lock field names the lock.
     */
    @Test
    void aPreviousOwnersUnlockIsRefusedOnceAnotherThreadTookItsEntryOver() throws Throwable
    {
        final Rwsem lock = lock();
        final long id = tag(lock);
        final long me = ThreadTag.of(Thread.currentThread());
        final int entry = VisibleReaders.INSTANCE.lockField(me, id);
        lock.readLock().lock();
        assertTrue(VisibleReaders.INSTANCE.holds(entry, id, me), "this thread's read took its first entry");
        lock.readLock().unlock();
        final CountDownLatch held = new CountDownLatch(1);
        final CountDownLatch done = new CountDownLatch(1);
        final AtomicLong taker = new AtomicLong();
        final Locker finder = Locker.start("finder", () -> inAThreadWhoseFirstEntryIs(id, entry, () ->
        {
            lock.readLock().lock();
            taker.set(ThreadTag.of(Thread.currentThread()));
            held.countDown();
            try
            {
                done.await();
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
            }
            lock.readLock().unlock();
        }));
        assertTrue(held.await(60, TimeUnit.SECONDS));
        assertTrue(VisibleReaders.INSTANCE.holds(entry, id, taker.get()), "the other thread took the entry over");
        assertThrows(IllegalMonitorStateException.class, () -> lock.readLock().unlock());
        assertTrue(VisibleReaders.INSTANCE.holds(entry, id, taker.get()), "the taker's entry survived the unlock");
        assertEquals(1, lock.state().biasedReaders(), lock.state()::toString);
        done.countDown();
        finder.join();
        assertTrue(lock.state().isQuiescent(), lock.state()::toString);
    }

    /** Tries that a re-arm past a window misses once in about 10^115 (one unlock in 16 reads the clock). */
    private static final int ARM_TRIES = 4096;

    @Test
    void theBiasComesBackAfterTheInhibitWindow() throws InterruptedException
    {
        final TestClock clock = TestClock.manual();
        final Rwsem lock = biasedForMe(() -> Rwsem.builder().variant(SPEC).onHeap().clock(clock).build());
        revokeWaiting(lock, clock, 10_000); // the revocation waits 10 us by the lock's clock: inhibited for 90 us

        assertEquals(1, armsWithin(lock, ARM_TRIES), "re-armed inside the inhibit window");
        clock.step(100_000);
        assertEquals(2, armsWithin(lock, ARM_TRIES), "not re-armed after the inhibit window");
        assertTrue(lock.state().readBiased());
        lock.readLock().lock();
        assertEquals(1, lock.state().biasedReaders(), "a read after the re-arm is biased");
        lock.readLock().unlock();
        assertTrue(lock.state().isQuiescent(), lock.state()::toString);
    }

    /**
     * A revocation whose first look finds no biased reader reads no clock (a write after a read on an armed lock pays
     * a look at the window and no more); the next unlock that would arm starts a window of a microsecond or two
     * instead, and the bias comes back after it.
     */
    @Test
    void aRevocationThatFindsNoReaderReadsNoClockAndTheNextArmStartsItsWindow()
    {
        final TestClock clock = TestClock.manual();
        final Rwsem lock = biasedForMe(() -> Rwsem.builder().variant(SPEC).onHeap().clock(clock).build());
        final long reads = clock.reads();
        lock.writeLock().lock();
        lock.writeLock().unlock();
        assertEquals(reads, clock.reads(), "the revocation read the clock");
        assertFalse(lock.state().readBiased());
        assertEquals(1, lock.events().get(LockEvent.BIAS_REVOKE), lock.events()::toString);
        assertEquals(0, lock.events().get(LockEvent.BIAS_REVOKE_NS), lock.events()::toString);

        final long beforeWindow = clock.reads();
        assertEquals(1, readTwiceUnlockOnce(lock), "re-armed by the unlock that starts the window");
        lock.readLock().unlock();
        assertEquals(beforeWindow + 1, clock.reads(), "the unlock that starts the window read the clock once");
        assertEquals(1, armsWithin(lock, ARM_TRIES), "re-armed inside the window");
        clock.step(10_000);
        assertEquals(2, armsWithin(lock, ARM_TRIES), "not re-armed after the window");
        assertTrue(lock.state().readBiased());
        assertTrue(lock.state().isQuiescent(), lock.state()::toString);
    }

    /** A writer revokes the bias of {@code lock} while a biased reader holds it {@code nanos} by the lock's clock. */
    private static void revokeWaiting(final Rwsem lock, final TestClock clock, final long nanos)
        throws InterruptedException
    {
        final Holder reader = biasedReader(lock);
        final long reads = clock.reads();
        final Locker writer = Locker.start("w", () ->
        {
            lock.writeLock().lock();
            lock.writeLock().unlock();
        });
        // the writer's first clock read starts its timed wait: a step before it would be no wait at all
        Locker.await(lock, "the writer to revoke", () -> lock.state().writerLocked() && clock.reads() > reads);
        clock.step(nanos);
        reader.release();
        writer.join();
        assertFalse(lock.state().readBiased());
    }

    /**
     * Up to {@code tries} times, two count reads by this thread and both unlocked, until one arms the bias (inside an
     * inhibit window, one unlock in {@code ARM_CHECK_PERIOD} reads the clock): {@return the arms counted so far}
     */
    private static long armsWithin(final Rwsem lock, final int tries)
    {
        final long before = lock.events().get(LockEvent.BIAS_ARM);
        for (int i = 0; i < tries && lock.events().get(LockEvent.BIAS_ARM) == before; i++)
        {
            readTwiceUnlockOnce(lock);
            lock.readLock().unlock();
        }
        return lock.events().get(LockEvent.BIAS_ARM);
    }

    /**
     * A window's clock reads: inside an inhibit window, few of these many unlocks that would arm read the clock (one in
     * {@code ARM_CHECK_PERIOD}, drawn; all of them did before the draw, which this test's negative control, the draw
     * removed, shows by failing).
     */
    @Test
    void insideAWindowFewUnlocksReadTheClock() throws InterruptedException
    {
        final TestClock clock = TestClock.manual();
        final Rwsem lock = biasedForMe(() -> Rwsem.builder().variant(SPEC).onHeap().clock(clock).build());
        revokeWaiting(lock, clock, 10_000);
        final long reads = clock.reads();
        assertEquals(1, armsWithin(lock, ARM_TRIES), "re-armed inside the inhibit window");
        final long read = clock.reads() - reads;
        assertTrue(read > 0 && read < ARM_TRIES / 4, read + " clock reads in " + ARM_TRIES + " unlocks that would arm");
        assertTrue(lock.state().isQuiescent(), lock.state()::toString);
    }

    /** Two count reads by this thread (the bias is off), one unlocked: {@return the arms counted so far} */
    private static long readTwiceUnlockOnce(final Rwsem lock)
    {
        lock.readLock().lock();
        lock.readLock().lock();
        assertEquals(2, lock.state().readers(), lock.state()::toString);
        lock.readLock().unlock();
        return lock.events().get(LockEvent.BIAS_ARM);
    }

    @Test
    void aWriteTryLockThatFindsABiasedReaderLetsGo() throws InterruptedException
    {
        final Rwsem lock = lock();
        final Holder reader = biasedReader(lock);
        assertFalse(lock.writeLock().tryLock());
        final RwsemState after = lock.state();
        assertFalse(after.writerLocked(), after::toString);
        assertTrue(after.readBiased(), "the bias stays for the next writer to revoke");
        assertEquals(1, after.biasedReaders());
        reader.release();
        assertTrue(lock.writeLock().tryLock());
        lock.writeLock().unlock();
        assertTrue(lock.state().isQuiescent(), lock.state()::toString);
    }

    @Test
    void aTimedWriteGivesUpAndAnInterruptedOneThrows() throws InterruptedException
    {
        final Rwsem lock = lock();
        final Holder reader = biasedReader(lock);
        assertFalse(lock.writeLock().tryLock(20, TimeUnit.MILLISECONDS));
        assertFalse(lock.state().writerLocked(), lock.state()::toString);
        final CompletableFuture<Throwable> thrown = new CompletableFuture<>();
        final Locker writer = Locker.start("w", () ->
        {
            try
            {
                lock.writeLock().lockInterruptibly();
                thrown.complete(null);
            }
            catch (final InterruptedException ex)
            {
                thrown.complete(ex);
            }
        });
        Locker.await(lock, "the writer to revoke", () -> lock.state().writerLocked());
        writer.thread().interrupt();
        writer.join();
        assertTrue(thrown.join() instanceof InterruptedException, "the interrupted revocation did not throw");
        final RwsemState after = lock.state();
        assertFalse(after.writerLocked(), after::toString);
        assertTrue(after.readBiased());
        reader.release();
        lock.writeLock().lock();
        lock.writeLock().unlock();
        assertTrue(lock.state().isQuiescent(), lock.state()::toString);
    }

    @Test
    void aThreadThatReadsThreeTimesHoldsItsTwoEntriesAndTheCount()
    {
        Rwsem lock = null;
        for (int i = 0; i < 100 && lock == null; i++) // the table is shared, and a test may leave an entry taken
        {
            final Rwsem candidate = biasedForMe(ReaderBiasPatchTest::lock);
            candidate.readLock().lock();
            candidate.readLock().lock();
            if (candidate.state().biasedReaders() == 2)
            {
                lock = candidate;
            }
            else
            {
                candidate.readLock().unlock();
                candidate.readLock().unlock();
            }
        }
        assertTrue(lock != null, "no lock left this thread's next entry free");
        lock.readLock().lock();
        assertEquals(2, lock.state().biasedReaders());
        assertEquals(1, lock.state().readers());
        assertEquals(3, lock.getReadLockCount());
        lock.readLock().unlock();
        lock.readLock().unlock();
        lock.readLock().unlock();
        assertThrows(IllegalMonitorStateException.class, lock.readLock()::unlock);
        assertTrue(lock.state().isQuiescent(), lock.state()::toString);
    }

    @Test
    void aBiasedReadLeftByADroppedLockDoesNotHoldANewLocksWriter()
    {
        final Locker leaver = Locker.start("leaver", () ->
            BiasArming.armed(Rwsem.builder().variant(SPEC).build()).readLock().lock());
        leaver.join();
        for (int i = 0; i < 3; i++)
        {
            System.gc();
        }
        final Rwsem fresh = BiasArming.armed(Rwsem.builder().variant(SPEC).build());
        final Locker writer = Locker.start("w", () ->
        {
            fresh.writeLock().lock();
            fresh.writeLock().unlock();
        });
        writer.join();
        assertEquals(1, fresh.events().get(LockEvent.BIAS_REVOKE), "the fresh lock's writer revoked");
    }

    /**
     * The negative control of {@link #aBiasedReadLeftByADroppedLockDoesNotHoldANewLocksWriter}, which passes by
     * construction while tags are never given twice: here the engine's tag counter is wound back so that a new lock
     * gets a dropped lock's tag, as a scheme that reuses names would give it (an address, an identity hash), and the
     * new lock's writer must then find the read left behind. So the test above would catch such a scheme.
     */
    @Test
    void aNewLockGivenADroppedLocksTagFindsTheReadLeftBehind() throws ReflectiveOperationException
    {
        final AtomicLong left = new AtomicLong();
        final Locker leaver = Locker.start("leaver", () ->
        {
            final Rwsem dropped = BiasArming.armed(Rwsem.builder().variant(SPEC).build());
            dropped.readLock().lock();
            assertEquals(1, dropped.state().biasedReaders(), "the leaver's read is biased");
            left.set(tag(dropped));
        });
        leaver.join();
        final Field field = Class.forName("org.rwsem4j.Engine").getDeclaredField("BIAS_TAGS");
        field.setAccessible(true);
        final AtomicLong tags = (AtomicLong)field.get(null);
        final long next = tags.get();
        tags.set(left.get() - 1);
        try
        {
            final Rwsem reused = BiasArming.armed(Rwsem.builder().variant(SPEC).build());
            assertEquals(left.get(), tag(reused), "the new lock was given the dropped lock's tag");
            assertFalse(reused.writeLock().tryLock(), "the read left behind names the new lock: its writer sees it");
            assertEquals(1, reused.state().biasedReaders());
        }
        finally
        {
            tags.accumulateAndGet(next, Math::max); // no later lock is given a tag twice
        }
    }

    @Test
    void aConditionsReacquisitionRevokes() throws InterruptedException
    {
        final Rwsem lock = BiasArming.armed(Rwsem.builder().variant(SPEC).onHeap().spinBudget(Duration.ofNanos(16))
            .build());
        final Condition never = lock.writeLock().newCondition();
        final AtomicBoolean back = new AtomicBoolean();
        final Locker waiter = Locker.start("w", () ->
        {
            lock.writeLock().lock(); // the first revocation: nobody to wait for
            try
            {
                never.awaitNanos(TimeUnit.SECONDS.toNanos(1));
                back.set(true);
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
            }
            finally
            {
                lock.writeLock().unlock();
            }
        });
        Locker.await(lock, "the waiter to release in await", () -> lock.events().get(LockEvent.BIAS_REVOKE) == 1 &&
            !lock.state().writerLocked());
        assertFalse(lock.state().readBiased(), "await's release cleared the revoked bias");
        BiasArming.armed(lock); // past the window that an untimed revocation leaves to the next arm
        final Holder reader = biasedReader(lock);
        assertEquals(1, lock.state().biasedReaders());
        Locker.await(lock, "the waiter's re-acquisition to revoke", () -> lock.state().writerLocked());
        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(50));
        assertFalse(back.get(), "await returned while a biased reader held the lock");
        reader.release();
        waiter.join();
        assertTrue(back.get());
        assertTrue(lock.events().get(LockEvent.BIAS_REVOKE) >= 1, lock.events()::toString);
    }

    /**
     * Ten thousand readers (virtual threads where the JDK has them) hold the read lock at once: at most one per entry
     * of the table is biased, every other one falls back to the count, and none fails; a writer then revokes.
     */
    @Test
    void tenThousandReadersFallBackToTheCountAndNoneFails() throws Throwable
    {
        final int readers = 10_000;
        final Rwsem lock = lock();
        final CountDownLatch inside = new CountDownLatch(readers);
        final CountDownLatch out = new CountDownLatch(1);
        final List<Thread> threads = new ArrayList<>(readers);
        for (int i = 0; i < readers; i++)
        {
            threads.add(ManyThreads.start(ManyThreads.heldRead(lock, inside, out), "r" + i));
        }
        assertTrue(inside.await(Locker.WAIT_SECONDS * 3, TimeUnit.SECONDS), () -> inside.getCount() + " not inside");
        final RwsemState all = lock.state();
        assertEquals(readers, all.readers() + all.biasedReaders(), all::toString);
        assertTrue(all.biasedReaders() <= VisibleReaders.WINDOW, all::toString);
        assertEquals(all.readers(), lock.events().get(LockEvent.BIAS_FALLBACK), lock.events()::toString);
        out.countDown();
        for (final Thread t : threads)
        {
            t.join(TimeUnit.SECONDS.toMillis(Locker.WAIT_SECONDS));
            assertFalse(t.isAlive(), t + " did not finish");
        }
        lock.writeLock().lock();
        lock.writeLock().unlock();
        assertEquals(1, lock.events().get(LockEvent.BIAS_REVOKE), lock.events()::toString);
        assertTrue(lock.state().isQuiescent(), lock.state()::toString);
    }

    @Test
    void aDowngradedWriterReadsThroughTheCount()
    {
        final Rwsem lock = lock();
        lock.writeLock().lock();
        assertTrue(lock.state().readBiased(), "the revocation leaves the bit to the release");
        lock.downgrade();
        assertEquals(1, lock.state().readers());
        assertEquals(0, lock.state().biasedReaders());
        assertFalse(lock.state().readBiased(), "the downgrade's add clears the revoked bias");
        lock.readLock().unlock();
        assertTrue(lock.state().isQuiescent(), lock.state()::toString);
    }

    /**
     * A lock's readers use only its window, so a revoking writer looks at the window alone: every thread's first entry
     * and next entry for one lock are in it, the next entries go round it, threads made one after another take
     * different entries, the locks spread over the windows, and a thread takes the same place in every window.
     */
    @Test
    void aLocksEntriesStayInItsWindow()
    {
        final VisibleReaders table = new VisibleReaders(64, 8);
        final int stride = VisibleReaders.STRIDE_BYTES / Long.BYTES;
        final long lock = 12_345;
        final int start = table.windowStart(lock);
        final Set<Integer> firsts = new HashSet<>();
        for (int t = 0; t < 200; t++)
        {
            final int first = table.lockField(ThreadTag.of(new Thread("t" + t)), lock);
            assertTrue(first >= start && first < start + 8 * stride, () -> first + " outside " + start);
            firsts.add(first);
            int field = first;
            for (int step = 1; step <= 8; step++)
            {
                field = table.nextField(field);
                assertTrue(field >= start && field < start + 8 * stride, field + " outside " + start);
                assertEquals(step == 8, field == first, "step " + step);
            }
        }
        assertEquals(8, firsts.size(), "threads use every entry of the window");
        final Set<Integer> pool = new HashSet<>();
        for (int t = 0; t < 8; t++)
        {
            pool.add(table.lockField(ThreadTag.of(new Thread("pool-" + t)), lock));
        }
        assertEquals(8, pool.size(), "eight threads made one after another share an entry");
        final Set<Integer> starts = new HashSet<>();
        final Set<Integer> places = new HashSet<>();
        final long reader = ThreadTag.of(new Thread("reader"));
        for (long other = 1; other <= 200; other++) // locks' tags are given one after another
        {
            final int otherStart = table.windowStart(other);
            starts.add(otherStart);
            places.add(table.lockField(reader, other) - otherStart);
        }
        assertEquals(8, starts.size(), "locks use every window");
        assertEquals(1, places.size(), "a thread's entry is at one place in every window (its own column of lines)");
    }

    /**
     * A lock's tag is its own: positive from the lock's making (before any arm), packed or padded, and another lock's
     * differs. A lock without the patch has none, packed or padded.
     */
    @Test
    void everyLockHasItsOwnTag()
    {
        final long a = tag(lock());
        final long b = tag(lock());
        final long fresh = tag(Rwsem.builder().variant(SPEC).onHeap().build());
        final long padded = tag(Rwsem.builder().variant(SPEC).onHeap().padded(true).build());
        assertTrue(a > 0 && b > 0 && fresh > 0 && padded > 0, a + ", " + b + ", " + fresh + ", " + padded);
        assertEquals(4, LongStream.of(a, b, fresh, padded).distinct().count(),
            a + ", " + b + ", " + fresh + ", " + padded);
        final Rwsem plain = Rwsem.builder().variant("base").onHeap().build();
        plain.writeLock().lock();
        plain.writeLock().unlock();
        assertEquals(0, tag(plain));
        assertEquals(0, tag(Rwsem.builder().variant("base").onHeap().padded(true).build()));
    }

    /** A padded lock (its engine keeps the tag in its first pad) reads through the table, and its writer revokes. */
    @Test
    void aPaddedLockReadsThroughTheTableAndItsWriterRevokes()
    {
        final Rwsem lock = biasedForMe(() -> Rwsem.builder().variant(SPEC).padded(true).build());
        lock.readLock().lock();
        assertEquals(0, lock.state().readers(), lock.state()::toString);
        assertEquals(1, lock.state().biasedReaders(), lock.state()::toString);
        assertFalse(lock.writeLock().tryLock(), "the biased read holds the lock against a writer");
        lock.readLock().unlock();
        lock.writeLock().lock();
        lock.writeLock().unlock();
        assertTrue(lock.events().get(LockEvent.BIAS_REVOKE) >= 1, lock.events()::toString);
        assertFalse(lock.state().readBiased(), lock.state()::toString);
        assertTrue(lock.state().isQuiescent(), lock.state()::toString);
    }

    /**
     * A thread whose class overrides {@link Thread#getId()} has no tag: it reads through the count (counted as a
     * fallback), and an unlock by it never looks at the table. Here the override answers with the id of a thread that
     * holds a biased read, which would let its unlock clear that entry if ids came from {@code getId()}.
     */
    @Test
    void aThreadWhoseClassOverridesGetIdReadsThroughTheCount() throws Throwable
    {
        final Rwsem lock = lock();
        final Holder owner = biasedReader(lock);
        final long ownerId = owner.thread().getId();
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final Thread impostor = new Thread(() ->
        {
            try
            {
                assertThrows(IllegalMonitorStateException.class, () -> lock.readLock().unlock());
                lock.readLock().lock();
                assertEquals(1, lock.state().readers(), lock.state()::toString);
                assertEquals(1, lock.state().biasedReaders(), "the owner's entry is untouched");
                lock.readLock().unlock();
            }
            catch (final Throwable t)
            {
                failure.set(t);
            }
        }, "impostor")
        {
            @Override
            @SuppressWarnings("deprecation")
            public long getId()
            {
                return ownerId;
            }
        };
        assertEquals(ThreadTag.NONE, ThreadTag.of(impostor));
        impostor.start();
        impostor.join();
        if (failure.get() != null)
        {
            throw failure.get();
        }
        assertEquals(1, lock.events().get(LockEvent.BIAS_FALLBACK), lock.events()::toString);
        owner.release();
        assertTrue(lock.state().isQuiescent(), lock.state()::toString);
    }

    @Test
    void theTableHasRoomForEveryCoreAndEntriesKeepApart()
    {
        assertTrue(VisibleReaders.WINDOW >= 4 * Runtime.getRuntime().availableProcessors());
        assertTrue(VisibleReaders.ENTRIES >= 4 * VisibleReaders.WINDOW);
        assertEquals(Integer.bitCount(VisibleReaders.ENTRIES), 1);
        assertEquals(Integer.bitCount(VisibleReaders.WINDOW), 1);
        assertEquals(64, VisibleReaders.entries(1));
        assertEquals(64, VisibleReaders.entries(4));
        assertEquals(128, VisibleReaders.entries(5));
        assertEquals(8, VisibleReaders.window(1));
        assertEquals(8, VisibleReaders.window(2));
        assertEquals(16, VisibleReaders.window(3));
        assertEquals(32, VisibleReaders.window(5));
    }
}
