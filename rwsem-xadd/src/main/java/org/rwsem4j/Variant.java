package org.rwsem4j;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;

import org.rwsem4j.spi.DecisionPoint;
import org.rwsem4j.spi.Patch;

/**
 * A resolved combination of patches. Spec grammar: {@code spec := preset | name ('+' name)*}; names are the
 * lower-case patch names, white space is trimmed, order does not matter. Presets: {@code base} (alias {@code xadd}),
 * {@code all} (every available patch not marked opt-in, whatever that is on this classpath; a lock built from it logs
 * once what it became, {@link PresetLog}) and {@code recommended} (its full definition, or an
 * {@link IllegalArgumentException} naming the missing patches and their modules, as an explicit spec gives). The
 * canonical form is {@code base} or the sorted names joined by {@code +}.
 */
public final class Variant
{
    private final List<Patch> installOrder;
    private final String spec;
    /** Resolved from the {@code all} preset: a lock built from it announces what {@code all} became. */
    final boolean fromAll;

    private Variant(final List<Patch> installOrder)
    {
        this(installOrder, false);
    }

    private Variant(final List<Patch> installOrder, final boolean fromAll)
    {
        this.fromAll = fromAll;
        this.installOrder = List.copyOf(installOrder);
        final TreeSet<String> names = new TreeSet<>();
        installOrder.forEach(p -> names.add(p.name()));
        this.spec = names.isEmpty() ? Catalogue.BASE : String.join("+", names);
    }

    /**
     * Parses and validates a spec against the patches on the classpath.
     *
     * @param spec e.g. {@code reader-owned+handoff}
     * @return the variant
     * @throws IllegalArgumentException if the spec is empty, repeats a name, names an unknown patch or one whose
     *                                  module is missing, misses a requirement, or holds a conflict
     */
    public static Variant parse(final String spec)
    {
        return resolve(spec, List.of(), Registry.PATCHES);
    }

    /**
     * Parses a spec as a classpath with only some of the patches on it would: what a build without some patch
     * modules resolves, and the message it fails with. For tools that report what the presets become (a trimmed
     * build's {@code recommended}) and their tests; a lock is always built from the patches actually present.
     *
     * @param spec      e.g. {@code recommended}
     * @param available the patch names to treat as present; names not on this classpath are ignored
     * @return the variant
     * @throws IllegalArgumentException as {@link #parse(String)} on a classpath with only those patches
     */
    public static Variant parse(final String spec, final Collection<String> available)
    {
        final TreeMap<String, Patch> present = new TreeMap<>(Registry.PATCHES);
        present.keySet().retainAll(Set.copyOf(available));
        return resolve(spec, List.of(), Collections.unmodifiableMap(present));
    }

    static Variant resolve(final String spec, final Collection<Patch> extra)
    {
        return resolve(spec, extra, Registry.PATCHES);
    }

