package org.rwsem4j;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Threshold;
import jdk.jfr.Timespan;

/**
 * JFR event for a contended acquisition: one per slow-path lock call, committed when it ends (acquired or not), and
 * one per reader-bias revocation (a write that waited for the table of visible readers).
 * Enabled by default with a 20 ms threshold, like the JDK's {@code jdk.JavaMonitorEnter}; change both in a JFR
 * settings file or with {@code -XX:StartFlightRecording:settings=...}. Fast paths never create it, and when JFR is
 * not recording {@code shouldCommit()} is false and nothing is written.
 */
@Name("org.rwsem4j.Contended")
@Label("rwsem Contended Acquisition")
@Category({"rwsem4j", "Locks"})
@Description("A read or write acquisition of an rwsem4j lock that took the slow path")
@StackTrace(true)
@Enabled(true)
@Threshold("20 ms")
final class ContendedEvent extends jdk.jfr.Event
{
    @Label("Mode")
    @Description("read or write")
    String mode;

    @Label("Variant")
    String variant;

    @Label("Lock Name")
    String lockName;

    @Label("Acquired")
    boolean acquired;

    @Label("Spun")
    @Description("the locker spun optimistically")
    boolean spun;

    @Label("Slept")
    @Description("the locker parked at least once")
    boolean slept;

    @Label("Handed Off")
    @Description("the locker took the lock through the handoff bit")
    boolean handedOff;

    @Label("Bias Revocation")
    @Description("reader bias: how long the writer waited for the table of visible readers (0: no revocation)")
    @Timespan(Timespan.NANOSECONDS)
    long biasRevocationNanos;

    @Label("Bias Inhibit")
    @Description("reader bias: how long the bias then stays off")
    @Timespan(Timespan.NANOSECONDS)
    long biasInhibitNanos;
}
