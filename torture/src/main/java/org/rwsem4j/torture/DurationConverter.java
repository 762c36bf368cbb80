package org.rwsem4j.torture;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses and prints CLI durations: {@code 100us}, {@code 500ms}, {@code 40s}, {@code 1.5s}, {@code 10m}, {@code 2h}; bare = seconds. */
final class DurationArg
{
    private static final Pattern FORMAT = Pattern.compile("(\\d+(?:\\.\\d+)?)(us|ms|s|m|h)?");

    private DurationArg()
    {
    }

    static Duration parse(final String option, final String text) throws UsageException
    {
        final Matcher m = FORMAT.matcher(text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches())
        {
            throw new UsageException("bad duration for " + option + ": '" + text + "' (use e.g. 500ms, 40s, 10m, 1h; 100us)");
        }
        final double value = Double.parseDouble(m.group(1));
        final String unit = m.group(2) == null ? "s" : m.group(2);
        final double nanosPerUnit;
        switch (unit)
        {
            case "us":
                nanosPerUnit = 1e3;
                break;
            case "ms":
                nanosPerUnit = 1e6;
                break;
            case "m":
                nanosPerUnit = 60e9;
                break;
            case "h":
                nanosPerUnit = 3600e9;
                break;
            default:
                nanosPerUnit = 1e9;
        }
        final double nanos = value * nanosPerUnit;
        if (!(nanos >= 1e3) || nanos > 1e9 * 3600 * 24 * 365)
        {
            throw new UsageException("bad duration for " + option + ": '" + text +
                "' (must be at least 1us and at most a year)");
        }
        return Duration.ofNanos((long)nanos);
    }

    static String format(final Duration d)
    {
        final long s = d.toSeconds();
        if (s >= 3600)
        {
            return String.format(Locale.ROOT, "%dh%02dm%02ds", s / 3600, s / 60 % 60, s % 60);
        }
        if (s >= 60)
        {
            return String.format(Locale.ROOT, "%dm%02ds", s / 60, s % 60);
        }
        return String.format(Locale.ROOT, "%.1fs", d.toMillis() / 1000.0);
    }
}