    private static Variant resolve(final String spec, final Collection<Patch> extra,
        final Map<String, Patch> available)
    {
        final LinkedHashMap<String, Patch> chosen = new LinkedHashMap<>();
        boolean fromAll = false;
        if (spec == null || spec.isBlank())
        {
            if (extra.isEmpty())
            {
                throw new IllegalArgumentException("empty variant spec; " + help(available));
            }
        }
        else
        {
            final String trimmed = spec.trim();
            final String lower = trimmed.toLowerCase(java.util.Locale.ROOT);
            if (lower.equals(Catalogue.BASE) || lower.equals(Catalogue.BASE_ALIAS))
            {
                // no patches
            }
            else if (lower.equals(Catalogue.ALL))
            {
                available.values().stream().filter(p -> !p.optIn() && requirementsAvailable(p, available))
                    .forEach(p -> chosen.put(p.name(), p));
                fromAll = extra.isEmpty();
            }
            else if (lower.equals(Catalogue.RECOMMENDED))
            {
                // The full definition or nothing: a preset that quietly shrank would run another variant by its name.
                final List<String> missing = new ArrayList<>();
                for (final String n : Catalogue.RECOMMENDED_PATCHES)
                {
                    final Patch p = available.get(n);
                    if (p == null)
                    {
                        missing.add(n);
                    }
                    else
                    {
                        chosen.put(n, p);
                    }
                }
                if (!missing.isEmpty())
                {
                    throw new IllegalArgumentException(Catalogue.missingRecommended(missing));
                }
            }
            else
            {
                final String[] names = trimmed.split("\\+", -1);
                for (final String raw : names)
                {
                    if (raw.trim().isEmpty())
                    {
                        throw new IllegalArgumentException("empty patch name in spec '" + spec + "'; " +
                            help(available));
                    }
                }
                for (final String raw : names)
                {
                    final String n = raw.trim();
                    if (isPreset(n))
                    {
                        throw new IllegalArgumentException(
                            "preset '" + n + "' cannot be combined with patch names in '" + spec + "'; " +
                            help(available));
                    }
                    final Patch p = available.get(n);
                    if (p == null)
                    {
                        final String module = Catalogue.MODULE_OF.get(n);
                        if (module != null)
                        {
                            throw new IllegalArgumentException("patch '" + n + "' is not on the classpath: add the " +
                                "Maven module org.rwsem4j:" + module + " (or build without -P '!" + module + "')");
                        }
                        throw new IllegalArgumentException("unknown patch '" + n + "' in spec '" + spec + "'; " +
                            help(available));
                    }
                    if (chosen.put(n, p) != null)
                    {
                        throw new IllegalArgumentException("duplicate patch '" + n + "' in spec '" + spec + "'");
                    }
                }
            }
        }
        for (final Patch p : extra)
        {
            if (chosen.put(p.name(), p) != null)
            {
                throw new IllegalArgumentException("duplicate patch '" + p.name() + "'");
            }
        }
        return new Variant(validate(chosen), fromAll);
    }

    /** A patch whose requirements (transitively) are on the classpath; {@code all} skips the others. */
    private static boolean requirementsAvailable(final Patch p, final Map<String, Patch> available)
    {
        return available.keySet().containsAll(requiresClosure(p.requires(), requiresIn(available)));
    }

    private static boolean isPreset(final String n)
    {
        return n.equals(Catalogue.BASE) || n.equals(Catalogue.BASE_ALIAS) || n.equals(Catalogue.ALL) ||
            n.equals(Catalogue.RECOMMENDED);
    }

    private static String help(final Map<String, Patch> available)
    {
        return "available patches: " + (available.isEmpty() ? "(none on the classpath)" :
            String.join(", ", available.keySet())) + "; presets: base (alias xadd), all, recommended; " +
            "a spec is a preset or patch names joined by '+'";
    }

    /** Checks requirements, conflicts and decision-point ownership; returns the install order. */
    private static List<Patch> validate(final Map<String, Patch> chosen)
    {
        for (final Patch p : chosen.values())
        {
            for (final String r : p.requires())
            {
                if (!chosen.containsKey(r))
                {
                    final String module = Catalogue.MODULE_OF.get(r);
                    throw new IllegalArgumentException(p.name() + " requires " + r + (Registry.PATCHES.containsKey(r) ?
                        ": add it to the spec" : ", which is not on the classpath" +
                        (module != null ? ": add the Maven module org.rwsem4j:" + module : "")));
                }
            }
            for (final String c : p.conflicts())
            {
                if (chosen.containsKey(c))
                {
                    throw new IllegalArgumentException(p.name() + " conflicts with " + c +
                        ": they cannot be in one variant");
                }
            }
        }
        final List<Patch> order = installOrder(chosen);
        final EnumMap<DecisionPoint, Patch> provider = new EnumMap<>(DecisionPoint.class);
        for (final Patch p : order)
        {
            for (final DecisionPoint d : p.decisionPoints())
            {
                final Patch before = provider.put(d, p);
                if (before != null && !requiresTransitively(p, before.name(), chosen))
                {
                    throw new IllegalArgumentException(p.name() + " and " + before.name() + " both override " + d +
                        " and neither requires the other");
                }
            }
        }
        return order;
    }

    private static boolean requiresTransitively(final Patch p, final String target, final Map<String, Patch> all)
    {
        return requiresClosure(p.requires(), requiresIn(all)).contains(target);
    }

