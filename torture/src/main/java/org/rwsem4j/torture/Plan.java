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

    static List<PlannedRun> of(final String variantArg, final List<Oracle> oracles) throws UsageException
    {
        final Set<String> specs = new LinkedHashSet<>();
        NegativeControl control = null;
        final String arg = variantArg.trim();
        if (arg.equals(ALL_COMBINATIONS))
        {
            Variant.allValidCombinations().forEach(v -> specs.add(v.spec()));
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
}
