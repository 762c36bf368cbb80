package org.rwsem4j.bench.share;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The writer-share run's settings, checked ({@link WriterShareCommand#settings()} makes them). */
final class ShareArgs
{
    /** A fork's time beyond its warm-up and windows: the child JVM's start and end, as an estimate. */
    static final double FORK_OVERHEAD_SECONDS = 0.7;

    final int forks;
    final List<Shape> shapes;
    final List<String> locks;
    final int readMicros;
    final int writeMicros;
    final int gapMicros;
    final int warmupMillis;
    final int windows;
    final int windowMillis;
    /** The folder the run folder goes into, as {@code out/runs/<stamp>}. */
    final Path out;
    final boolean dryRun;
    /** Default locks left out of this run, one line each with the reason. */
    final List<String> leftOut;

    ShareArgs(final int forks, final List<Shape> shapes, final List<String> locks, final int[] micros,
        final int[] millis, final Path out, final boolean dryRun, final List<String> leftOut)
    {
        this.forks = forks;
        this.shapes = List.copyOf(shapes);
        this.locks = List.copyOf(locks);
        this.readMicros = micros[0];
        this.writeMicros = micros[1];
        this.gapMicros = micros[2];
        this.warmupMillis = millis[0];
        this.windows = millis[1];
        this.windowMillis = millis[2];
        this.out = out;
        this.dryRun = dryRun;
        this.leftOut = List.copyOf(leftOut);
    }

    /** @return B: the acquisitions of each kind a window holds when reads and writes alternate */
    double bound()
    {
        return windowMillis * 1000.0 / (readMicros + writeMicros);
    }

    /** @return the writer's wait p99 target: two read sections plus 100 µs, in ns */
    long writerP99TargetNanos()
    {
        return TimeUnit.MICROSECONDS.toNanos(2L * readMicros + 100);
    }

    /** @return how many child JVMs the run starts */
    int forkCount()
    {
        return forks * shapes.size() * locks.size();
    }

    /** @return one fork's estimated seconds */
    double forkSeconds()
    {
        return FORK_OVERHEAD_SECONDS + (warmupMillis + (double)windows * windowMillis) / 1000.0;
    }

    /**
     * @param lock  one lock
     * @param shape one shape
     * @return the bench's command line for one fork of them in a child JVM
     */
    List<String> childArgs(final String lock, final Shape shape)
    {
        return new ArrayList<>(List.of(WriterShareCommand.NAME, WriterShareCommand.FORK_CHILD, "--locks", lock,
            "--shapes", shape.cliName, "--read-us", Integer.toString(readMicros), "--write-us",
            Integer.toString(writeMicros), "--gap-us", Integer.toString(gapMicros), "--warmup-ms",
            Integer.toString(warmupMillis), "--windows", Integer.toString(windows), "--window-ms",
            Integer.toString(windowMillis)));
    }
}
