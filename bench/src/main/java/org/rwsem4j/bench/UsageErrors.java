package org.rwsem4j.bench;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

import picocli.CommandLine;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * How the bench reports bad input: one line {@code rwsem4j-bench: <what is wrong>} and at most one hint line
 * ({@code run 'rwsem4j-bench <command> --help' for usage}), exit status {@link BenchMain#USAGE}, never a stack trace.
 */
final class UsageErrors
{
    /** The program's name, as every message starts. */
    static final String PROGRAM = "rwsem4j-bench";

    private UsageErrors()
    {
    }

    /**
     * @param e a picocli parse error
     * @return its message as one line, e.g. {@code unknown command 'frobnicate'} or {@code unknown option: '--bogus'}
     */
    static String message(final ParameterException e)
    {
        if (e instanceof UnmatchedArgumentException)
        {
            final List<String> unmatched = ((UnmatchedArgumentException)e).getUnmatched();
            final CommandLine cl = e.getCommandLine();
            if (!unmatched.isEmpty() && !unmatched.get(0).startsWith("-"))
            {
                final boolean top = cl != null && cl.getParent() == null && !cl.getSubcommands().isEmpty();
                return (top ? "unknown command '" : "unexpected argument '") + unmatched.get(0) + "'";
            }
        }
        return oneLine(e.getMessage());
    }

    /**
     * Prints a usage error.
     *
     * @param err     where
     * @param message what is wrong (one line)
     * @param command the command whose help the hint names, or null for no hint
     * @param hint    a short suggestion before the hint (e.g. {@code did you mean --forks?}), or null
     * @return {@link BenchMain#USAGE}
     */
    static int print(final PrintWriter err, final String message, final CommandLine command, final String hint)
    {
        err.println(PROGRAM + ": " + message);
        if (command != null)
        {
            err.println((hint == null ? "" : hint + " ") + "run '" + command.getCommandSpec().qualifiedName() +
                " --help' for usage");
        }
        err.flush();
        return BenchMain.USAGE;
    }

    /**
     * @param e a picocli parse error
     * @return picocli's suggestions for a mistyped option or command as {@code did you mean x?}, or null
     */
    static String suggestion(final ParameterException e)
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
    static String oneLine(final String message)
    {
        // a wrapped exception's message repeats the cause's class name (java.io.EOFException: ...): drop it
        final String line = message == null ? "" : message.lines().findFirst().orElse("").trim()
            .replaceFirst("^([a-z][a-z0-9_]*\\.)+[A-Z][A-Za-z0-9_$]*: ", "");
        if (line.length() > 1 && Character.isUpperCase(line.charAt(0)) && Character.isLowerCase(line.charAt(1)))
        {
            return line.substring(0, 1).toLowerCase(Locale.ROOT) + line.substring(1);
        }
        return line;
    }
}
