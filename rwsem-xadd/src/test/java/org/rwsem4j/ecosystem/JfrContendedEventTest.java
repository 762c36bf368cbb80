package org.rwsem4j.ecosystem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import jdk.jfr.EventType;
import jdk.jfr.FlightRecorder;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rwsem4j.Rwsem;

/** A JFR recording of a contended run holds {@code org.rwsem4j.Contended} events, read back with jdk.jfr.consumer. */
class JfrContendedEventTest
{
    static final String EVENT = "org.rwsem4j.Contended";

    @TempDir
    Path dir;

    @Test
    void aContendedRunIsRecorded() throws Exception
    {
        final Rwsem lock = Rwsem.builder().variant("base").name("jfr-lock").stats(null).build();
        final Path jfr = dir.resolve("contended.jfr");
        try (Recording recording = new Recording())
        {
            recording.enable(EVENT).withThreshold(Duration.ZERO).withStackTrace();
            recording.start();

            // A busy writer holds the lock while two readers and two writers queue behind it.
            final Throwable[] failure = new Throwable[1];
            final List<Thread> waiters = new ArrayList<>();
            lock.writeLock().lock();
            try
            {
                for (int i = 0; i < 4; i++)
                {
                    final boolean writer = i % 2 == 0;
                    waiters.add(Threads.start("jfr-" + (writer ? "writer-" : "reader-") + i, Threads.catching(failure,
                        () ->
                        {
                            final java.util.concurrent.locks.Lock l = writer ? lock.writeLock() : lock.readLock();
                            l.lock();
                            l.unlock();
                        })));
                }
                assertTrue(Threads.await(() -> lock.getQueueLength() == 4), "queue: " + lock.getQueueLength());
                for (final Thread t : waiters)
                {
                    assertTrue(Threads.awaitParked(t), t + " did not park");
                }
            }
            finally
            {
                lock.writeLock().unlock();
            }
            for (final Thread t : waiters)
            {
                t.join(Threads.BOUND_SECONDS * 1000);
                assertFalse(t.isAlive(), t + " still waiting");
            }
            assertNull(failure[0]);
            recording.stop();
            recording.dump(jfr);
        }

        final List<RecordedEvent> events = RecordingFile.readAllEvents(jfr).stream()
            .filter(e -> e.getEventType().getName().equals(EVENT)).collect(Collectors.toList());
        assertTrue(events.size() >= 4, "expected one event per queued locker, got " + events);
        for (final RecordedEvent e : events)
        {
            assertEquals("base", e.getString("variant"), e.toString());
            assertEquals("jfr-lock", e.getString("lockName"), e.toString());
            assertTrue(e.getString("mode").equals("read") || e.getString("mode").equals("write"), e.toString());
            assertTrue(e.getBoolean("acquired"), e.toString());
            assertTrue(e.getThread().getJavaName().startsWith("jfr-"), e.toString());
            assertNotNull(e.getStackTrace(), e.toString());
            assertFalse(e.getDuration().isNegative(), e.toString());
            // spun and handedOff are present (their value depends on timing)
            e.getBoolean("spun");
            e.getBoolean("handedOff");
        }
        assertEquals(2, events.stream().filter(e -> e.getString("mode").equals("read") && e.getBoolean("slept"))
            .count(), "both queued readers slept: " + events);
        assertTrue(events.stream().filter(e -> e.getString("mode").equals("write") && e.getBoolean("slept"))
            .count() >= 2,
            "both queued writers slept: " + events);
    }

    @Test
    void theEventIsRegisteredLikeTheJdksOwnLockEvents() throws Exception
    {
        // Force class init of the event through a contended acquisition, then look it up in the recorder.
        final Rwsem lock = Rwsem.builder().variant("base").onHeap().build();
        lock.writeLock().lock();
        final Thread t = Threads.start("jfr-register", () ->
        {
            lock.readLock().lock();
            lock.readLock().unlock();
        });
        assertTrue(Threads.await(lock::hasQueuedThreads));
        lock.writeLock().unlock();
        t.join();
        final EventType type = FlightRecorder.getFlightRecorder().getEventTypes().stream()
            .filter(et -> et.getName().equals(EVENT)).findFirst()
            .orElseThrow(() -> new AssertionError(EVENT + " not registered"));
        // isEnabled() is the live state (false with no recording); the defaults a recording starts from:
        assertTrue(type.getSettingDescriptors().stream().anyMatch(s -> s.getName().equals("enabled") &&
            s.getDefaultValue().equals("true")), "enabled by default: " + type.getSettingDescriptors());
        assertTrue(type.getSettingDescriptors().stream().anyMatch(s -> s.getName().equals("threshold") &&
            s.getDefaultValue().equals("20 ms")), "20 ms threshold: " + type.getSettingDescriptors());
        assertTrue(type.getCategoryNames().contains("rwsem4j"), type.getCategoryNames().toString());
        for (final String field : new String[]{"mode", "variant", "lockName", "acquired", "spun", "slept", "handedOff"})
        {
            assertNotNull(type.getField(field), field);
        }
    }
}
