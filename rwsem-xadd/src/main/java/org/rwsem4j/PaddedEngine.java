package org.rwsem4j;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

import org.rwsem4j.slot.SlotSource;
import org.rwsem4j.stats.StatsFile;

/**
 * The padded engine ({@link RwsemBuilder#padded}): the owner word alone between two 128-byte pads (JCTools' padding
 * chain, in this one file), after the engine's own fields, so a writer's store to it never dirties the line other
 * lockers read the engine's final fields from, nor a neighbouring object's. It costs 272 bytes per lock; the bench's
 * {@code PackedLocksBenchmark} measures what it buys. A lock with a reader bias keeps its tag in the first pad, beside
 * the engine's fields, so it is the same size with the patch or without.
 */
final class PaddedEngine extends PaddedEngineL2Pad
{
    private static final VarHandle OWNER;

    static
    {
        try
        {
            OWNER = MethodHandles.lookup().findVarHandle(PaddedEngineOwner.class, "owner", Object.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    PaddedEngine(final Variant variant, final Choices choices, final SlotSource slots, final String name,
        final StatsFile stats, final boolean publishWord)
    {
        super(variant, choices, slots, name, stats, publishWord);
    }

    @Override
    long biasTag()
    {
        return tag;
    }

    @Override
    Object lvOwner()
    {
        return OWNER.getVolatile(this);
    }

    @Override
    Object loOwner()
    {
        return OWNER.getOpaque(this);
    }

    @Override
    void soOwner(final Object value)
    {
        OWNER.setRelease(this, value);
    }

    @Override
    boolean casOwner(final Object expected, final Object update)
    {
        return OWNER.compareAndSet(this, expected, update);
    }
}

/** Leading padding: 128 bytes between the engine's fields and the owner word, 8 of them near its start a lock's tag. */
@SuppressWarnings("unused")
abstract class PaddedEngineL1Pad extends Engine
{
    /**
     * The lock's tag with a reader bias, else 0 ({@link Engine#biasTag}): given when the lock is made and never
     * changed, so it may sit beside the engine's fields, which the read path reads too, and a line and more from the
     * owner word (the field layout puts it in the first bytes of this pad; ArmedFootprintTest checks the distance).
     */
    final long tag;
    byte p000, p001, p002, p003, p004, p005, p006, p007, p008, p009, p010, p011, p012, p013, p014, p015;
    byte p016, p017, p018, p019, p020, p021, p022, p023, p024, p025, p026, p027, p028, p029, p030, p031;
    byte p032, p033, p034, p035, p036, p037, p038, p039, p040, p041, p042, p043, p044, p045, p046, p047;
    byte p048, p049, p050, p051, p052, p053, p054, p055, p056, p057, p058, p059, p060, p061, p062, p063;
    byte p064, p065, p066, p067, p068, p069, p070, p071, p072, p073, p074, p075, p076, p077, p078, p079;
    byte p080, p081, p082, p083, p084, p085, p086, p087, p088, p089, p090, p091, p092, p093, p094, p095;
    byte p096, p097, p098, p099, p100, p101, p102, p103, p104, p105, p106, p107, p108, p109, p110, p111;
    byte p112, p113, p114, p115, p116, p117, p118, p119;

    PaddedEngineL1Pad(final Variant variant, final Choices choices, final SlotSource slots, final String name,
        final StatsFile stats, final boolean publishWord)
    {
        super(variant, choices, slots, name, stats, publishWord);
        this.tag = choices.readerBias() != BaseChoices.NO_READER_BIAS ? nextBiasTag() : 0;
    }
}

/** The owner word: null, the writing {@link Thread}, or a reader-owned marker. */
abstract class PaddedEngineOwner extends PaddedEngineL1Pad
{
    @SuppressWarnings("unused") // through PaddedEngine's OWNER
    volatile Object owner;

    PaddedEngineOwner(final Variant variant, final Choices choices, final SlotSource slots, final String name,
        final StatsFile stats, final boolean publishWord)
    {
        super(variant, choices, slots, name, stats, publishWord);
    }
}

/** Trailing padding: 128 bytes after the owner word. */
@SuppressWarnings("unused")
abstract class PaddedEngineL2Pad extends PaddedEngineOwner
{
    byte q000, q001, q002, q003, q004, q005, q006, q007, q008, q009, q010, q011, q012, q013, q014, q015;
    byte q016, q017, q018, q019, q020, q021, q022, q023, q024, q025, q026, q027, q028, q029, q030, q031;
    byte q032, q033, q034, q035, q036, q037, q038, q039, q040, q041, q042, q043, q044, q045, q046, q047;
    byte q048, q049, q050, q051, q052, q053, q054, q055, q056, q057, q058, q059, q060, q061, q062, q063;
    byte q064, q065, q066, q067, q068, q069, q070, q071, q072, q073, q074, q075, q076, q077, q078, q079;
    byte q080, q081, q082, q083, q084, q085, q086, q087, q088, q089, q090, q091, q092, q093, q094, q095;
    byte q096, q097, q098, q099, q100, q101, q102, q103, q104, q105, q106, q107, q108, q109, q110, q111;
    byte q112, q113, q114, q115, q116, q117, q118, q119, q120, q121, q122, q123, q124, q125, q126, q127;

    PaddedEngineL2Pad(final Variant variant, final Choices choices, final SlotSource slots, final String name,
        final StatsFile stats, final boolean publishWord)
    {
        super(variant, choices, slots, name, stats, publishWord);
    }
}
