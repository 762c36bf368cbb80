package org.rwsem4j.torture;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.rwsem4j.Variant;
import org.rwsem4j.cli.UsageException;

/** Turns the CLI's {@code --variant} and {@code --oracle} into the list of runs, checking every spec first. */
final class Plan
{
    static final String ALL_COMBINATIONS = "all-combinations";
    static final String CI_SET = "ci-set";

    private Plan()
    {
    }

    /** Whether {@code variantArg} asks for every valid combination, or every one that holds some patches. */
    static boolean everyCombination(final String variantArg)
    {
        final String arg = variantArg.trim();
        return arg.equals(ALL_COMBINATIONS) || arg.startsWith(ALL_COMBINATIONS + ":");
    }

    static List<PlannedRun> of(final String variantArg, final List<Oracle> oracles) throws UsageException
    {
        final Set<String> specs = new LinkedHashSet<>();
        NegativeControl control = null;
        final String arg = variantArg.trim();
        if (arg.equals(ALL_COMBINATIONS))
        {
            Variant.allValidCombinations().forEach(v -> specs.add(v.spec()));
        }
        else if (arg.startsWith(ALL_COMBINATIONS + ":"))
        {
            combinationsWith(arg.substring(ALL_COMBINATIONS.length() + 1)).forEach(v -> specs.add(v.spec()));
        }
        else if (arg.equals(CI_SET))
        {
            Variant.ciSet().forEach(v -> specs.add(v.spec()));
        }
        else if ((control = NegativeControl.byCliName(arg)) != null)
        {
            specs.add(control.spec());
        }
        else
        {
            for (final String one : arg.split(",", -1))
            {
                try
                {
                    specs.add(one.trim().equals(Peer.RRWL) ? Peer.RRWL : Variant.parse(one).spec());
                }
                catch (final IllegalArgumentException ex)
                {
                    throw new UsageException("bad --variant '" + one.trim() + "': " + ex.getMessage() +
                        "; or one of: " + ALL_COMBINATIONS + ", " + CI_SET + ", " + NegativeControl.cliNames());
                }
            }
        }
        final List<PlannedRun> runs = new ArrayList<>();
        for (final String spec : specs)
        {
            for (final Oracle o : oracles)
            {
                runs.add(new PlannedRun(spec, control, o));
            }
        }
        return runs;
    }

    /**
     * The valid combinations that hold every patch of {@code names} ({@code P} or {@code P+Q...}): the patches on the
     * classpath, each valid combination of them that contains the named ones.
     */
    private static List<Variant> combinationsWith(final String names) throws UsageException
    {
        final List<Variant> all = Variant.allValidCombinations();
        final Set<String> known = new LinkedHashSet<>();
        all.forEach(v -> known.addAll(v.patchNames()));
        final List<String> wanted = List.of(names.split("\\+", -1));
        for (final String name : wanted)
        {
            if (!known.contains(name.trim()))
            {
                throw new UsageException("bad --variant '" + ALL_COMBINATIONS + ":" + names + "': '" + name.trim() +
                    "' is not a patch on the classpath (" + String.join(", ", known) + ")");
            }
        }
        final List<Variant> with = new ArrayList<>();
        for (final Variant v : all)
        {
            if (wanted.stream().allMatch(n -> v.patchNames().contains(n.trim())))
            {
                with.add(v);
            }
        }
        if (with.isEmpty())
        {
            throw new UsageException("bad --variant '" + ALL_COMBINATIONS + ":" + names + "': no valid combination " +
                "holds all of them");
        }
        return with;
    }
}
