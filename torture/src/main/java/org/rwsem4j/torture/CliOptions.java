package org.rwsem4j.torture;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The parsed command line of {@link Main}. */
final class CliOptions
{
    enum Command
    {
        RUN,
        HELP,
        LIST
    }

    Command command = Command.RUN;
    String variant = "all";
    int threads = 16;
    Integer readers;
    Integer writers;
    Duration duration = Duration.ofSeconds(60);
    final List<Oracle> oracles = new ArrayList<>(List.of(Oracle.EXCLUSION, Oracle.DATA));
    /** Null when not given: the default depends on the variant (see Main). */
    Double interruptRate;
    Duration unsafeWakeDelay;
    boolean stutter = true;
    double longHoldProbability = 0.0005;
    Long seed;
    Duration watchdog = Duration.ofSeconds(10);
    Duration progress = Duration.ofSeconds(5);
    boolean onHeap;
    boolean virtualThreads;
    boolean history;
    /** Null when not given: the default depends on the variant (see Main). */
    Duration minPerRun;
    /** Null when not given: the default depends on the variant (see Main). */
    java.util.Set<AcquireMode> modes;

    static CliOptions parse(final String[] args) throws UsageException
    {
        final CliOptions o = new CliOptions();
        for (int i = 0; i < args.length; i++)
        {
            String arg = args[i];
            String inline = null;
            final int eq = arg.indexOf('=');
            if (arg.startsWith("--") && eq > 0)
            {
                inline = arg.substring(eq + 1);
                arg = arg.substring(0, eq);
            }
            switch (arg)
            {
                case "-h":
                case "--help":
                case "help":
                    o.command = Command.HELP;
                    return o;
                case "list":
                case "--list":
                    o.command = Command.LIST;
                    break;
                case "--variant":
                    o.variant = value(args, i, arg, inline);
                    break;
                case "--threads":
                    o.threads = positiveInt(arg, value(args, i, arg, inline));
                    break;
                case "--readers":
                    o.readers = nonNegativeInt(arg, value(args, i, arg, inline));
                    break;
                case "--writers":
                    o.writers = nonNegativeInt(arg, value(args, i, arg, inline));
                    break;
                case "--duration":
                    o.duration = DurationArg.parse(arg, value(args, i, arg, inline));
                    break;
                case "--oracle":
                    o.oracles.clear();
                    o.oracles.addAll(oracles(value(args, i, arg, inline)));
                    break;
                case "--interrupts":
                    o.interruptRate = nonNegativeDouble(arg, value(args, i, arg, inline));
                    break;
                case "--modes":
                    o.modes = modes(value(args, i, arg, inline));
                    break;
                case "--unsafe-delay":
                    o.unsafeWakeDelay = DurationArg.parse(arg, value(args, i, arg, inline));
                    break;
                case "--no-stutter":
                    o.stutter = false;
                    break;
                case "--long-hold":
                    o.longHoldProbability = nonNegativeDouble(arg, value(args, i, arg, inline));
                    if (o.longHoldProbability > 1)
                    {
                        throw new UsageException("bad value for --long-hold: it is a probability, between 0 and 1");
                    }
                    break;
                case "--seed":
                    o.seed = longValue(arg, value(args, i, arg, inline));
                    break;
                case "--watchdog":
                    o.watchdog = DurationArg.parse(arg, value(args, i, arg, inline));
                    break;
                case "--progress":
                    o.progress = DurationArg.parse(arg, value(args, i, arg, inline));
                    break;
                case "--on-heap":
                    o.onHeap = true;
                    break;
                case "--virtual-threads":
                    o.virtualThreads = true;
                    break;
                case "--history":
                    o.history = true;
                    break;
                case "--min-per-run":
                    o.minPerRun = DurationArg.parse(arg, value(args, i, arg, inline));
                    break;
                default:
                    throw new UsageException(arg.startsWith("-") ? "unknown option '" + arg + "'" :
                        "unexpected argument '" + arg + "'");
            }
            if (inline == null && takesValue(arg))
            {
                i++;
            }
            else if (inline != null && !takesValue(arg))
            {
                throw new UsageException("option " + arg + " takes no value");
            }
        }
        final int r = o.readers != null ? o.readers : o.writers != null ? Math.max(0, o.threads - o.writers) :
            o.threads - o.threads / 2;
        final int w = o.writers != null ? o.writers : o.readers != null ? Math.max(0, o.threads - o.readers) :
            o.threads / 2;
        if (r + w == 0)
        {
            throw new UsageException("need at least one reader or writer thread");
        }
        o.readers = r;
        o.writers = w;
        return o;
    }

