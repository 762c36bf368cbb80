package org.rwsem4j.bench.cli;

import java.io.PrintStream;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code list}: the patches on the classpath, the presets as they resolve, the controls and the peers. */
@Command(name = "list", usageHelpAutoWidth = true,
    description = {"Print the patches on the classpath, the bench-only controls, the presets as they resolve here " +
        "and the JDK peers."})
final class ListCommand implements Callable<Integer>
{
    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Print this help and exit.")
    boolean help;

    private final PrintStream stdout;

    ListCommand(final PrintStream stdout)
    {
        this.stdout = stdout;
    }

    @Override
    public Integer call()
    {
        stdout.print(PatchList.render());
        return 0;
    }
}
