package org.rwsem4j.bench;

import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code calibrate}: what one pause unit ({@code Thread.onSpinWait()}) costs on this machine. */
@Command(name = "calibrate", usageHelpAutoWidth = true,
    description = {"Print what one pause unit (Thread.onSpinWait) costs here, in ns: the unit of the 'load' " +
        "parameter."})
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
        stdout.printf(Locale.ROOT, "1 pause unit (Thread.onSpinWait) = %.1f ns%n", PauseCalibration.nanosPerPause());
        return 0;
    }
}
