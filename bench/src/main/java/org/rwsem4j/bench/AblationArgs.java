package org.rwsem4j.bench;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** The ablation command line, parsed and checked before anything runs. */
final class AblationArgs
{
    final boolean quick;
    final Profile profile;
    final List<String> variants;
    final Set<String> patches;
    final Set<Section> sections;
    final Path out;
    final boolean dryRun;
    final boolean help;

    private AblationArgs(final boolean quick, final Profile profile, final List<String> variants,
        final Set<String> patches, final Set<Section> sections, final Path out, final boolean dryRun,
        final boolean help)
    {
        this.quick = quick;
        this.profile = profile;
        this.variants = variants;
        this.patches = patches;
        this.sections = sections;
        this.out = out;
        this.dryRun = dryRun;
        this.help = help;
    }

    /**
     * @param args the arguments after {@code ablation}
     * @param availablePatches the patches on the classpath (to check {@code --patches})
     * @return the parsed arguments
     * @throws UsageException for anything malformed; the message says what and why
     */
    static AblationArgs parse(final String[] args, final Set<String> availablePatches) throws UsageException
    {
        boolean quick = false;
        boolean full = false;
        boolean smoke = false;
        Integer forks = null;
        Integer ops = null;
        List<String> variants = null;
        final Set<String> patches = new LinkedHashSet<>();
        Set<Section> sections = null;
        Path out = null;
        boolean dryRun = false;
        boolean help = false;
        for (int i = 0; i < args.length; i++)
        {
            final String a = args[i];
            switch (a)
            {
                case "--quick":
                    quick = true;
                    break;
                case "--full":
                    full = true;
                    break;
                case "--smoke":
                    smoke = true;
                    break;
                case "--dry-run":
                    dryRun = true;
                    break;
                case "-h":
                case "--help":
                    help = true;
                    break;
                case "--forks":
                    forks = positive(a, value(args, ++i, a));
                    break;
                case "--ops":
                    ops = positive(a, value(args, ++i, a));
                    break;
                case "--variants":
                    variants = variants(value(args, ++i, a));
                    break;
                case "--patches":
                    for (final String p : list(value(args, ++i, a), a))
                    {
                        if (!availablePatches.contains(p))
                        {
                            throw new UsageException("--patches: '" + p + "' is not on the classpath; available: " +
                                (availablePatches.isEmpty() ? "(none)" : String.join(",", availablePatches)));
                        }
                        patches.add(p);
                    }
                    break;
                case "--only":
                    sections = EnumSet.noneOf(Section.class);
                    for (final String s : list(value(args, ++i, a), a))
                    {
                        sections.add(Section.parse(s));
                    }
                    break;
                case "--out":
                    out = Paths.get(value(args, ++i, a));
                    break;
                default:
                    throw new UsageException("unknown ablation option '" + a + "'");
            }
        }
        if ((quick ? 1 : 0) + (full ? 1 : 0) + (smoke ? 1 : 0) > 1)
        {
            throw new UsageException("--smoke, --quick and --full exclude each other");
        }
        Profile profile = smoke ? Profile.smoke() : quick ? Profile.quick() : Profile.full();
        if (forks != null)
        {
            profile = profile.withForks(forks);
        }
        if (ops != null)
        {
            profile = profile.withOps(ops);
        }
        return new AblationArgs(quick, profile, variants == null ? profile.defaultVariants : variants, patches,
            sections == null ? profile.defaultSections : sections, out == null ? defaultOut() : out, dryRun, help);
    }

    /** @return {@code bench/results} when run from the project root, else {@code results} */
    static Path defaultOut()
    {
        return Paths.get("bench", "pom.xml").toFile().isFile() ? Paths.get("bench", "results") : Paths.get("results");
    }

    private static String value(final String[] args, final int i, final String option) throws UsageException
    {
        if (i >= args.length || args[i].startsWith("--"))
        {
            throw new UsageException(option + " needs a value");
        }
        return args[i];
    }

    private static int positive(final String option, final String text) throws UsageException
    {
        try
        {
            final int v = Integer.parseInt(text.replace("_", ""));
            if (v < 1)
            {
                throw new UsageException(option + " must be at least 1, got " + v);
            }
            return v;
        }
        catch (final NumberFormatException e)
        {
            throw new UsageException(option + " needs a whole number, got '" + text + "'");
        }
    }

    private static List<String> list(final String text, final String option) throws UsageException
    {
        final List<String> out = new ArrayList<>();
        for (final String s : text.split(",", -1))
        {
            if (s.isBlank())
            {
                throw new UsageException(option + ": empty item in '" + text + "'");
            }
            out.add(s.trim());
        }
        return out;
    }

    private static List<String> variants(final String text) throws UsageException
    {
        final List<String> out = new ArrayList<>();
        for (final String v : list(text, "--variants"))
        {
            if (Locks.isPeer(v))
            {
                throw new UsageException("--variants: '" + v + "' is a peer; peers are always measured");
            }
            try
            {
                Locks.validate(v);
            }
            catch (final IllegalArgumentException | IllegalStateException e)
            {
                throw new UsageException("--variants: bad spec '" + v + "': " + e.getMessage());
            }
            out.add(v);
        }
        return out;
    }
}
