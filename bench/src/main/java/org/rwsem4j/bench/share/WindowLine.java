package org.rwsem4j.bench.share;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;

/**
 * The line a fork's child prints per window, and its parsing in the parent:
 * {@code SHARE-WINDOW <index> <nanos> R=<acquisitions>:<p99 ns>:<max ns> ... W=...}, the readers' threads first, then
 * the writers'. Parsing is strict: a line that starts with the prefix but does not decode, a missing or repeated
 * window and a wrong thread count are errors that name the line; other lines (the JVM's own, a lock's messages) are
 * not figures and are skipped.
 */
final class WindowLine
{
    /** The prefix of a window line. */
    static final String PREFIX = "SHARE-WINDOW ";

    private WindowLine()
    {
    }

    /**
     * A child's output, parsed.
     *
     * @param windows the windows that decoded, in index order
     * @param errors  what is wrong, one line each; empty when every window is there and decoded
     */
    record Parsed(List<Window> windows, List<String> errors)
    {
        /** Keeps immutable copies. */
        Parsed
        {
            windows = List.copyOf(windows);
            errors = List.copyOf(errors);
        }
    }

    /**
     * @param w a window
     * @return its line
     */
    static String encode(final Window w)
    {
        final StringBuilder b = new StringBuilder(PREFIX).append(w.index()).append(' ').append(w.nanos());
        w.readers().forEach(f -> append(b, 'R', f));
        w.writers().forEach(f -> append(b, 'W', f));
        return b.toString();
    }

    private static void append(final StringBuilder b, final char role, final Window.Figures f)
    {
        b.append(' ').append(role).append('=').append(f.acquisitions()).append(':').append(f.p99Nanos()).append(':')
            .append(f.maxNanos());
    }

    /**
     * @param line  a window line
     * @param shape the fork's shape: how many reader and writer figures the line must hold
     * @return the window
     * @throws IllegalArgumentException if it does not decode (the message says why)
     */
    static Window decode(final String line, final Shape shape)
    {
        if (!line.startsWith(PREFIX))
        {
            throw new IllegalArgumentException("does not start with '" + PREFIX.trim() + "'");
        }
        final String[] f = line.substring(PREFIX.length()).trim().split(" +");
        if (f.length != 2 + shape.readers + shape.writers)
        {
            throw new IllegalArgumentException("expected the index, the length and " + shape.threads() + " (" +
                (2 + shape.readers + shape.writers) + " fields), got " + f.length + " fields");
        }
        final long index = number(f[0], "the index");
        if (index < 1 || index > Integer.MAX_VALUE)
        {
            throw new IllegalArgumentException("window index " + index + " is not a positive int");
        }
        final long nanos = number(f[1], "the length");
        final List<Window.Figures> readers = new ArrayList<>();
        final List<Window.Figures> writers = new ArrayList<>();
        for (int i = 2; i < f.length; i++)
        {
            final boolean reader = i - 2 < shape.readers;
            (reader ? readers : writers).add(figures(f[i], reader ? 'R' : 'W'));
        }
        return new Window((int)index, nanos, readers, writers);
    }

    private static Window.Figures figures(final String field, final char role)
    {
        if (field.length() < 2 || field.charAt(0) != role || field.charAt(1) != '=')
        {
            throw new IllegalArgumentException("field '" + field + "': expected " + role +
                "=<acquisitions>:<p99>:<max>");
        }
        final String[] v = field.substring(2).split(":", -1);
        if (v.length != 3)
        {
            throw new IllegalArgumentException("field '" + field + "': expected 3 numbers after " + role + "=");
        }
        return new Window.Figures(number(v[0], "acquisitions"), number(v[1], "p99"), number(v[2], "max"));
    }

    private static long number(final String text, final String what)
    {
        if (!text.matches("[0-9]{1,18}"))
        {
            throw new IllegalArgumentException(what + " '" + text + "' is not a non-negative whole number");
        }
        return Long.parseLong(text);
    }

    /**
     * @param output  a child's output lines
     * @param shape   its shape
     * @param windows how many windows it was to print
     * @return the windows that decoded, and every error: undecodable lines (quoted, with their line number), and
     *     missing, repeated or out-of-range windows
     */
    static Parsed parse(final List<String> output, final Shape shape, final int windows)
    {
        final TreeMap<Integer, Window> seen = new TreeMap<>();
        final List<String> errors = new ArrayList<>();
        for (int i = 0; i < output.size(); i++)
        {
            final String line = output.get(i);
            if (!line.startsWith(PREFIX))
            {
                continue;
            }
            final Window w;
            try
            {
                w = decode(line, shape);
            }
            catch (final IllegalArgumentException e)
            {
                errors.add(String.format(Locale.ROOT, "line %d '%s': %s", i + 1, line, e.getMessage()));
                continue;
            }
            if (w.index() > windows)
            {
                errors.add(String.format(Locale.ROOT, "line %d: window %d, but the fork measured %d", i + 1,
                    w.index(), windows));
            }
            else if (seen.putIfAbsent(w.index(), w) != null)
            {
                errors.add(String.format(Locale.ROOT, "line %d: window %d repeated", i + 1, w.index()));
            }
        }
        for (int w = 1; w <= windows; w++)
        {
            if (!seen.containsKey(w))
            {
                errors.add("window " + w + " missing");
            }
        }
        return new Parsed(new ArrayList<>(seen.values()), errors);
    }
}
