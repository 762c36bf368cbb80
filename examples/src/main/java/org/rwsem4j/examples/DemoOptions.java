package org.rwsem4j.examples;

import java.util.ArrayList;
import java.util.List;

/**
 * The demo's command line: {@code [--locks name,name,...] [--threads n] [--ops perThread | --seconds s]}.
 *
 * @param locks the locks to run, in order (each parsed and built before any runs, so a bad one is caught first)
 * @param threads worker threads
 * @param opsPerThread operations each worker does, or -1 when the run is timed
 * @param nanos how long each lock runs when timed, or -1 when every worker does opsPerThread
 */
record DemoOptions(List<String> locks, int threads, long opsPerThread, long nanos)
{
    static final String USAGE = "usage: LruCacheDemo [--locks name,name,...] [--threads n >= 1] " +
        "[--ops perThread >= 0 | --seconds s > 0]; a name is " + DemoLock.JDK_LOCKS + " or an rwsem4j variant spec";

    /**
     * @param args the command line
     * @return the options
     * @throws IllegalArgumentException with a one-line message for bad arguments
     */
    static DemoOptions parse(final String[] args)
    {
        List<String> locks = List.of("recommended");
        int threads = 4;
        long ops = -1;
        long nanos = -1;
        for (int i = 0; i < args.length; i += 2)
        {
            if (i + 1 >= args.length)
            {
                throw new IllegalArgumentException(args[i] + " needs a value; " + USAGE);
            }
            final String value = args[i + 1];
            switch (args[i])
            {
                case "--locks" -> locks = names(value);
                case "--threads" -> threads = (int)number(args[i], value, 1, Integer.MAX_VALUE);
                case "--ops" -> ops = number(args[i], value, 0, Long.MAX_VALUE);
                case "--seconds" -> nanos = seconds(value);
                default -> throw new IllegalArgumentException("unknown argument " + args[i] + "; " + USAGE);
            }
        }
        if (ops >= 0 && nanos >= 0)
        {
            throw new IllegalArgumentException("--ops and --seconds exclude each other; " + USAGE);
        }
        return new DemoOptions(locks, threads, ops < 0 && nanos < 0 ? 200_000 : ops, nanos);
    }

    private static List<String> names(final String value)
    {
        final List<String> out = new ArrayList<>();
        for (final String name : value.split(",", -1))
        {
            if (name.isBlank())
            {
                throw new IllegalArgumentException("--locks has an empty name in '" + value + "'; " + USAGE);
            }
            out.add(name.strip());
        }
        return List.copyOf(out);
    }

    private static long number(final String option, final String value, final long min, final long max)
    {
        final long n;
        try
        {
            n = Long.parseLong(value);
        }
        catch (final NumberFormatException ex)
        {
            throw new IllegalArgumentException(option + " wants a whole number, was '" + value + "'; " + USAGE);
        }
        if (n < min || n > max)
        {
            throw new IllegalArgumentException(option + " out of range: " + value + "; " + USAGE);
        }
        return n;
    }

    private static long seconds(final String value)
    {
        final double s;
        try
        {
            s = Double.parseDouble(value);
        }
        catch (final NumberFormatException ex)
        {
            throw new IllegalArgumentException("--seconds wants a number, was '" + value + "'; " + USAGE);
        }
        if (!(s > 0 && s <= 3600))
        {
            throw new IllegalArgumentException("--seconds must be in (0, 3600], was " + value + "; " + USAGE);
        }
        return (long)(s * 1e9);
    }
}
