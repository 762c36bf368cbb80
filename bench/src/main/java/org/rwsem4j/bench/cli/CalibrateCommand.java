package org.rwsem4j.bench.cli;

import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.Callable;

import org.rwsem4j.bench.LoadCalibration;
import org.rwsem4j.bench.LoadUnit;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code calibrate}: what one pause unit ({@code Thread.onSpinWait()}) and one {@code Blackhole.consumeCPU} token cost
 * on this machine ({@link LoadCalibration}).
 */
@Command(name = "calibrate", usageHelpAutoWidth = true,
    description = {"Print what one pause unit (Thread.onSpinWait) and one Blackhole.consumeCPU token cost here, in " +
        "ns: the units of LockTestBenchmark's 'load' parameter (-p unit=pause, the default, or -p unit=tokens)."})
final class CalibrateCommand implements Callable<Integer>
{
    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Print this help and exit.")
    boolean help;

    private final PrintStream stdout;

    CalibrateCommand(final PrintStream stdout)
    {
        this.stdout = stdout;
    }

    @Override
    public Integer call()
    {
        stdout.printf(Locale.ROOT, "1 pause unit (Thread.onSpinWait) = %.1f ns%n", LoadCalibration.nanosPerPause());
        stdout.printf(Locale.ROOT, "1 token (Blackhole.consumeCPU) = %.2f ns%n",
            LoadCalibration.nanosPerUnit(LoadUnit.TOKENS));
        return 0;
    }
}
