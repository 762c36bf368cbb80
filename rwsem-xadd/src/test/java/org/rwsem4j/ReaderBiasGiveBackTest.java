package org.rwsem4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rwsem4j.TestSupport.assertQuiescent;
import static org.rwsem4j.TestSupport.assertUsableByAnotherThread;

import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.rwsem4j.TestSupport.Worker;
import org.rwsem4j.testkit.TestClock;

/**
 * The read fast path adds its bias before the slow path runs code that can throw (allocations, and the
 * lock's clock, which the builder takes from the user). A throw there must give the bias back. Otherwise the count
 * keeps a reader that nobody holds, and every writer waits for it forever. Through the public API only: a clock that
 * throws once, on the reader's thread; the injected-fault matrix (torture's FaultInjectionTest) covers the rest.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ReaderBiasGiveBackTest
{
    @Test
    void aReaderWhoseSlowPathThrowsGivesItsBiasBack() throws InterruptedException
    {
        final TestClock clock = TestClock.system();
        final Rwsem lock = Rwsem.builder().onHeap().clock(clock).build();
        lock.writeLock().lock(); // the reader's fast path adds its bias, sees the writer, and takes the slow path
        final Worker<Void> reader = Worker.start("reader", () ->
        {
            clock.failAt(1, Set.of(Thread.currentThread()));
            lock.readLock().lock();
            lock.readLock().unlock();
            return null;
        });
        final Throwable thrown = reader.joinFailure();
        assertInstanceOf(TestClock.ClockFault.class, thrown, "the reader's lock() passes the clock's error on");
        lock.writeLock().unlock();

        // a writer from another thread: with a leaked bias it would wait forever (here: 10 s)
        final Worker<Boolean> writer = Worker.start("writer", () ->
        {
            final boolean got = lock.writeLock().tryLock(10, TimeUnit.SECONDS);
            if (got)
            {
                lock.writeLock().unlock();
            }
            return got;
        });
        final boolean writerGotIn = writer.join();
        final RwsemState st = lock.state();
        assertEquals(0, st.readers(), () -> "leaked reader bias: " + st + "; a writer " +
            (writerGotIn ? "still got in" : "waited 10 s and gave up"));
        assertTrue(writerGotIn, () -> "a writer could not get in within 10 s: " + st);
        assertQuiescent(lock);
        assertUsableByAnotherThread(lock);
    }
}
