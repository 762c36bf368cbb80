package org.rwsem4j.phasefair;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.rwsem4j.LockEvent;
import org.rwsem4j.Rwsem;
import org.rwsem4j.RwsemState;
import org.rwsem4j.Variant;
import org.rwsem4j.testkit.Holder;
import org.rwsem4j.testkit.Locker;

/**
 * Deterministic phase changes: the test thread or {@link Holder}s hold the lock, waiters queue one by one (each seen
 * in the queue before the next starts), and the state read after each step is the engine's answer, since every
 * holder keeps its lock until it is let go. The same scenarios on the variant without {@code phase-fair} are the
 * controls: they must show the kernel's behaviour (no handoff before the timeout, a capped grant).
 */
@Timeout(120)
class PhaseFairPatchTest
{
    static final String REQUIRED = "reader-owned+reader-steal+handoff+wake-once+wake-all-readers";
    static final String PHASE_FAIR = REQUIRED + "+handoff-on-readers+phase-fair";

    @BeforeEach
    void needsTheRequiredModules()
    {
        Assumptions.assumeTrue(Variant.available().containsAll(Set.of("reader-owned", "reader-steal", "handoff",
            "wake-once", "wake-all-readers")), "a module phase-fair requires is not in this build");
    }

    /**
     * The lock of a scenario. The handoff timeout is a minute, far beyond any scenario, so that a control never sets
     * the handoff bit because its writer was descheduled past the 4 ms default (phase-fair's claims do not depend on
     * the timeout).
     */
    static Rwsem lock(final String spec)
    {
        return Rwsem.builder().variant(spec).onHeap().spinBudget(Duration.ofNanos(16))
            .handoffTimeout(Duration.ofMinutes(1)).build();
    }

