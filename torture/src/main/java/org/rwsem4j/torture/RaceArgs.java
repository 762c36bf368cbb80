package org.rwsem4j.torture;

import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.Callable;

import org.rwsem4j.Variant;

import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

/** The command line of {@link Race}, parsed by picocli; {@link #call()} checks it and runs the race. */
@Command(name = RaceArgs.PROGRAM, sortOptions = false, usageHelpAutoWidth = true,
    description = {"A fixed-work race of virtual threads (JDK 21+), timed: half readers and half writers, each takes " +
        "its lock --ops times with the exclusion oracle's occupancy check in every critical section; the time from " +
        "the start signal to the last join, per lock, beside the JDK's rrwl. The locks take turns within each " +
        "repetition.", ""},
    footer = {"", "Exit status: 0, 1 on any exclusion violation, 2 for a bad command line or a JDK without virtual " +
        "threads."})
final class RaceArgs implements Callable<Integer>
{
    /** The name every usage error starts with. */
    static final String PROGRAM = "rwsem4j-race";

    private static final List<String> DEFAULT_LOCKS = List.of(Peer.RRWL, "recommended", "all");

    @Option(names = "--threads", paramLabel = "N", description = "Virtual threads, 2..100000. Default: 10000.")
    int threads = 10_000;

    @Option(names = "--ops", paramLabel = "N", description = "Acquisitions per thread, 1..10000000. Default: 100.")
    int ops = 100;

    @Option(names = "--reps", paramLabel = "N", description = "Repetitions, 1..1000. Default: 5.")
    int reps = 5;

    @Option(names = "--cs-spins", paramLabel = "N",
        description = "onSpinWaits in each critical section, 0..1000000. Default: 20.")
    int csSpins = 20;

    @Option(names = "--park-every", paramLabel = "N", description = "A 20 us park inside every Nth critical " +
        "section, which unmounts a virtual owner; 0 for none (the default).")
    int parkEvery;

    @Option(names = "--locks", paramLabel = "L", split = ",", converter = LockName.class,
        description = "Lock specs or rrwl, comma-separated. Default: rrwl,recommended,all.")
    List<String> locks;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Print this help and exit.")
    boolean help;

    @Spec
    CommandSpec spec;

    private final PrintStream out;
    private final PrintStream err;

    RaceArgs(final PrintStream out, final PrintStream err)
    {
        this.out = out;
        this.err = err;
    }

    @Override
    public Integer call()
    {
        range("--threads", threads, 2, 100_000);
        range("--ops", ops, 1, 10_000_000);
        range("--reps", reps, 1, 1_000);
        range("--cs-spins", csSpins, 0, 1_000_000);
        range("--park-every", parkEvery, 0, Integer.MAX_VALUE);
        return Race.race(this, out, err);
    }

    /** @return the locks to race, in the order given; by default without a preset this build cannot resolve */
    List<String> locks()
    {
        return locks == null ? Presets.runnable(DEFAULT_LOCKS, Variant.available()) : locks;
    }

    private void range(final String option, final int value, final int min, final int max)
    {
        if (value < min || value > max)
        {
            throw new ParameterException(spec.commandLine(),
                option + " must be " + min + ".." + max + ", got " + value);
        }
    }

    /** One {@code --locks} entry: a variant spec, kept as given so that a preset stays readable, or rrwl. */
    static final class LockName implements ITypeConverter<String>
    {
        @Override
        public String convert(final String text)
        {
            final String name = text.trim();
            if (name.equals(Peer.RRWL))
            {
                return name;
            }
            try
            {
                Variant.parse(name);
                return name;
            }
            catch (final IllegalArgumentException ex)
            {
                throw new TypeConversionException("'" + name + "': " + ex.getMessage() + "; or " + Peer.RRWL);
            }
        }
    }
}
