package org.rwsem4j;

import java.util.Objects;
import java.util.Set;

import org.rwsem4j.spi.DecisionPoint;
import org.rwsem4j.spi.HandoffPolicy;
import org.rwsem4j.spi.HandoffWait;
import org.rwsem4j.spi.Hooks;
import org.rwsem4j.spi.OwnerSpinExit;
import org.rwsem4j.spi.Patch;
import org.rwsem4j.spi.ReadTrylock;
import org.rwsem4j.spi.ReaderBias;
import org.rwsem4j.spi.ReaderGrant;
import org.rwsem4j.spi.ReaderSpin;
import org.rwsem4j.spi.ReaderSteal;
import org.rwsem4j.spi.SpinPolicy;
import org.rwsem4j.spi.UnlockWake;
import org.rwsem4j.spi.WokenWriter;

/**
 * The engine's {@link Hooks}: records what each patch of a variant writes while it is installed, checks that a patch
 * writes only the points it declared, and {@link #close closes} into the immutable {@link Choices} every lock of the
 * variant shares. Once closed, every setter throws, so a patch that kept the {@code Hooks} it was given cannot change
 * the choices of locks already built. Confined to the thread that resolves the variant.
 */
final class HookRecorder implements Hooks
{
    private final Tunables tunables;
    private ReadTrylock readTrylock = BaseChoices.READ_TRYLOCK_LOAD_FIRST;
    private boolean markReaderOwned;
    private SpinPolicy spinPolicy = BaseChoices.SPIN_ON_WRITER_OWNER;
    private ReaderSteal readerSteal = BaseChoices.NO_READER_STEAL;
    private ReaderSpin readerSpin = BaseChoices.READERS_QUEUE;
    private ReaderGrant readerGrant = BaseChoices.TWO_PASS_GRANT;
    private WokenWriter wokenWriter = BaseChoices.WOKEN_WRITER_SLEEPS;
    private UnlockWake unlockWake = BaseChoices.ALWAYS_WAKE;
    private HandoffPolicy handoff = HandoffPolicy.NEVER;
    private OwnerSpinExit ownerSpinExit = OwnerSpinExit.NEVER;
    private HandoffWait handoffWait = BaseChoices.HANDOFF_WRITER_SLEEPS;
    private ReaderBias readerBias = BaseChoices.NO_READER_BIAS;

    private String installing = "base";
    private Set<DecisionPoint> declared = Set.of();
    /** Set by {@link #close()}: from then on the recorder is read-only. */
    private Choices closed;

    HookRecorder(final Tunables tunables)
    {
        this.tunables = tunables;
    }

    void installing(final Patch patch)
    {
        installing = patch.name();
        declared = patch.decisionPoints();
    }

    /**
     * Ends the install: {@return the choices recorded, immutable} Every setter throws from now on.
     *
     * @throws NullPointerException if a patch set a point to null
     */
    Choices close()
    {
        if (closed == null)
        {
            closed = new Choices(tunables, Objects.requireNonNull(readTrylock, "readTrylock"), markReaderOwned,
                Objects.requireNonNull(spinPolicy, "spinPolicy"), Objects.requireNonNull(readerSteal, "readerSteal"),
                Objects.requireNonNull(readerSpin, "readerSpin"), Objects.requireNonNull(readerGrant, "readerGrant"),
                Objects.requireNonNull(wokenWriter, "wokenWriter"), Objects.requireNonNull(unlockWake, "unlockWake"),
                Objects.requireNonNull(handoff, "handoff"), Objects.requireNonNull(ownerSpinExit, "ownerSpinExit"),
                Objects.requireNonNull(handoffWait, "handoffWait"), Objects.requireNonNull(readerBias, "readerBias"));
        }
        return closed;
    }

    private void check(final DecisionPoint point)
    {
        if (closed != null)
        {
            throw new IllegalStateException("patch " + installing + " sets decision point " + point +
                " after the variant was built: the choices of a built variant are immutable");
        }
        if (!declared.contains(point))
        {
            throw new IllegalStateException(
                "patch " + installing + " sets decision point " + point + " but does not declare it");
        }
    }

    @Override
    public Tunables tunables()
    {
        return tunables;
    }

    @Override
    public ReadTrylock readTrylock()
    {
        return readTrylock;
    }

    @Override
    public void readTrylock(final ReadTrylock trylock)
    {
        check(DecisionPoint.READ_TRYLOCK);
        readTrylock = trylock;
    }

    @Override
    public void markReaderOwned(final boolean mark)
    {
        check(DecisionPoint.READER_OWNER);
        markReaderOwned = mark;
    }

    @Override
    public SpinPolicy spinPolicy()
    {
        return spinPolicy;
    }

    @Override
    public void spinPolicy(final SpinPolicy policy)
    {
        check(DecisionPoint.SPIN_ON_OWNER);
        spinPolicy = policy;
    }

    @Override
    public void readerSteal(final ReaderSteal steal)
    {
        check(DecisionPoint.READER_STEAL);
        readerSteal = steal;
    }

    @Override
    public void readerSpin(final ReaderSpin spin)
    {
        check(DecisionPoint.READER_SPIN);
        readerSpin = spin;
    }

    @Override
    public void readerGrant(final ReaderGrant grant)
    {
        check(DecisionPoint.READER_COLLECT);
        readerGrant = grant;
    }

    @Override
    public void wokenWriter(final WokenWriter hook)
    {
        check(DecisionPoint.WOKEN_WRITER);
        wokenWriter = hook;
    }

    @Override
    public void unlockWake(final UnlockWake hook)
    {
        check(DecisionPoint.UNLOCK_WAKE);
        unlockWake = hook;
    }

    @Override
    public HandoffPolicy handoff()
    {
        return handoff;
    }

    @Override
    public void handoff(final HandoffPolicy policy)
    {
        check(DecisionPoint.HANDOFF);
        handoff = policy;
    }

    @Override
    public void ownerSpinExit(final OwnerSpinExit exit)
    {
        check(DecisionPoint.SPIN_ON_HANDOFF);
        ownerSpinExit = exit;
    }

    @Override
    public void handoffWait(final HandoffWait hook)
    {
        check(DecisionPoint.HANDOFF_WAIT);
        handoffWait = hook;
    }

    @Override
    public ReaderBias readerBias()
    {
        return readerBias;
    }

    @Override
    public void readerBias(final ReaderBias bias)
    {
        check(DecisionPoint.READER_BIAS);
        readerBias = bias;
    }
}
