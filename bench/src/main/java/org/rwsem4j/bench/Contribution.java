package org.rwsem4j.bench;

/**
 * One contribution the ablation reports (DESIGN.md, "Contributions the ablation reports"): the same cells measured
 * {@code without} and {@code with} the patch; the {@code % Change} is with against without.
 *
 * @param kind    how the pair was formed
 * @param patch   the patch measured
 * @param without the reference configuration
 * @param with    the configuration that differs by the patch
 */
record Contribution(Kind kind, String patch, Config without, Config with)
{
    /** How a pair is formed. */
    enum Kind
    {
        /** base + P + requires(P) against base + requires(P). */
        ADDING,
        /** all against all minus P and the patches that require P. */
        REMOVING,
        /** an opt-in P on top of all minus its conflicts, against all minus its conflicts. */
        OPT_IN
    }

    /** @return a heading such as {@code adding trylock: base+trylock vs base} */
    String title()
    {
        final String verb = kind == Kind.ADDING ? "adding" : kind == Kind.REMOVING ? "removing" : "opt-in";
        return verb + " " + patch + ": " + with.label() + " vs " + without.label();
    }
}
