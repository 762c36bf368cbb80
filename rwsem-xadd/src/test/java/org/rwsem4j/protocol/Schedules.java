package org.rwsem4j.protocol;

import static org.junit.jupiter.api.Assertions.fail;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.jetbrains.kotlinx.lincheck.Actor;
import org.jetbrains.kotlinx.lincheck.execution.ExecutionScenario;
import org.jetbrains.lincheck.LincheckAssertionError;
import org.jetbrains.lincheck.datastructures.ManagedStrategyGuaranteeKt;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.rwsem4j.Rwsem;
import org.rwsem4j.RwsemState;

/**
 * Helpers for the Lincheck tests of this package: a fixed scenario built from operation names (Lincheck's own
 * scenario DSL needs Kotlin reflection), the model-checking configuration, and the negative-control assertion.
 *
 * <p>What Lincheck 3.7 model checking can and cannot follow in this engine (found while writing these tests):
 * <ul>
 *   <li>It drives the real engine over the on-heap word: VarHandles, the wait lock's {@code ReentrantLock}, park and
 *       unpark are all instrumented, and a parked reader waits for the unpark the model sees.</li>
 *   <li>A writer waiting in the queue is beyond it. The writer's wait loop holds the engine's wait lock at its loop
 *       head ({@code rwsem_try_write_lock} under {@code wait_lock}, unlock, park, relock), its park returns at once in
 *       the model, and Lincheck switches threads only at the start of a detected spin cycle, that is with the wait
 *       lock held; so every other thread that needs the wait lock (a queuing reader, an unlock's wakeup) starves and
 *       Lincheck reports "All unfinished threads are in livelock" on a correct lock. The model-checked scenarios
 *       therefore take the write lock with {@code tryLock}, and the queued-writer protocols (handoff, cancellation)
 *       run in stress mode and as deterministic scenarios instead.</li>
 *   <li>Several test threads spinning at once (a trylock loop next to a holder's wait loop) also trip its livelock
 *       detector, so at most one test-level spin loop runs at a time.</li>
 *   <li>The engine's wake list must stay visible: ignoring it in a guarantee hides its unparks, and the
 *       parked readers then look hung.</li>
 * </ul>
 */
final class Schedules
{
    private Schedules()
    {
    }

    /**
     * One fixed scenario: each array is one thread's operations, by method name (no-argument {@code @Operation}s of
     * {@code subject}), run in parallel with no initial or post part.
     */
    static ExecutionScenario parallel(final Class<?> subject, final String[]... threads)
    {
        final List<List<Actor>> parallel = new ArrayList<>();
        for (final String[] ops : threads)
        {
            final List<Actor> actors = new ArrayList<>();
            for (final String op : ops)
            {
                actors.add(new Actor(method(subject, op), List.of()));
            }
            parallel.add(actors);
        }
        return new ExecutionScenario(List.of(), parallel, List.of(), null);
    }

    /**
     * Model checking over a fixed scenario, with the engine's bookkeeping taken out of the search space: the event
     * counters and the test clock are statistics or private to the test, the wait queue is only changed under
     * the wait lock, and a spinner's pause (SpinPause) is time passing with no shared access, so a thread switch
     * inside them shows nothing new (Lincheck took a pause of 64 onSpinWaits for a spin cycle of its own and
     * reported a hang); the wait lock's {@code tryLock}/{@code unlock}
     * are single atomic steps. (The wake list must stay visible: its unparks are what the model checker waits for.)
     */
    static ModelCheckingOptions modelChecking(final ExecutionScenario scenario, final int invocations)
    {
        return new ModelCheckingOptions().iterations(0).invocationsPerIteration(invocations)
            .addCustomScenario(scenario)
            .addGuarantee(ManagedStrategyGuaranteeKt.forClasses("org.rwsem4j.EventCounters",
                "org.rwsem4j.testkit.TestClock", "org.rwsem4j.WaitQueue", "org.rwsem4j.SpinPause")
                .allMethods().ignore())
            .addGuarantee(ManagedStrategyGuaranteeKt.forClasses("java.util.concurrent.locks.ReentrantLock")
                .methods("tryLock", "unlock").treatAsAtomic());
    }

    /**
     * Invocations per check: the default, or {@code -Dprotocol.invocations=N} for a longer local run.
     */
    static int invocations(final int defaultInvocations)
    {
        return Integer.getInteger("protocol.invocations", defaultInvocations);
    }

    static String[] thread(final String... ops)
    {
        return ops;
    }

    private static Method method(final Class<?> c, final String name)
    {
        return Arrays.stream(c.getMethods()).filter(m -> m.getName().equals(name) && m.getParameterCount() == 0)
            .findFirst().orElseThrow(() -> new IllegalArgumentException("no operation " + name + " in " + c));
    }

    /** Lincheck's headline when an operation returned a bad verdict code. */
    static final String INVALID_RESULTS = "= Invalid execution results =";
    /** Lincheck's headline when the quiescence check failed after the scenario. */
    static final String VALIDATION_FAILED = "= Validation function quiescent has failed =";
    /** Lincheck's headline when an invocation did not finish in its timeout (a lost wakeup, a deadlock). */
    static final String HUNG = "has hung";

    /**
     * The validation every protocol subject ends with: the lock is quiescent (count 0, queue and OSQ empty, no owner).
     *
     * @param lock the subject's lock
     * @throws IllegalStateException if it is not, with its state
     */
    static void requireQuiescent(final Rwsem lock)
    {
        final RwsemState st = lock.state();
        if (!st.isQuiescent())
        {
            throw new IllegalStateException("not quiescent after the scenario: " + st);
        }
    }

    /**
     * Runs a check that must fail with a Lincheck report of the seeded bug, and returns the report. A report of
     * anything else (a hang, say) is not the seeded bug and fails the test.
     *
     * @param what the seeded bug, for the messages
     * @param check the Lincheck run
     * @param symptoms the report must contain at least one of these (a headline, or an operation's bad result)
     * @return Lincheck's report (scenario, results and the interleaving that broke it)
     */
    static String expectLincheckFailure(final String what, final Runnable check, final String... symptoms)
    {
        final long start = System.nanoTime();
        try
        {
            check.run();
        }
        catch (final LincheckAssertionError expected)
        {
            final String report = expected.getMessage();
            if (Arrays.stream(symptoms).noneMatch(report::contains))
            {
                throw new AssertionError("Lincheck failed, but not with the seeded bug '" + what +
                    "' (expected one of " + Arrays.toString(symptoms) + "):\n" + abbreviate(report), expected);
            }
            System.out.println("[expected] Lincheck found the seeded bug '" + what + "' in " + millis(start) +
                " ms:\n" + abbreviate(report));
            return report;
        }
        return fail("Lincheck did not find the seeded bug '" + what + "' in " + millis(start) + " ms");
    }

    /** Runs a check that must pass, and logs how long it took. */
    static void timed(final String what, final Runnable check)
    {
        final long start = System.nanoTime();
        check.run();
        System.out.println("[passed] " + what + " in " + millis(start) + " ms");
    }

    private static long millis(final long start)
    {
        return (System.nanoTime() - start) / 1_000_000;
    }

    static String abbreviate(final String report)
    {
        return report.length() <= 6_000 ? report : report.substring(0, 6_000) + "\n... (" + report.length() + " chars)";
    }
}
