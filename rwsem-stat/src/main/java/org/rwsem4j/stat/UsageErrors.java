package org.rwsem4j.stat;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

import picocli.CommandLine;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * How rwsem-stat reports bad arguments, as the bench and the torture CLI do: one line {@code rwsem-stat: <what is
 * wrong>} and one hint line ({@code run 'rwsem-stat --help' for usage}, after picocli's suggestion for a misspelt
 * option), exit status {@link Main#EXIT_USAGE}, never a stack trace; a control character in an argument is printed
 * as {@code ?}. A file that cannot be read is not a usage error: it gets its one line without the hint.
 */
final class UsageErrors
{
    private UsageErrors()
    {
    }

    /**
     * Sends a command line's parse errors to {@code err} as usage errors.
     *
     * @param cl  the command line
     * @param err where the lines go
     */
    static void install(final CommandLine cl, final PrintWriter err)
    {
        cl.setExpandAtFiles(false);
        cl.setParameterExceptionHandler((e, args) ->
        {
            err.println(StatCommand.PROGRAM + ": " + printable(message(e)));
            final String hint = suggestion(e);
            err.println((hint == null ? "" : hint + " ") + "run '" + StatCommand.PROGRAM + " --help' for usage");
            err.flush();
            return Main.EXIT_USAGE;
        });
    }

    /**
     * @param e a picocli parse error
     * @return its message as one line, e.g. {@code unexpected argument 'b.stats'} or {@code unknown option: '--bogus'}
     */
    static String message(final ParameterException e)
    {
        if (e instanceof UnmatchedArgumentException)
        {
            final List<String> unmatched = ((UnmatchedArgumentException)e).getUnmatched();
            if (!unmatched.isEmpty())
            {
                // the first one only: picocli lists the arguments after an unknown option too
                final String first = unmatched.get(0);
                return first.startsWith("-") ? "unknown option: '" + first + "'" :
                    "unexpected argument '" + first + "' (one stats file or pid)";
            }
        }
        final String line = e.getMessage() == null ? "" : e.getMessage().lines().findFirst().orElse("").trim();
        if (line.length() > 1 && Character.isUpperCase(line.charAt(0)) && Character.isLowerCase(line.charAt(1)))
        {
            return line.substring(0, 1).toLowerCase(Locale.ROOT) + line.substring(1);
        }
        return line;
    }

    /** @return picocli's suggestions for a mistyped option as {@code did you mean x?}, or null */
    private static String suggestion(final ParameterException e)
    {
        if (e instanceof UnmatchedArgumentException)
        {
            final List<String> s = ((UnmatchedArgumentException)e).getSuggestions();
            if (!s.isEmpty())
            {
                return "did you mean " + String.join(" or ", s.subList(0, Math.min(3, s.size()))) + "?";
            }
        }
        return null;
    }

    /** @return the text with every ISO control character (an argument may hold escapes) as {@code ?} */
    static String printable(final String text)
    {
        final StringBuilder sb = new StringBuilder(text.length());
        text.chars().forEach(c -> sb.append(Character.isISOControl(c) ? '?' : (char)c));
        return sb.toString();
    }
}
