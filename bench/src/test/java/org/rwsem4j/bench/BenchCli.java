package org.rwsem4j.bench;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** Runs the bench's command line in-process and keeps what it printed, for the command tests. */
public final class BenchCli
{
    /** Standard output of the last run. */
    public final ByteArrayOutputStream out = new ByteArrayOutputStream();
    /** Standard error of the last run. */
    public final ByteArrayOutputStream err = new ByteArrayOutputStream();

    /**
     * @param args the command line
     * @return the exit status
     * @throws Exception from JMH's own entry point
     */
    public int run(final String... args) throws Exception
    {
        out.reset();
        err.reset();
        return BenchMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    }
}
