package org.rwsem4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The presets never change silently. This module's test classpath has no patch module, as a user with only
 * {@code osq} and {@code rwsem-xadd} has: {@code recommended} must fail as an explicit spec would, naming every
 * missing patch, its module and {@code rwsem4j-all}; {@code all} still builds ({@code base} here) and says once, at
 * INFO on the {@code org.rwsem4j} logger, what it became. The JDK's default {@link System.Logger} backend is
 * {@code java.util.logging}, so a handler on that logger sees the line.
 */
class PresetSurprisesTest
{
    private static final String RECOMMENDED_MESSAGE = "spec 'recommended' (reader-owned+spin-on-readers+reader-spin+" +
        "reader-steal+wake-once+handoff+handoff-spin+handoff-on-readers) needs patches that are not on the " +
        "classpath: reader-owned (module org.rwsem4j:rwsem-reader-owned); spin-on-readers, reader-spin (module " +
        "org.rwsem4j:rwsem-reader-spin); reader-steal (module org.rwsem4j:rwsem-reader-steal); wake-once (module " +
        "org.rwsem4j:rwsem-wake-once); " +
        "handoff, handoff-spin, handoff-on-readers (module org.rwsem4j:rwsem-handoff). Add those modules, or " +
        "depend on org.rwsem4j:rwsem4j-all";

    private static final String ALL_LINE = "rwsem4j: spec 'all' resolved to base (0 patches); left out: none; " +
        "not on the classpath: reader-owned (module org.rwsem4j:rwsem-reader-owned); wake-once (module " +
        "org.rwsem4j:rwsem-wake-once); trylock (module org.rwsem4j:rwsem-trylock); spin-on-readers, reader-spin, " +
        "writer-respin, wake-skip (module org.rwsem4j:rwsem-reader-spin); handoff, handoff-spin, " +
        "handoff-on-readers (module org.rwsem4j:rwsem-handoff); wake-all-readers (module " +
        "org.rwsem4j:rwsem-wake-all-readers); reader-steal (module org.rwsem4j:rwsem-reader-steal); nonspinnable " +
        "(module org.rwsem4j:rwsem-nonspinnable); phase-fair (module org.rwsem4j:rwsem-phase-fair); reader-bias " +
        "(module org.rwsem4j:rwsem-reader-bias)";

    /** Held strongly: java.util.logging keeps its loggers weakly, and a collected logger loses its handlers. */
    private final Logger logger = Logger.getLogger(PresetLog.LOGGER_NAME);
    private final List<LogRecord> records = new CopyOnWriteArrayList<>();
    private final Handler capture = new Handler()
    {
        @Override
        public void publish(final LogRecord record)
        {
            if (record.getMessage() != null && record.getMessage().startsWith("rwsem4j: spec "))
            {
                records.add(record);
            }
        }

        @Override
        public void flush()
        {
        }

        @Override
        public void close()
        {
        }
    };

    @BeforeEach
    void listen()
    {
        PresetLog.forget();
        logger.addHandler(capture);
    }

    @AfterEach
    void stopListening()
    {
        logger.removeHandler(capture);
    }

    @Test
    void recommendedFailsNamingEveryMissingPatchAndModule()
    {
        assertTrue(Rwsem.availablePatches().isEmpty(), "this test needs a classpath without patch modules");
        final IllegalArgumentException of = assertThrows(IllegalArgumentException.class,
            () -> Rwsem.of("recommended"), "recommended must not quietly become base");
        assertTrue(of.getMessage().startsWith(RECOMMENDED_MESSAGE), of::getMessage);
        final IllegalArgumentException built = assertThrows(IllegalArgumentException.class,
            () -> Rwsem.builder().variant(" Recommended ").onHeap().build());
        assertEquals(of.getMessage(), built.getMessage());
        assertEquals(of.getMessage(), assertThrows(IllegalArgumentException.class,
            () -> Variant.parse("recommended")).getMessage());
    }

    @Test
    void aPartialClasspathNamesOnlyWhatIsMissing()
    {
        final String message = Catalogue.missingRecommended(List.of("reader-spin", "reader-steal"));
        assertTrue(message.contains("not on the classpath: reader-spin (module org.rwsem4j:rwsem-reader-spin); " +
            "reader-steal (module org.rwsem4j:rwsem-reader-steal). Add those modules, or depend on " +
            "org.rwsem4j:rwsem4j-all"), message);
    }

    @Test
    void allSaysOnceWhatItBecame()
    {
        assertEquals("base", Rwsem.of("all").variant());
        assertEquals(1, records.size(), () -> "Rwsem.of(\"all\") logs: " + records);
        assertEquals(Level.INFO, records.get(0).getLevel());
        assertEquals(ALL_LINE, records.get(0).getMessage());
        assertEquals("base", Rwsem.builder().variant("all").onHeap().build().variant());
        assertEquals("base", Rwsem.of(" ALL ").variant());
        Rwsem.of("base");
        assertEquals(1, records.size(), () -> "once per resolved set, and only all announces itself: " + records);
        PresetLog.forget();
        assertEquals("base", Rwsem.builder().variant("all").onHeap().build().variant());
        assertEquals(2, records.size(), () -> "the builder logs too: " + records);
    }

    @Test
    void aThrowingLoggerDoesNotBreakConstruction()
    {
        final Handler throwing = new Handler()
        {
            @Override
            public void publish(final LogRecord record)
            {
                throw new IllegalStateException("a broken log handler");
            }

            @Override
            public void flush()
            {
            }

            @Override
            public void close()
            {
            }
        };
        logger.removeHandler(capture);
        logger.addHandler(throwing);
        try
        {
            assertEquals("base", Rwsem.of("all").variant());
            PresetLog.forget();
            assertEquals("base", Rwsem.builder().variant("all").build().variant());
        }
        finally
        {
            logger.removeHandler(throwing);
        }
    }
}
