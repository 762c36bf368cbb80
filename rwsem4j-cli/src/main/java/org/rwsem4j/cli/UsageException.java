package org.rwsem4j.cli;

/**
 * Bad input found after parsing: a bad value, a missing or malformed file the command line names. A command's
 * {@code call()} throws it; {@link UsageErrors} prints the message as one line and the CLI exits with
 * {@link UsageErrors#EXIT_USAGE}.
 */
public final class UsageException extends Exception
{
    private static final long serialVersionUID = 1L;

    /**
     * @param message what is wrong, one line, without the program's name
     */
    public UsageException(final String message)
    {
        super(message);
    }
}
