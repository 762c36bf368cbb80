package org.rwsem4j.torture;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import org.rwsem4j.LockEvent;
import org.rwsem4j.LockEvents;

/**
 * What one torture run found. It succeeded when no oracle was violated, the watchdog stayed quiet, no worker threw
 * an unexpected exception, every worker stopped, and (for an {@code Rwsem}) the lock was quiescent afterwards.
 */
public final class TortureResult
{
    private final String lockName;
    private final Oracle oracle;
    private final long seed;
    private final Duration elapsed;
    private final SideStats writes;
    private final SideStats reads;
    private final long violationCount;
    private final List<String> violations;
    private final HistoryReport history;
    private final List<String> watchdogReports;
    private final List<String> unexpected;
    private final Boolean quiescent;
    private final String finalState;
    private final LockEvents events;
    private final long downgrades;
    private final long longHolds;
    private final long interruptsSent;
    private final Duration firstFailure;

    TortureResult(final String lockName, final Oracle oracle, final long seed, final Duration elapsed,
        final SideStats writes, final SideStats reads, final long violationCount, final List<String> violations,
        final HistoryReport history, final List<String> watchdogReports, final List<String> unexpected,
        final Boolean quiescent,
        final String finalState, final LockEvents events, final long downgrades, final long longHolds,
        final long interruptsSent, final Duration firstFailure)
    {
        this.firstFailure = firstFailure;
        this.lockName = lockName;
        this.oracle = oracle;
        this.seed = seed;
        this.elapsed = elapsed;
        this.writes = writes;
        this.reads = reads;
        this.violationCount = violationCount;
        this.violations = List.copyOf(violations);
        this.history = history;
        this.watchdogReports = List.copyOf(watchdogReports);
        this.unexpected = List.copyOf(unexpected);
        this.quiescent = quiescent;
        this.finalState = finalState;
        this.events = events;
        this.downgrades = downgrades;
        this.longHolds = longHolds;
        this.interruptsSent = interruptsSent;
    }

    /** {@return true if nothing went wrong} */
    public boolean success()
    {
        return violationCount == 0 && historyViolationCount() == 0 && watchdogReports.isEmpty() &&
            unexpected.isEmpty() && !Boolean.FALSE.equals(quiescent);
    }

    /** {@return the reasons for failure, one short line each; empty on success} */
    public List<String> failureReasons()
    {
        final List<String> out = new ArrayList<>();
        if (violationCount != 0)
        {
            out.add(violationCount + " oracle violation(s)");
        }
        if (historyViolationCount() != 0)
        {
            out.add(historyViolationCount() + " history violation(s)");
        }
        if (!watchdogReports.isEmpty())
        {
            out.add(watchdogReports.size() + " watchdog report(s)");
        }
        if (!unexpected.isEmpty())
        {
            out.add(unexpected.size() + " unexpected exception(s)");
        }
        if (Boolean.FALSE.equals(quiescent))
        {
            out.add("not quiescent after the run");
        }
        return out;
    }

    /** {@return the variant's canonical spec, or the lock's name for a lock that is not an Rwsem} */
    public String lockName()
    {
        return lockName;
    }

    /** {@return the oracle of this run} */
    public Oracle oracle()
    {
        return oracle;
    }

    /** {@return the seed of the workers' random choices (scheduling is not reproducible)} */
    public long seed()
    {
        return seed;
    }

    /** {@return how long the workers ran} */
    public Duration elapsed()
    {
        return elapsed;
    }

    /** {@return the write side} */
    public SideStats writes()
    {
        return writes;
    }

    /** {@return the read side} */
    public SideStats reads()
    {
        return reads;
    }

    /** {@return every oracle violation, counted} */
    public long violationCount()
    {
        return violationCount;
    }

    /** {@return the first violations, with details} */
    public List<String> violations()
    {
        return violations;
    }

    /** {@return whether the run recorded and checked its history ({@link TortureRunner.Builder#history})} */
    public boolean historyChecked()
    {
        return history != null;
    }

    /** {@return the operations the history oracle checked (reads and writes); 0 if it was off} */
    public long historyOperations()
    {
        return history == null ? 0 : history.reads() + history.writes();
    }

    /** {@return the illegal reads the history oracle found; 0 if it was off} */
    public long historyViolationCount()
    {
        return history == null ? 0 : history.violationCount();
    }

    /**
     * {@return the first illegal reads, one line each, naming the operations involved with their threads, times (in
     *         seconds from the start of the run) and values; empty if the history oracle was off or found none}
     */
    public List<String> historyViolations()
    {
        return history == null ? List.of() : history.violations();
    }

    /** {@return lost-wakeup and stall reports, each with the lock state and a thread dump} */
    public List<String> watchdogReports()
    {
        return watchdogReports;
    }

