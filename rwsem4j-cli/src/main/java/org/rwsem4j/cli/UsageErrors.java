package org.rwsem4j.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

import picocli.CommandLine;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * How the project's CLIs (torture, race, rwsem-stat, the bench) report bad input: one line {@code <program>: <what is
 * wrong>}, then one hint line ({@code run '<program> [command] --help' for usage}, after picocli's suggestion for a
 * misspelt option or command), exit status {@link #EXIT_USAGE}, never a stack trace. A control character in the line
 * (an argument may hold escapes) is printed as {@code ?}.
 */
public final class UsageErrors
{
    /** The exit status of a usage error. */
    public static final int EXIT_USAGE = 2;

    private UsageErrors()
    {
    }

    /**
     * Runs a command line the way every CLI here does: output and errors as UTF-8 writers over {@code out} and
     * {@code err}, usage errors {@linkplain #install(CommandLine, PrintWriter, String, String) installed}, both writers
     * flushed at the end.
     *
     * @param cl      the command line, with its subcommands added
     * @param args    the arguments
     * @param out     where output and help go
     * @param err     where errors go
     * @param program the name each error line starts with
     * @param note    what the command takes instead of an unexpected argument, or null
     * @return the exit status
     */
    public static int execute(final CommandLine cl, final String[] args, final PrintStream out,
        final PrintStream err, final String program, final String note)
    {
        final PrintWriter outWriter = new PrintWriter(out, true, StandardCharsets.UTF_8);
        final PrintWriter errWriter = new PrintWriter(err, true, StandardCharsets.UTF_8);
        cl.setOut(outWriter);
        cl.setErr(errWriter);
        install(cl, errWriter, program, note);
        try
        {
            return cl.execute(args);
        }
        finally
        {
            outWriter.flush();
            errWriter.flush();
        }
    }

    /**
     * Sends a command line's parse errors, and the {@link UsageException}s its commands throw, to {@code err} as usage
     * errors; any other exception goes on as before. Call it after the subcommands are added: picocli hands the
     * handlers down to them. Turns off {@code @file} expansion: an argument is what it says.
     *
     * @param cl      the command line
     * @param err     where the lines go
     * @param program the name each line starts with
     */
    public static void install(final CommandLine cl, final PrintWriter err, final String program)
    {
        install(cl, err, program, null);
    }

    /**
     * As {@link #install(CommandLine, PrintWriter, String)}, with a note after an unexpected argument's line, e.g.
     * {@code unexpected argument 'b.stats' (one stats file or pid)}.
     *
     * @param cl      the command line
     * @param err     where the lines go
     * @param program the name each line starts with
     * @param note    what the command takes instead, or null for no note
     */
    public static void install(final CommandLine cl, final PrintWriter err, final String program, final String note)
    {
        cl.setExpandAtFiles(false);
        cl.setParameterExceptionHandler((e, args) ->
        {
            final String message = message(e);
            final boolean annotate = note != null && message.startsWith("unexpected argument '");
            return print(err, program, annotate ? message + " (" + note + ")" : message, e.getCommandLine(),
                suggestion(e));
        });
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
     * A picocli parse error as one line: {@code unknown option: '--bogus'}, {@code unknown command 'frobnicate'} (a
     * word where a command whose subcommand is required, as its synopsis label without brackets says, wants one), or
     * {@code unexpected argument 'x'}; otherwise picocli's message by {@link #oneLine}.
     *
     * @param e a picocli parse error
     * @return its message as one line
     */
    public static String message(final ParameterException e)
    {
        if (e instanceof UnmatchedArgumentException)
        {
            final List<String> unmatched = ((UnmatchedArgumentException)e).getUnmatched();
            if (!unmatched.isEmpty())
            {
                // the first one only: picocli lists the arguments after an unknown option too
                final String first = unmatched.get(0);
                if (first.startsWith("-"))
                {
                    return "unknown option: '" + first + "'";
                }
                return (wantsCommand(e.getCommandLine()) ? "unknown command '" : "unexpected argument '") + first + "'";
            }
        }
        return oneLine(e.getMessage());
    }

    /**
     * The first line of a message, without a leading exception class name ({@code java.io.EOFException: ...}), and
     * decapitalized unless it starts with an acronym.
     *
     * @param message an exception's message, or null
     * @return one line, possibly empty
     */
    public static String oneLine(final String message)
    {
        final String line = message == null ? "" : message.lines().findFirst().orElse("").trim()
            .replaceFirst("^([a-z][a-z0-9_]*\\.)+[A-Z][A-Za-z0-9_$]*: ", "");
        if (line.length() > 1 && Character.isUpperCase(line.charAt(0)) && Character.isLowerCase(line.charAt(1)))
        {
            return line.substring(0, 1).toLowerCase(Locale.ROOT) + line.substring(1);
        }
        return line;
    }

    static int print(final PrintWriter err, final String program, final String message, final CommandLine command,
        final String hint)
    {
        err.println(program + ": " + printable(message));
        if (command != null)
        {
            err.println((hint == null ? "" : hint + " ") + "run '" + command.getCommandSpec().qualifiedName() +
                " --help' for usage");
        }
        err.flush();
        return EXIT_USAGE;
    }

    /** @return picocli's suggestions for a mistyped option or command as {@code did you mean x?}, or null */
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

    /** @return whether the command must be followed by a subcommand: it has some, and its synopsis label has no [] */
    private static boolean wantsCommand(final CommandLine cl)
    {
        return cl != null && !cl.getSubcommands().isEmpty() &&
            !cl.getCommandSpec().usageMessage().synopsisSubcommandLabel().startsWith("[");
    }

    /** @return the text with every ISO control character as {@code ?} */
    static String printable(final String text)
    {
        final StringBuilder sb = new StringBuilder(text.length());
        text.chars().forEach(c -> sb.append(Character.isISOControl(c) ? '?' : (char)c));
        return sb.toString();
    }
}
