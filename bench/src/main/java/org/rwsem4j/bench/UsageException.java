package org.rwsem4j.bench;

/** Bad command-line arguments: the CLI prints the message and exits with status 2. */
final class UsageException extends Exception
{
    private static final long serialVersionUID = 1L;

    UsageException(final String message)
    {
        super(message);
    }
}
