package org.rwsem4j.bench;

/**
 * Bad input: a bad command-line argument, a missing run folder, a malformed {@code jmh.json} or metadata file. The CLI
 * prints the one-line message and exits with status 2.
 */
final class UsageException extends Exception
{
    private static final long serialVersionUID = 1L;

    UsageException(final String message)
    {
        super(message);
    }
}