    private static boolean takesValue(final String option)
    {
        switch (option)
        {
            case "--variant":
            case "--threads":
            case "--readers":
            case "--writers":
            case "--duration":
            case "--oracle":
            case "--interrupts":
            case "--long-hold":
            case "--seed":
            case "--watchdog":
            case "--progress":
            case "--unsafe-delay":
            case "--modes":
            case "--min-per-run":
                return true;
            default:
                return false;
        }
    }

    private static String value(final String[] args, final int i, final String option, final String inline)
        throws UsageException
    {
        if (inline != null)
        {
            return inline;
        }
        if (i + 1 >= args.length)
        {
            throw new UsageException("option " + option + " needs a value");
        }
        return args[i + 1];
    }

    private static List<Oracle> oracles(final String text) throws UsageException
    {
        switch (text.trim().toLowerCase(Locale.ROOT))
        {
            case "exclusion":
                return List.of(Oracle.EXCLUSION);
            case "data":
                return List.of(Oracle.DATA);
            case "both":
                return List.of(Oracle.EXCLUSION, Oracle.DATA);
            default:
                throw new UsageException("bad value for --oracle: '" + text + "' (use exclusion, data or both)");
        }
    }

    private static java.util.Set<AcquireMode> modes(final String text) throws UsageException
    {
        final java.util.Set<AcquireMode> out = java.util.EnumSet.noneOf(AcquireMode.class);
        for (final String part : text.split(",", -1))
        {
            final AcquireMode m = AcquireMode.byCliName(part.trim().toLowerCase(Locale.ROOT));
            if (m == null)
            {
                throw new UsageException("bad value for --modes: '" + part.trim() +
                    "' (use a comma-separated list of lock, interruptibly, try, timed)");
            }
            out.add(m);
        }
        return out;
    }

    private static int positiveInt(final String option, final String text) throws UsageException
    {
        final int v = nonNegativeInt(option, text);
        if (v == 0)
        {
            throw new UsageException("bad number for " + option + ": '" + text + "' (must be at least 1)");
        }
        return v;
    }

    private static int nonNegativeInt(final String option, final String text) throws UsageException
    {
        final int v;
        try
        {
            v = Integer.parseInt(text.trim());
        }
        catch (final NumberFormatException ex)
        {
            throw new UsageException("bad number for " + option + ": '" + text + "'");
        }
        if (v < 0 || v > 10_000)
        {
            throw new UsageException("bad number for " + option + ": '" + text + "' (0..10000)");
        }
        return v;
    }

    private static long longValue(final String option, final String text) throws UsageException
    {
        try
        {
            return Long.parseLong(text.trim());
        }
        catch (final NumberFormatException ex)
        {
            throw new UsageException("bad number for " + option + ": '" + text + "'");
        }
    }

    private static double nonNegativeDouble(final String option, final String text) throws UsageException
    {
        final double v;
        try
        {
            v = Double.parseDouble(text.trim());
        }
        catch (final NumberFormatException ex)
        {
            throw new UsageException("bad number for " + option + ": '" + text + "'");
        }
        if (!(v >= 0) || Double.isInfinite(v))
        {
            throw new UsageException("bad number for " + option + ": '" + text + "' (must be >= 0)");
        }
        return v;
    }
}