    @Test
    void itRequiresWhatItRefinesAndIsOptIn()
    {
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> Rwsem.of("phase-fair"));
        assertTrue(ex.getMessage().startsWith("phase-fair requires "), ex::getMessage);
        assertEquals("handoff+handoff-on-readers+phase-fair+reader-owned+reader-steal+wake-all-readers+wake-once",
            lock(PHASE_FAIR).variant());
        assertFalse(Rwsem.of("all").variant().contains("phase-fair"), "phase-fair is opt-in: not in all");
    }

    /** A writer that finds readers in the lock sets HANDOFF at once; the kernel's handoff waits for its timeout. */
    @Test
    void aWriterBehindReadersClaimsTheNextPhaseAtOnce() throws InterruptedException
    {
        assertTrue(writerBehindAReader(PHASE_FAIR).handoff(), "phase-fair: the writer holds the handoff");
        assertFalse(writerBehindAReader(REQUIRED).handoff(), "control: the handoff timeout has not passed");
    }

    private static RwsemState writerBehindAReader(final String spec) throws InterruptedException
    {
        final Rwsem lock = lock(spec);
        final Holder r = Holder.reader(lock, "r");
        assertTrue(r.awaitIn());
        final Holder w = Holder.writer(lock, "w");
        Locker.awaitQueued(lock, 1);
        final RwsemState st = lock.state();
        assertFalse(lock.readLock().tryLock(), "a trylock must not join the phase a writer waits on");
        r.release();
        assertTrue(w.awaitIn());
        w.release();
        assertTrue(lock.state().isQuiescent(), lock.state()::toString);
        return st;
    }

    /**
     * The anti-barging rule in Peng Wang's shape: a reader holds, a writer queues behind it, the reader lets go and
     * at once asks again (as a loop of read sections does). With phase-fair the writer gets the lock first, every
     * time: HANDOFF reserves it from the moment the writer queued.
     */
    @Test
    void aReaderThatComesBackWaitsForTheQueuedWriter() throws InterruptedException
    {
        final Rwsem lock = lock(PHASE_FAIR);
        for (int round = 0; round < 20; round++)
        {
            lock.readLock().lock();
            final Holder w = Holder.writer(lock, "w" + round);
            Locker.awaitQueued(lock, 1);
            lock.readLock().unlock();
            final Locker again = Locker.start("r" + round, () ->
            {
                lock.readLock().lock();
                final boolean writerWasFirst = w.isIn();
                lock.readLock().unlock();
                assertTrue(writerWasFirst, "the returning reader got in before the queued writer");
            });
            Locker.awaitQueued(lock, 1); // the reader, behind the writer
            w.release();
            again.join();
            assertTrue(lock.state().isQuiescent(), lock.state()::toString);
        }
    }

    /**
     * The state reader stealing is for: a writer queued behind a writer (no handoff: between writers the timeout
     * still decides) is woken by the unlock, and the unlocking thread asks for a read lock before the writer has run.
     * {@code reader-steal} takes the free lock past the queued writer with the fast path's bias (the control: at
     * least once in the rounds); phase-fair never steals: the reader opens the next reader phase through the queue
     * (ahead of the writer, which holds no handoff: the writer phase before it has just ended), and is granted.
     */
    @Test
    void aReaderDoesNotStealPastAWokenWriter()
    {
        assertEquals(0, stealsPastAWokenWriter(lock(PHASE_FAIR)), "phase-fair: no steal past a queued writer");
        // The control runs without the platform adaptations: with them, the wake swaps WAITERS for WRITER_WAKING for
        // the woken writer (the engine's W7) and the reader's fast path starts a phase before any steal decision.
        assertTrue(stealsPastAWokenWriter(Rwsem.builder().variant(REQUIRED).onHeap().spinBudget(Duration.ofNanos(16))
            .handoffTimeout(Duration.ofMinutes(1)).platformAdaptations(false).build()) > 0,
            "control: reader-steal never stole in the rounds");
    }

    /**
     * The rounds in which the reader took the lock without queueing ({@link LockEvent#RLOCK_STEAL}) while the woken
     * writer had not yet run. A steal counted after the writer has been and gone (the reader's slow path found the
     * queue empty) passes nobody, and is not counted.
     */
    private static long stealsPastAWokenWriter(final Rwsem lock)
    {
        long steals = 0;
        for (int round = 0; round < 50; round++)
        {
            final AtomicBoolean writerRan = new AtomicBoolean();
            lock.writeLock().lock();
            final Locker w = Locker.start("w" + round, () ->
            {
                lock.writeLock().lock();
                writerRan.set(true);
                lock.writeLock().unlock();
            });
            Locker.awaitQueued(lock, 1);
            final long before = lock.events().get(LockEvent.RLOCK_STEAL);
            final long slowBefore = lock.events().get(LockEvent.RLOCK);
            lock.writeLock().unlock();
            lock.readLock().lock();
            final boolean writerStillWaiting = !writerRan.get();
            lock.readLock().unlock();
            if (writerStillWaiting && lock.events().get(LockEvent.RLOCK_STEAL) > before)
            {
                steals++;
            }
            if (writerStillWaiting && lock.events().get(LockEvent.RLOCK) == slowBefore)
            {
                steals++; // its fast path passed the queued writer: as much a steal as the counted one
            }
            w.join();
        }
        assertTrue(lock.state().isQuiescent(), lock.state()::toString);
        return steals;
    }

    /**
     * A writer that acquires at the end of a reader phase, with a reader queued behind it, keeps the handoff bit for
     * that reader: its unlock admits the reader before any other writer (without phase-fair the acquisition clears
     * the bit, as the kernel's does).
     */
    @Test
    void aWriterThatAcquiresLeavesTheHandoffToTheReaderBehindIt() throws InterruptedException
    {
        final Rwsem lock = lock(PHASE_FAIR);
        final Holder r0 = Holder.reader(lock, "r0");
        assertTrue(r0.awaitIn());
        final Holder w = Holder.writer(lock, "w");
        Locker.awaitQueued(lock, 1);
        final Holder r1 = Holder.reader(lock, "r1");
        Locker.awaitQueued(lock, 2);
        r0.release();
        assertTrue(w.awaitIn());
        final RwsemState st = lock.state();
        assertEquals(List.of("R:r1(handoff)"), st.waiters(), st::toString);
        assertTrue(st.handoff() && st.writerLocked(), st::toString);
        w.release();
        assertTrue(r1.awaitIn());
        r1.release();
        assertTrue(lock.state().isQuiescent(), lock.state()::toString);
    }

    /**
     * Phases alternate in a writer flood: a reader that arrives while a writer holds the lock joins the next reader
     * phase, ahead of the writer already queued (which would otherwise go first, and behind it every writer that
     * steals past it until its timeout); that writer holds the handoff once the readers are granted. Control: the
     * kernel's FIFO queue.
     */
    @Test
    void aReaderArrivingInAWriterPhaseGoesAheadOfQueuedWriters() throws InterruptedException
    {
        for (final String spec : List.of(PHASE_FAIR, REQUIRED))
        {
            final boolean phaseFair = spec.equals(PHASE_FAIR);
            final Rwsem lock = lock(spec);
            lock.writeLock().lock();
            final Holder w = Holder.writer(lock, "w");
            Locker.awaitQueued(lock, 1);
            final Holder r = Holder.reader(lock, "r");
            Locker.awaitQueued(lock, 2);
            assertEquals(phaseFair ? List.of("R:r(handoff)", "W:w") : List.of("W:w", "R:r"), lock.state().waiters(),
                () -> spec + ": " + lock.state());
            lock.writeLock().unlock();
            if (phaseFair)
            {
                assertTrue(r.awaitIn());
                assertEquals(List.of("W:w(handoff)"), lock.state().waiters(), lock.state()::toString);
                r.release();
                assertTrue(w.awaitIn());
            }
            else
            {
                assertTrue(w.awaitIn());
                w.release();
                assertTrue(r.awaitIn());
            }
            r.release();
            w.release();
            assertTrue(lock.state().isQuiescent(), () -> spec + ": " + lock.state());
        }
    }

    /** A reader queued at the head behind a writer owner sets HANDOFF at once: the writer's unlock admits it. */
    @Test
    void aReaderBehindAWriterClaimsTheNextPhaseAtOnce() throws InterruptedException
    {
        for (final String spec : List.of(PHASE_FAIR, REQUIRED))
        {
            final Rwsem lock = lock(spec);
            lock.writeLock().lock();
            final Holder r = Holder.reader(lock, "r");
            Locker.awaitQueued(lock, 1);
            assertEquals(spec.equals(PHASE_FAIR), lock.state().handoff(), () -> spec + ": " + lock.state());
            lock.writeLock().unlock();
            assertTrue(r.awaitIn());
            r.release();
            assertTrue(lock.state().isQuiescent(), lock.state()::toString);
        }
    }

    /**
     * A writer's unlock admits every reader queued at that moment as one phase, past a queued writer and past the
     * 256 a kernel wake grants; the writer left at the head holds the handoff, so a reader that comes later waits for
     * the next reader phase, after that writer.
     */
    @Test
    void oneWakeAdmitsEveryQueuedReaderAndTheNextWriterHoldsTheHandoff() throws InterruptedException
    {
        final int readers = 300;
        final Rwsem lock = lock(PHASE_FAIR);
        final List<Holder> holders = new ArrayList<>();
        final Holder w = queueReadersAndAWriter(lock, readers, holders);
        lock.writeLock().unlock(); // the wake runs here
        final RwsemState st = lock.state();
        assertEquals(readers, st.readers(), st::toString);
        assertEquals(List.of("W:w(handoff)"), st.waiters(), st::toString);
        assertTrue(st.handoff(), st::toString);
        assertEquals(readers, lock.events().get(LockEvent.WAKE_READER), lock.events()::toString);
        for (final Holder h : holders)
        {
            assertTrue(h.awaitIn(), "a granted reader was never woken: " + lock.state());
        }
        assertFalse(lock.readLock().tryLock(), "a later reader must not join the granted phase");
        final Holder late = Holder.reader(lock, "late");
        Locker.awaitQueued(lock, 2);
        holders.forEach(Holder::release);
        assertTrue(w.awaitIn());
        assertFalse(late.isIn(), "the late reader got in with the writer");
        w.release();
        assertTrue(late.awaitIn());
        late.release();
        assertTrue(lock.state().isQuiescent(), lock.state()::toString);
    }

    /**
     * The test thread takes the write lock; reader r0 queues, then writer w, then the other readers, each seen in the
     * queue before the next starts.
     *
     * @return w
     */
    private static Holder queueReadersAndAWriter(final Rwsem lock, final int readers, final List<Holder> holders)
    {
        lock.writeLock().lock();
        holders.add(Holder.reader(lock, "r0"));
        Locker.awaitQueued(lock, 1);
        final Holder w = Holder.writer(lock, "w");
        Locker.awaitQueued(lock, 2);
        for (int i = 1; i < readers; i++)
        {
            holders.add(Holder.reader(lock, "r" + i));
        }
        Locker.awaitQueued(lock, readers + 1);
        return w;
    }

    @Test
    void controlWakeAllReadersGrantsAtMost256AndClearsTheHandoff() throws InterruptedException
    {
        final int readers = 300;
        final Rwsem lock = lock(REQUIRED);
        final List<Holder> holders = new ArrayList<>();
        final Holder w = queueReadersAndAWriter(lock, readers, holders);
        lock.writeLock().unlock();
        final RwsemState st = lock.state();
        assertEquals(256, st.readers(), st::toString);
        assertFalse(st.handoff(), st::toString);
        holders.forEach(Holder::letGo);
        w.release();
        holders.forEach(Holder::join);
        assertTrue(lock.state().isQuiescent(), lock.state()::toString);
    }
}
