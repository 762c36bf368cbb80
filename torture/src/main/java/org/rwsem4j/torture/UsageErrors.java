package org.rwsem4j.torture;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

import picocli.CommandLine;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * How the torture CLIs report bad input, as the bench does: one line {@code <program>: <what is wrong>} and one hint
 * line ({@code run '<program> --help' for usage}), exit status {@link Main#EXIT_USAGE}, never a stack trace; a control
 * character in an argument is printed as {@code ?}.
 */
final class UsageErrors
{
    private UsageErrors()
    {
    }

    /**
     * Sends a command line's parse errors, and the {@link UsageException}s its commands throw, to {@code err} as
     * usage errors. Call it after the subcommands are added: picocli hands the handlers down to them.
     *
     * @param cl      the command line
     * @param err     where the lines go
     * @param program the name the line starts with
     */
    static void install(final CommandLine cl, final PrintWriter err, final String program)
    {
        cl.setExpandAtFiles(false);
        cl.setParameterExceptionHandler((e, args) ->
            print(err, program, message(e), e.getCommandLine(), suggestion(e)));
        cl.setExecutionExceptionHandler((e, command, parsed) ->
        {
            if (e instanceof UsageException)
            {
                return print(err, program, e.getMessage(), command, null);
            }
            throw e;
        });
    }

    /**
     * @param e a picocli parse error
     * @return its message as one line, e.g. {@code unexpected argument 'run'} or {@code unknown option: '--bogus'}
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
                    "unexpected argument '" + first + "'";
            }
        }
        return oneLine(e.getMessage());
    }

    private static int print(final PrintWriter err, final String program, final String message,
        final CommandLine command, final String hint)
    {
        err.println(program + ": " + printable(message));
        if (command != null)
        {
            err.println((hint == null ? "" : hint + " ") + "run '" + command.getCommandSpec().qualifiedName() +
                " --help' for usage");
        }
        err.flush();
        return Main.EXIT_USAGE;
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

    /** @return the first line of a message, decapitalized unless it starts with an acronym */
    private static String oneLine(final String message)
    {
        final String line = message == null ? "" : message.lines().findFirst().orElse("").trim();
        if (line.length() > 1 && Character.isUpperCase(line.charAt(0)) && Character.isLowerCase(line.charAt(1)))
        {
            return line.substring(0, 1).toLowerCase(Locale.ROOT) + line.substring(1);
        }
        return line;
    }

    /** @return the text with every ISO control character (an argument may hold escapes) as {@code ?} */
    static String printable(final String text)
    {
        final StringBuilder sb = new StringBuilder(text.length());
        text.chars().forEach(c -> sb.append(Character.isISOControl(c) ? '?' : (char)c));
        return sb.toString();
    }
}