    /**
     * The requires-closure walk, the one place it is written: the given names and everything they require,
     * transitively. The walk tolerates cycles and names it does not know (they are in the closure, but not walked
     * further), so callers decide what a missing requirement means. The bench's ablation plan walks its own patch
     * descriptions with it.
     *
     * @param roots      patch names
     * @param requiresOf a name's direct requirements, or null for a name it does not know
     * @return the roots and their requirements, transitively, sorted by name
     */
    public static Set<String> requiresClosure(final Collection<String> roots,
        final Function<String, ? extends Collection<String>> requiresOf)
    {
        final TreeSet<String> closure = new TreeSet<>();
        final ArrayList<String> todo = new ArrayList<>(roots);
        while (!todo.isEmpty())
        {
            final String name = todo.remove(todo.size() - 1);
            if (closure.add(name))
            {
                final Collection<String> requires = requiresOf.apply(name);
                if (requires != null)
                {
                    todo.addAll(requires);
                }
            }
        }
        return Collections.unmodifiableSet(closure);
    }

    private static Function<String, Set<String>> requiresIn(final Map<String, Patch> patches)
    {
        return name ->
        {
            final Patch p = patches.get(name);
            return p == null ? null : p.requires();
        };
    }

    /** Dependencies first, then by name: deterministic. */
    private static List<Patch> installOrder(final Map<String, Patch> chosen)
    {
        final List<Patch> out = new ArrayList<>();
        final Set<String> done = new LinkedHashSet<>();
        for (final String n : new TreeSet<>(chosen.keySet()))
        {
            visit(n, chosen, done, out, new LinkedHashSet<>());
        }
        return out;
    }

    private static void visit(final String n, final Map<String, Patch> chosen, final Set<String> done,
        final List<Patch> out, final Set<String> path)
    {
        if (done.contains(n))
        {
            return;
        }
        if (!path.add(n))
        {
            throw new IllegalArgumentException("patches require each other in a cycle: " + path);
        }
        final Patch p = chosen.get(n);
        for (final String r : new TreeSet<>(p.requires()))
        {
            visit(r, chosen, done, out, path);
        }
        done.add(n);
        out.add(p);
    }

    /**
     * The canonical spec.
     *
     * @return {@code base} or sorted names joined by {@code +}
     */
    public String spec()
    {
        return spec;
    }

    /**
     * The patch names, sorted.
     *
     * @return names
     */
    public List<String> patchNames()
    {
        final List<String> names = new ArrayList<>();
        installOrder.forEach(p -> names.add(p.name()));
        Collections.sort(names);
        return names;
    }

    List<Patch> installOrder()
    {
        return installOrder;
    }

    /**
     * Whether the variant contains a patch.
     *
     * @param name a patch name
     * @return true if present
     */
    public boolean contains(final String name)
    {
        return installOrder.stream().anyMatch(p -> p.name().equals(name));
    }

    /**
     * The patches found on the classpath, by name.
     *
     * @return names, sorted
     */
    public static Set<String> available()
    {
        return Collections.unmodifiableSet(new TreeSet<>(Registry.PATCHES.keySet()));
    }

    /**
     * One available patch.
     *
     * @param name its name
     * @return the provider, or null
     */
    public static Patch patch(final String name)
    {
        return Registry.PATCHES.get(name);
    }

    /**
     * Every valid combination of the available patches (base included), canonical specs in a stable order.
     *
     * @return the variants
     */
    public static List<Variant> allValidCombinations()
    {
        final List<Patch> ps = new ArrayList<>(Registry.PATCHES.values());
        final List<Variant> out = new ArrayList<>();
        for (int mask = 0; mask < (1 << ps.size()); mask++)
        {
            final LinkedHashMap<String, Patch> chosen = new LinkedHashMap<>();
            for (int i = 0; i < ps.size(); i++)
            {
                if ((mask & (1 << i)) != 0)
                {
                    chosen.put(ps.get(i).name(), ps.get(i));
                }
            }
            try
            {
                out.add(new Variant(validate(chosen)));
            }
            catch (final IllegalArgumentException invalid)
            {
                // not a valid combination
            }
        }
        out.sort((a, b) -> a.installOrder.size() != b.installOrder.size() ?
            Integer.compare(a.installOrder.size(), b.installOrder.size()) : a.spec.compareTo(b.spec));
        return out;
    }

