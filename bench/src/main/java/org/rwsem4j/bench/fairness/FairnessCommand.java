package org.rwsem4j.bench.fairness;

import java.io.PrintStream;
import java.util.concurrent.Callable;

import org.rwsem4j.bench.Locks;
import org.rwsem4j.bench.PositiveInt;
import org.rwsem4j.cli.UsageErrors;
import org.rwsem4j.cli.UsageException;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code fairness}: one timed reader/writer fairness run; the ablation runs it in child JVMs. */
@Command(name = "fairness", usageHelpAutoWidth = true,
    description = {"One timed reader/writer fairness run (the ablation runs it in child JVMs): per-thread ops in " +
        "locktorture format, the writers' waits, and a result line for the parent. Exit 1 if a reader saw torn data."})
public final class FairnessCommand implements Callable<Integer>
{
    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Print this help and exit.")
    boolean help;

    @Parameters(index = "0", paramLabel = "IMPL", description = "The lock: a peer or a variant spec.")
    String impl;

    @Parameters(index = "1", paramLabel = "READERS", converter = PositiveInt.class, description = "Reader threads.")
    int readers;

    @Parameters(index = "2", paramLabel = "WRITERS", converter = PositiveInt.class, description = "Writer threads.")
    int writers;

    @Parameters(index = "3", paramLabel = "MILLIS", converter = PositiveInt.class, description = "How long, ms.")
    int millis;

    @Parameters(index = "4", paramLabel = "LOAD", description = "Pause units inside and outside the critical " +
        "section.")
    int load;

    @Option(names = "--read-load", paramLabel = "UNITS", description = "Pause units inside each read section " +
        "(default: LOAD); the reader-flood case's long read sections.")
    Integer readLoad;

    private final PrintStream stdout;

    /** @param stdout where the run's lines go */
    public FairnessCommand(final PrintStream stdout)
    {
        this.stdout = stdout;
    }

    @Override
    public Integer call() throws UsageException, InterruptedException
    {
        if (load < 0)
        {
            throw new UsageException("fairness: LOAD must be at least 0, got " + load);
        }
        final int read = readLoad == null ? load : readLoad;
        if (read < 0)
        {
            throw new UsageException("fairness: --read-load must be at least 0, got " + read);
        }
        try
        {
            Locks.validate(impl);
        }
        catch (final IllegalArgumentException | IllegalStateException e)
        {
            throw new UsageException("fairness: bad lock '" + impl + "': " + UsageErrors.oneLine(e.getMessage()));
        }
        return FairnessHarness.main(new String[] {impl, Integer.toString(readers), Integer.toString(writers),
            Integer.toString(millis), Integer.toString(load), Integer.toString(read)}, stdout);
    }
}
