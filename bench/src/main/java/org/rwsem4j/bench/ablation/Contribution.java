package org.rwsem4j.bench.ablation;

/**
 * One contribution the ablation reports (DESIGN.md, "Contributions the ablation reports"): the same cells measured
 * {@code without} and {@code with} the patch; the {@code % Change} is with against without.
 *
 * @param kind    how the pair was formed
 * @param patch   the patch measured
 * @param without the reference configuration
 * @param with    the configuration that differs by the patch
 */
public record Contribution(Kind kind, String patch, Config without, Config with)
{
    /** How a pair is formed. */
    enum Kind
    {
        /** base + P + requires(P) against base + requires(P). */
        ADDING,
        /** all against all minus P and the patches that require P. */
        REMOVING,
        /** an opt-in P on top of all minus its conflicts, against all minus its conflicts. */
        OPT_IN,
        /** a bench-only null control C: X+C against X; must come out "no difference". */
        NULL_CONTROL,
        /** a bench-only positive control C: X+C against X; must come out "different", slower. */
        POSITIVE_CONTROL
    }

    /** @return whether this pair is a control rather than a patch's contribution */
    public boolean isControl()
    {
        return kind == Kind.NULL_CONTROL || kind == Kind.POSITIVE_CONTROL;
    }

    /** @return a heading such as {@code adding trylock: base+trylock vs base} */
    String title()
    {
        final String verb;
        switch (kind)
        {
            case ADDING:
                verb = "adding";
                break;
            case REMOVING:
                verb = "removing";
                break;
            case OPT_IN:
                verb = "opt-in";
                break;
            case NULL_CONTROL:
                verb = "null control";
                break;
            default:
                verb = "positive control";
                break;
        }
        return verb + " " + patch + ": " + with.label() + " vs " + without.label();
    }
}
