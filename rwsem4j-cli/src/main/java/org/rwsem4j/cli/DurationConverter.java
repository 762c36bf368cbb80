package org.rwsem4j.cli;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * The CLIs' durations: {@code 100us}, {@code 500ms}, {@code 40s}, {@code 1.5s}, {@code 10m}, {@code 2h}, a bare number
 * of seconds, or ISO-8601 ({@code PT4S}); from 1 us to a year. Also prints durations the way the CLIs show them.
 * The torture and rwsem-stat command lines share it (picocli: {@code converter = DurationConverter.class}).
 */
public final class DurationConverter implements ITypeConverter<Duration>
{
    private static final Pattern FORMAT = Pattern.compile("(\\d+(?:\\.\\d+)?)(us|ms|s|m|h)?");
    private static final double MAX_NANOS = 1e9 * 3600 * 24 * 365;

    @Override
    public Duration convert(final String text)
    {
        final String s = text.trim().toLowerCase(Locale.ROOT);
        final double nanos = s.startsWith("pt") ? iso(text, s) : nanos(text, s);
        if (!(nanos >= 1e3) || nanos > MAX_NANOS)
        {
            throw new TypeConversionException("'" + text + "' is out of range (at least 1us, at most a year)");
        }
        return Duration.ofNanos((long)nanos);
    }

    private static double nanos(final String text, final String s)
    {
        final Matcher m = FORMAT.matcher(s);
        if (!m.matches())
        {
            throw notADuration(text);
        }
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
        return Double.parseDouble(m.group(1)) * nanosPerUnit;
    }

    private static double iso(final String text, final String s)
    {
        try
        {
            final Duration d = Duration.parse(s);
            return d.getSeconds() * 1e9 + d.getNano();
        }
        catch (final DateTimeParseException ex)
        {
            throw notADuration(text);
        }
    }

    private static TypeConversionException notADuration(final String text)
    {
        return new TypeConversionException("'" + text + "' is not a duration (use e.g. 500ms, 40s, 10m, 1h; 100us)");
    }

    /**
     * Prints a duration the way the CLI's lines show it.
     *
     * @param d a duration
     * @return {@code 1h02m03s}, {@code 2m05s} or {@code 1.5s}
     */
    public static String format(final Duration d)
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
