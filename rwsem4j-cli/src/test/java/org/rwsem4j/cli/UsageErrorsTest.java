package org.rwsem4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.concurrent.Callable;

import org.junit.jupiter.api.Test;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The usage errors every CLI of the project prints (torture, race, rwsem-stat, the bench): one line naming the
 * problem, one hint line, exit status 2; anything that is not bad input goes on as before.
 */
class UsageErrorsTest
{
    /** A command with one argument and one option; "bad" is bad input found late, "boom" a bug. */
    @Command(name = "tool", synopsisSubcommandLabel = "[list]")
    static final class Tool implements Callable<Integer>
    {
        @Parameters(index = "0")
        String file;

        @Option(names = "--count")
        int count;

        @Override
        public Integer call() throws UsageException
        {
            if (file.equals("bad"))
            {
                throw new UsageException("the file is bad");
            }
            if (file.equals("boom"))
            {
                throw new IllegalStateException("a bug");
            }
            return 0;
        }
    }

    /** A command that only dispatches to its subcommands. */
    @Command(name = "disp", synopsisSubcommandLabel = "COMMAND")
    static final class Dispatcher implements Runnable
    {
        @Override
        public void run()
        {
        }
    }

    /** Its one subcommand. */
    @Command(name = "go")
    static final class Go implements Runnable
    {
        @Override
        public void run()
        {
        }
    }

    private record Outcome(int status, List<String> err)
    {
    }

    private static Outcome run(final CommandLine cl, final String note, final String... args)
    {
        final StringWriter text = new StringWriter();
        final PrintWriter err = new PrintWriter(text, true);
        cl.setErr(err);
        UsageErrors.install(cl, err, cl.getCommandName(), note);
        final int status = cl.execute(args);
        err.flush();
        return new Outcome(status, text.toString().lines().toList());
    }

    private static Outcome tool(final String... args)
    {
        return run(new CommandLine(new Tool()).addSubcommand(new Go()), null, args);
    }

    @Test
    void anUnknownOptionIsOneLineAndAHint()
    {
        final Outcome r = tool("x", "--bogus");
        assertEquals(new Outcome(2, List.of("tool: unknown option: '--bogus'", "run 'tool --help' for usage")), r);
    }

    @Test
    void aMisspeltOptionGetsPicocliSuggestion()
    {
        final Outcome r = tool("x", "--coutn", "3");
        assertEquals(2, r.status(), r::toString);
        assertEquals("tool: unknown option: '--coutn'", r.err().get(0));
        assertEquals("did you mean --count? run 'tool --help' for usage", r.err().get(1));
    }

    @Test
    void anExtraArgumentIsUnexpectedWithTheNoteIfGiven()
    {
        assertEquals("tool: unexpected argument 'y'", tool("x", "y").err().get(0));
        final Outcome noted = run(new CommandLine(new Tool()), "one file", "x", "y");
        assertEquals(new Outcome(2, List.of("tool: unexpected argument 'y' (one file)", "run 'tool --help' for usage")),
            noted);
    }

    @Test
    void aWordWhereACommandIsRequiredIsAnUnknownCommand()
    {
        final Outcome r = run(new CommandLine(new Dispatcher()).addSubcommand(new Go()), null, "frobnicate");
        assertEquals(2, r.status(), r::toString);
        assertEquals("disp: unknown command 'frobnicate'", r.err().get(0));
        assertTrue(r.err().get(1).endsWith("run 'disp --help' for usage"), r::toString);
    }

    @Test
    void aSubcommandsHintNamesTheSubcommand()
    {
        final Outcome r = run(new CommandLine(new Dispatcher()).addSubcommand(new Go()), null, "go", "--bogus");
        assertEquals(new Outcome(2, List.of("disp: unknown option: '--bogus'", "run 'disp go --help' for usage")), r);
    }

    @Test
    void aUsageExceptionFromTheCommandIsAUsageError()
    {
        assertEquals(new Outcome(2, List.of("tool: the file is bad", "run 'tool --help' for usage")), tool("bad"));
    }

    @Test
    void anyOtherExceptionIsNotAUsageError()
    {
        final Outcome r = tool("boom");
        assertEquals(1, r.status(), r::toString);
        assertTrue(String.join("\n", r.err()).contains("IllegalStateException: a bug"), r::toString);
    }

    @Test
    void controlCharactersArePrintedAsQuestionMarks()
    {
        assertEquals("tool: unknown option: '--evil?[2J'", tool("x", "--evil\u001b[2J").err().get(0));
    }

    @Test
    void atFilesAreNotExpanded()
    {
        assertEquals("tool: unexpected argument '@args.txt'", tool("x", "@args.txt").err().get(0));
    }

    @Test
    void oneLineKeepsTheFirstLineWithoutAClassNameAndDecapitalizes()
    {
        assertEquals("end of input at line 3", UsageErrors.oneLine("java.io.EOFException: End of input at line 3\nat"));
        assertEquals("JSON is not an object", UsageErrors.oneLine("JSON is not an object"));
        assertEquals("", UsageErrors.oneLine(null));
    }
}