    /**
     * The CI set: base, each patch with what it requires, every pair of patches that share a decision point (with
     * what they require), and {@code all}.
     *
     * @return the variants, without duplicates
     */
    public static List<Variant> ciSet()
    {
        final TreeMap<String, Variant> seen = new TreeMap<>();
        final List<Variant> out = new ArrayList<>();
        final java.util.function.Consumer<Variant> add = v ->
        {
            if (seen.putIfAbsent(v.spec, v) == null)
            {
                out.add(v);
            }
        };
        add.accept(parse(Catalogue.BASE));
        for (final Patch p : Registry.PATCHES.values())
        {
            try
            {
                add.accept(withRequirements(List.of(p)));
            }
            catch (final IllegalArgumentException requirementMissing)
            {
                // a patch whose requirement is not on the classpath cannot run here
            }
        }
        final List<Patch> ps = new ArrayList<>(Registry.PATCHES.values());
        for (int i = 0; i < ps.size(); i++)
        {
            for (int j = i + 1; j < ps.size(); j++)
            {
                final Set<DecisionPoint> shared = enumSetOf(ps.get(i).decisionPoints());
                shared.retainAll(ps.get(j).decisionPoints());
                if (!shared.isEmpty())
                {
                    try
                    {
                        add.accept(withRequirements(List.of(ps.get(i), ps.get(j))));
                    }
                    catch (final IllegalArgumentException invalid)
                    {
                        // a pair that cannot be combined is not part of the set
                    }
                }
            }
        }
        add.accept(parse(Catalogue.ALL));
        return out;
    }

    private static Set<DecisionPoint> enumSetOf(final Set<DecisionPoint> points)
    {
        return points.isEmpty() ? java.util.EnumSet.noneOf(DecisionPoint.class) : java.util.EnumSet.copyOf(points);
    }

    /**
     * The given patches plus everything they require, transitively ({@link #requiresClosure}); a requirement is
     * looked up among the given patches, then on the classpath.
     *
     * @param patches the patches
     * @return the variant
     * @throws IllegalArgumentException if a requirement is neither given nor available, or the patches conflict
     */
    public static Variant withRequirements(final Collection<Patch> patches)
    {
        final Map<String, Patch> known = new TreeMap<>(Registry.PATCHES);
        final List<String> roots = new ArrayList<>();
        for (final Patch p : patches)
        {
            known.put(p.name(), p);
            roots.add(p.name());
        }
        final LinkedHashMap<String, Patch> chosen = new LinkedHashMap<>();
        for (final String name : requiresClosure(roots, requiresIn(known)))
        {
            if (known.containsKey(name))
            {
                chosen.put(name, known.get(name));
            }
        }
        for (final Patch p : chosen.values())
        {
            for (final String r : p.requires())
            {
                if (!chosen.containsKey(r))
                {
                    throw new IllegalArgumentException(p.name() + " requires " + r + ", which is not available");
                }
            }
        }
        return new Variant(validate(chosen));
    }

    @Override
    public String toString()
    {
        return spec;
    }

    @Override
    public boolean equals(final Object o)
    {
        return o instanceof Variant && ((Variant)o).spec.equals(spec);
    }

    @Override
    public int hashCode()
    {
        return spec.hashCode();
    }

    /** The patches on the classpath, discovered once with {@link ServiceLoader}. */
    private static final class Registry
    {
        static final Map<String, Patch> PATCHES = load();

        private static Map<String, Patch> load()
        {
            final TreeMap<String, Patch> found = new TreeMap<>();
            for (final Patch p : ServiceLoader.load(Patch.class, Variant.class.getClassLoader()))
            {
                final Patch before = found.put(p.name(), p);
                if (before != null && before.getClass() != p.getClass())
                {
                    throw new IllegalStateException("two providers for patch '" + p.name() + "': " +
                        before.getClass().getName() + " and " + p.getClass().getName());
                }
            }
            return Collections.unmodifiableMap(found);
        }
    }
}
