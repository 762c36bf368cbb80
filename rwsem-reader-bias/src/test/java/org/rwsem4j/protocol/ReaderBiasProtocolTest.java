package org.rwsem4j.protocol;

import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.rwsem4j.Variant;
import org.rwsem4j.readerbias.ModelTable;
import org.rwsem4j.testkit.BiasArming;

/**
 * Reader bias's Dekker pattern, model-checked by Lincheck over the on-heap word, with the engine's reader-grant harness
 * ({@link ReaderGrantProtocolTest}, from rwsem-xadd's test jar: same package): two readers of an armed lock (each
 * claims its entry of the table and re-reads the word) against a writer that takes the lock with trylock and so looks
 * at the table once (a biased reader makes it let go, and it tries again). Checked in every explored interleaving
 * ({@link Occupancy}): no reader is inside with a writer, the count and the table together never hold fewer readers
 * than are inside, every read unlock succeeds, and the lock ends quiescent.
 *
 * <p>The table is the patch's own class with four entries ({@link ModelTable}): Lincheck takes a scan of 64 for a spin
 * loop. Seeded bug: a revocation that does not look at the table (the torture's negative control
 * {@code blind-revocation} in model form). Lincheck must report a reader inside with the writer.
 */
@Timeout(300)
// The subjects' constructors are public (checkstyle calls that redundant): Lincheck constructs them reflectively.
@SuppressWarnings("checkstyle:RedundantModifier")
class ReaderBiasProtocolTest
{
    /** A table the model checker can scan: four entries (two readers meet in one in about a quarter of the runs). */
    static final int TABLE_ENTRIES = 4;

    public static final class Biased extends ReaderGrantProtocolTest.Subject
    {
        public Biased()
        {
            super("reader-bias", 0, null, new ModelTable(TABLE_ENTRIES, false));
            BiasArming.armed(lock);
        }
    }

    public static final class Blind extends ReaderGrantProtocolTest.Subject
    {
        public Blind()
        {
            super("reader-bias", 0, null, new ModelTable(TABLE_ENTRIES, true));
            BiasArming.armed(lock);
        }
    }

    @BeforeEach
    void needsTheModule()
    {
        Assumptions.assumeTrue(Variant.available().contains("reader-bias"), "reader-bias is not in the build");
    }

    private static ModelCheckingOptions options(final Class<?> subject)
    {
        return Schedules.modelChecking(Schedules.parallel(subject, Schedules.thread("write"), Schedules.thread("read"),
            Schedules.thread("read")), Schedules.invocations(1000))
            .sequentialSpecification(ReaderGrantProtocolTest.Spec.class);
    }

    @Test
    void biasedReadersAndARevokingWriterExcludeEachOther()
    {
        Schedules.timed("reader bias: claim and re-read against revoke", () -> options(Biased.class)
            .check(Biased.class));
    }

    @Test
    void lincheckFindsARevocationBlindToTheTable()
    {
        Schedules.expectLincheckFailure("a revocation blind to the table",
            () -> options(Blind.class).minimizeFailedScenario(false).check(Blind.class),
            Schedules.INVALID_RESULTS, Schedules.VALIDATION_FAILED);
    }
}
