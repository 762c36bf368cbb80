package org.rwsem4j.torture;

/** A bad command line: the CLI prints the message on stderr and exits with 2. */
final class UsageException extends Exception
{
    private static final long serialVersionUID = 1L;

    UsageException(final String message)
    {
        super(message);
    }
}
