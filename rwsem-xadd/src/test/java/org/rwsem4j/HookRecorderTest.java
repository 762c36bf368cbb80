package org.rwsem4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.RecordComponent;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

import org.junit.jupiter.api.Test;
import org.rwsem4j.spi.DecisionPoint;
import org.rwsem4j.spi.HandoffPolicy;
import org.rwsem4j.spi.Hooks;
import org.rwsem4j.spi.OwnerSpinExit;

/**
 * The resolved choices are immutable: {@link HookRecorder#close()} turns what the patches wrote into one
 * {@link Choices} value, and from then on every {@link Hooks} setter throws, so a patch that kept the {@code Hooks}
 * it was given cannot change the variant of locks already built (they share the choices of their policy). No choice
 * is ever null.
 */
final class HookRecorderTest
{
    /** Every setter of {@link Hooks}, each writing the value it would read back (a no-op but for the check). */
    private static List<Consumer<Hooks>> everySetter(final Choices c)
    {
        return List.of(
            h -> h.readTrylock(c.readTrylock()),
            h -> h.markReaderOwned(c.markReaderOwned()),
            h -> h.spinPolicy(c.spinPolicy()),
            h -> h.readerSteal(c.readerSteal()),
            h -> h.readerSpin(c.readerSpin()),
            h -> h.readerGrant(c.readerGrant()),
            h -> h.wokenWriter(c.wokenWriter()),
            h -> h.unlockWake(c.unlockWake()),
            h -> h.handoff(c.handoff()),
            h -> h.ownerSpinExit(c.ownerSpinExit()),
            h -> h.handoffWait(c.handoffWait()),
            h -> h.readerBias(c.readerBias()));
    }

    @Test
    void everySetterThrowsOnceTheChoicesAreMade()
    {
        final HookRecorder hooks = new HookRecorder(Tunables.defaults());
        hooks.installing(TestPatch.named("every-point").overrides(DecisionPoint.READ_TRYLOCK,
            EnumSet.allOf(DecisionPoint.class).toArray(new DecisionPoint[0])));
        final Choices base = new HookRecorder(Tunables.defaults()).close();
        final List<Consumer<Hooks>> setters = everySetter(base);
        assertEquals(DecisionPoint.values().length, setters.size(), "one setter per decision point");
        for (final Consumer<Hooks> setter : setters)
        {
            setter.accept(hooks); // allowed while the patch is being installed
        }
        final Choices choices = hooks.close();
        assertEquals(base, choices);
        for (final Consumer<Hooks> setter : setters)
        {
            final IllegalStateException e = assertThrows(IllegalStateException.class, () -> setter.accept(hooks));
            assertTrue(e.getMessage().contains("immutable"), e.getMessage());
        }
        assertSame(choices, hooks.close(), "closing again yields the same choices");
    }

    @Test
    void aPatchThatKeepsItsHooksCannotChangeABuiltVariant()
    {
        final AtomicReference<Hooks> kept = new AtomicReference<>();
        final Rwsem lock = Rwsem.builder().onHeap()
            .patch(TestPatch.named("keeps-hooks").overrides(DecisionPoint.HANDOFF).installs(kept::set)).build();
        assertNotNull(kept.get());
        assertThrows(IllegalStateException.class, () -> kept.get().handoff((timeout, now) -> true));
        lock.writeLock().lock();
        lock.writeLock().unlock();
    }

    @Test
    void noBaseChoiceIsNull() throws ReflectiveOperationException
    {
        final Choices base = new HookRecorder(Tunables.defaults()).close();
        for (final RecordComponent c : Choices.class.getRecordComponents())
        {
            assertNotNull(c.getAccessor().invoke(base), c.getName());
        }
        assertSame(HandoffPolicy.NEVER, base.handoff());
        assertSame(OwnerSpinExit.NEVER, base.ownerSpinExit());
    }
}
