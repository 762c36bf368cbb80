package org.rwsem4j.torture;

import java.io.PrintStream;
import java.util.Locale;
import java.util.Set;
import java.util.StringJoiner;
import java.util.TreeSet;
import java.util.concurrent.Callable;

import org.rwsem4j.spi.Patch;
import org.rwsem4j.Variant;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code list}: the patches on the classpath, the presets, the CI set and the negative controls. */
@Command(name = "list", usageHelpAutoWidth = true,
    description = "Print the patches on the classpath, the presets, the CI set and the negative controls.")
final class ListCommand implements Callable<Integer>
{
    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Print this help and exit.")
    boolean help;

    private final PrintStream out;

    ListCommand(final PrintStream out)
    {
        this.out = out;
    }

    @Override
    public Integer call()
    {
        out.print(render());
        out.flush();
        return Main.EXIT_SUCCESS;
    }

    static String render()
    {
        final StringBuilder sb = new StringBuilder();
        sb.append("Patches on the classpath:\n");
        if (Variant.available().isEmpty())
        {
            sb.append("  (none: only base)\n");
        }
        for (final String name : Variant.available())
        {
            final Patch p = Variant.patch(name);
            sb.append(String.format(Locale.ROOT, "  %-16s module %-22s seed %-8s requires %-16s conflicts %-10s%s%n",
                name, p.module(), first(p.seed()), join(p.requires()), join(p.conflicts()),
                p.optIn() ? "opt-in" : ""));
        }
        sb.append(Presets.line(Variant.available())).append("; base (alias xadd) = base\n");
        final StringJoiner ci = new StringJoiner(", ");
        Variant.ciSet().forEach(v -> ci.add(v.spec()));
        sb.append("CI set (").append(Variant.ciSet().size()).append("): ").append(ci).append('\n');
        sb.append("Valid combinations: ").append(Variant.allValidCombinations().size())
            .append(" (--variant all-combinations)\n");
        sb.append("Negative controls (must FAIL): ").append(NegativeControl.cliNames()).append('\n');
        return sb.toString();
    }

    private static String first(final String seed)
    {
        final int space = seed.indexOf(' ');
        return space < 0 ? seed : seed.substring(0, space);
    }

    private static String join(final Set<String> names)
    {
        return names.isEmpty() ? "-" : String.join(",", new TreeSet<>(names));
    }
}