    /** {@return unexpected exceptions, each with the thread and its stack} */
    public List<String> unexpectedExceptions()
    {
        return unexpected;
    }

    /**
     * {@return whether the lock was quiescent after the run (count 0, queue and OSQ empty, no handoff, no writer
     *         owner); null if it was not checked (not an Rwsem, or the run was aborted)}
     */
    public Boolean quiescent()
    {
        return quiescent;
    }

    /** {@return the lock state after the run (or at the abort)} */
    public String finalState()
    {
        return finalState;
    }

    /** {@return the lock's event counters after the run, or an empty map for a lock that is not an Rwsem} */
    public Map<LockEvent, Long> events()
    {
        return events == null ? Collections.emptyMap() : events.asMap();
    }

    /** {@return write acquisitions that ended in {@code downgrade()}} */
    public long downgrades()
    {
        return downgrades;
    }

    /**
     * {@return when the monitor first saw a failure (violation, exception, watchdog), from the start of the run;
     *         null if it saw none (failures found only by the final checks have none)}
     */
    public Duration firstFailure()
    {
        return firstFailure;
    }

    /** {@return how many interrupts the interrupter sent to waiting threads} */
    public long interruptsSent()
    {
        return interruptsSent;
    }

    /**
     * The full report: header, locktorture's Writes/Reads lines, waits, give-ups, non-zero event counters, the
     * quiescent check, the first violations, watchdog reports and exceptions, then {@code End of test: SUCCESS} or
     * {@code End of test: FAILURE}.
     *
     * @return the report, lines separated by newlines, ending with one
     */
    public String report()
    {
        final StringBuilder sb = new StringBuilder();
        sb.append("== ").append(lockName).append(" [").append(oracle.cliName()).append("]  ")
            .append(reads.threads()).append(" readers + ").append(writes.threads()).append(" writers, ")
            .append(String.format(java.util.Locale.ROOT, "%.1f s", elapsed.toMillis() / 1000.0))
            .append(", seed ").append(seed).append('\n');
        sb.append(writes.kernelLine()).append('\n');
        sb.append(reads.kernelLine()).append('\n');
        sb.append(writes.waitLine()).append('\n');
        sb.append(reads.waitLine()).append('\n');
        sb.append(writes.gaveUpLine()).append('\n');
        sb.append(reads.gaveUpLine()).append('\n');
        sb.append("Downgrades: ").append(downgrades).append("  Long holds: ").append(longHolds)
            .append("  Interrupts sent: ").append(interruptsSent).append('\n');
        if (events != null)
        {
            final StringBuilder ev = new StringBuilder();
            events.asMap().forEach((e, v) ->
            {
                if (v != 0)
                {
                    ev.append(ev.length() == 0 ? "" : " ").append(e.kernelName()).append('=').append(v);
                }
            });
            sb.append("Lock events: ").append(ev.length() == 0 ? "(none)" : ev).append('\n');
        }
        sb.append("Quiescent: ").append(quiescent == null ? "not checked" : quiescent ? "yes" : "NO")
            .append("  (").append(finalState).append(")\n");
        if (violationCount != 0)
        {
            sb.append("Violations: ").append(violationCount).append('\n');
            violations.forEach(v -> sb.append("  ").append(v).append('\n'));
        }
        if (history != null)
        {
            sb.append("History: ").append(history.reads() + history.writes()).append(" operations checked (")
                .append(history.reads()).append(" reads, ").append(history.writes()).append(" writes), ")
                .append(history.violationCount()).append(" illegal").append(history.violationCount() != 0 ? " !!!" : "")
                .append(", at most ").append(history.maxPending()).append(" pending, backpressure ")
                .append(history.backpressure()).append('\n');
            history.violations().forEach(v -> sb.append("  history: ").append(v).append('\n'));
        }
        if (firstFailure != null)
        {
            sb.append(String.format(java.util.Locale.ROOT, "First failure after %.2f s",
                    firstFailure.toMillis() / 1000.0))
                .append('\n');
        }
        watchdogReports.forEach(r -> sb.append(r).append('\n'));
        unexpected.forEach(u -> sb.append("Unexpected exception in ").append(u).append('\n'));
        sb.append("End of test: ").append(success() ? "SUCCESS" : "FAILURE");
        if (!success())
        {
            sb.append(" (").append(String.join(", ", failureReasons())).append(')');
        }
        sb.append('\n');
        return sb.toString();
    }

    @Override
    public String toString()
    {
        return lockName + " [" + oracle.cliName() + "]: " + (success() ? "SUCCESS" : "FAILURE " + failureReasons()) +
            ", " + writes.total() + " writes, " + reads.total() + " reads";
    }
}
