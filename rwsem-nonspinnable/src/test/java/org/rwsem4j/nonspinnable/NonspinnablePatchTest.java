package org.rwsem4j.nonspinnable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.rwsem4j.LockEvent;
import org.rwsem4j.LockEvents;
import org.rwsem4j.Rwsem;
import org.rwsem4j.Variant;
import org.rwsem4j.testkit.Contention;

/**
 * nonspinnable against spin-on-readers alone, on the same steps ({@link SecondWriter}): with the patch, a writer whose
 * spin on readers ran out marks the lock and the next writer does not spin on it until a writer has taken the lock;
 * without it, every writer spins on the readers again. Skipped when the build leaves out reader-owned or
 * rwsem-reader-spin, which nonspinnable requires.
 */
class NonspinnablePatchTest
{
    static final String WITH = "reader-owned+spin-on-readers+nonspinnable";
    static final String WITHOUT = "reader-owned+spin-on-readers";

    @BeforeEach
    void needsSpinOnReaders()
    {
        Assumptions.assumeTrue(Variant.available().containsAll(List.of("reader-owned", "spin-on-readers")),
            "rwsem-reader-owned or rwsem-reader-spin is not in this build");
    }

    @Test
    void aWriterWhoseSpinOnReadersRanOutMarksTheLockAndTheNextWriterDoesNotSpin()
    {
        final SecondWriter s = SecondWriter.run(WITH);
        assertEquals(Scene.MARKED, s.ownerAfterFirstSpin());
        final LockEvents e = s.afterSecondWriter();
        assertEquals(1, e.get(LockEvent.SET_NONSPINNABLE), e::toString);
        assertEquals(1, e.get(LockEvent.SPIN_ON_READERS), () -> "w2 spun on the readers: " + e);
        assertEquals(1, e.get(LockEvent.SPIN_STOP_READER), e::toString);
        assertEquals(1, e.get(LockEvent.OPT_NOSPIN_NONSPINNABLE), () -> "w2 was not refused: " + e);
        assertEquals(1, e.get(LockEvent.OPT_NOSPIN), e::toString);
    }

    @Test
    void aReaderKeepsTheMarkAndSoDoesTheLastReaderLeavingWithNobodyQueued()
    {
        final SecondWriter s = SecondWriter.run(WITH);
        assertEquals(Scene.MARKED, s.ownerAfterFirstSpin(), "precondition: w1 marked the lock");
        assertEquals(Scene.MARKED, s.ownerWhileReading(), "a reader's store dropped the mark");
        assertEquals(Scene.MARKED, s.ownerOnFreeLock());
        assertTrue(s.quiescentMarked(), "a free lock with the mark is quiescent");
    }

    @Test
    void aWriterTakingTheLockClearsTheMarkAndTheNextWriterSpinsOnReadersAgain()
    {
        final SecondWriter s = SecondWriter.run(WITH);
        final LockEvents e = s.afterThirdWriter();
        assertEquals(2, e.get(LockEvent.SPIN_ON_READERS), () -> "w3 did not spin on the readers: " + e);
        assertEquals(2, e.get(LockEvent.SET_NONSPINNABLE), e::toString);
        assertEquals(1, e.get(LockEvent.OPT_NOSPIN_NONSPINNABLE), e::toString);
        assertTrue(s.quiescentAfter());
    }

    /** The negative control: spin-on-readers alone never marks, and every writer spins on the readers. */
    @Test
    void withoutThePatchTheNextWriterSpinsOnTheReadersAgain()
    {
        final SecondWriter s = SecondWriter.run(WITHOUT);
        assertEquals(Scene.READERS, s.ownerAfterFirstSpin());
        final LockEvents e = s.afterSecondWriter();
        assertEquals(2, e.get(LockEvent.SPIN_ON_READERS), () -> "w2 did not spin on the readers: " + e);
        assertEquals(2, e.get(LockEvent.SPIN_STOP_READER), e::toString);
        assertEquals(0, e.get(LockEvent.OPT_NOSPIN_NONSPINNABLE), e::toString);
        assertEquals(0, e.get(LockEvent.SET_NONSPINNABLE), e::toString);
        assertEquals(3, s.afterThirdWriter().get(LockEvent.SPIN_ON_READERS), s.afterThirdWriter()::toString);
    }

    @Test
    void needsSpinOnReadersAndIsInAll()
    {
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> Rwsem.of("reader-owned+nonspinnable"));
        assertEquals("nonspinnable requires spin-on-readers: add it to the spec", ex.getMessage());
        assertTrue(Rwsem.of("all").variant().contains("nonspinnable"), Rwsem.of("all").variant());
    }

    /** With reader-spin too: readers obey the mark as writers do, and a contended run ends quiescent. */
    @Test
    void contendedRunWithReaderSpinEndsQuiescent()
    {
        Assumptions.assumeTrue(Variant.available().contains("reader-spin"), "rwsem-reader-spin is not in this build");
        final Rwsem lock = Rwsem.of(WITH + "+reader-spin");
        assertTrue(Contention.run(lock, 6, 4, Duration.ofMillis(800), 20) > 0);
        assertTrue(lock.state().isQuiescent(), lock.state()::toString);
    }
}
