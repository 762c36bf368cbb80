package org.rwsem4j.bench.ablation;

import java.io.PrintStream;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;

import org.rwsem4j.bench.LoadUnit;
import org.rwsem4j.bench.PositiveInt;
import org.rwsem4j.cli.UsageErrors;
import org.rwsem4j.cli.UsageException;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code ablation}: the per-patch ablation's command line. The options become {@link AblationArgs} in
 * {@link #settings()}, which is also how {@code report --from} rebuilds a run's profile and matrix from the arguments
 * its {@code metadata.json} recorded: an option added here (a field, and a line in {@link #profile()} when it changes
 * the profile) is recorded and rebuilt with no other change.
 */
@Command(name = "ablation", sortOptions = false, usageHelpAutoWidth = true,
    description = {
        "The per-patch ablation: plans the configurations for every patch on the classpath, runs every cell once per " +
        "round (rounds interleave all cells in shuffled order), then prints the seed-style tables and writes " +
        "jmh.json.gz, metadata.json, report.md and one SVG per table into a new folder DIR/runs/<stamp>-<profile>/ " +
        "(DIR: --out, by default the git-ignored bench/target). With --publish, the finished run is copied to " +
        "PUB/runs/ and PUB/latest.md is replaced (later: 'publish --from RUN_DIR')."},
    footer = {"", "Peers (mutex, rrwl, rrwl-fair, stamped) are always measured in the same run. Under 5 forks " +
        "changes get an interval but no verdict.",
        "Exit status: 0; 1 if a cell failed (the run goes on and reports it); 2 for bad arguments."})
public final class AblationCommand implements Callable<Integer>
{
    /** The {@code --unit} value that selects every unit. */
    static final String BOTH_UNITS = "both";

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Print this help and exit.")
    boolean help;

    @Option(names = "--smoke", description = "Seed-000 headline only: 10 threads, r:w 1:1 and 10:1, load 1; base, " +
        "recommended, rrwl, mutex; 5 forks (about 70 s).")
    boolean smoke;

    @Option(names = "--quick", description = "Fewer cells, same size: the headline grid, and the contributions and " +
        "controls at 10 threads, r:w 1:1 and 10:1, load 1; 5 forks.")
    boolean quick;

    @Option(names = "--full", description = "The whole seed matrix for every configuration, 5 forks (the default; " +
        "hours on 2 cores).")
    boolean full;

    @Option(names = "--forks", paramLabel = "N", converter = PositiveInt.class,
        description = "Forks (rounds) per cell.")
    Integer forks;

    @Option(names = "--ops", paramLabel = "N", converter = PositiveInt.class,
        description = "Seed-000 operations per worker: what a cell sized by time scales its figure to, or what each " +
        "worker does in a cell sized by ops (default 100,000).")
    Integer ops;

    @Option(names = "--millis", paramLabel = "MS", description = "The window of a seed-000 iteration sized by time " +
        "(default 200; full: 1000); 0 sizes the cells by ops (the seed's shape: time until the last worker finishes).")
    Integer millis;

    @Option(names = "--unit", paramLabel = "UNIT", description = "The unit of the seed-000 critical-section load: " +
        "pause (Thread.onSpinWait, the default), tokens (JMH's Blackhole.consumeCPU), or both (every seed-000 cell " +
        "in each unit, in the same rounds).")
    String unit;

    @Option(names = "--variants", paramLabel = "a,b,...", description = "Headline variant specs (default " +
        "base,all,recommended; smoke: base,recommended); spec@heap selects the on-heap lock word.")
    String variants;

    @Option(names = "--patches", paramLabel = "p,q,...", description = "Measure the contributions of these patches " +
        "only (default: every one on the classpath; the controls are always measured).")
    String patches;

    @Option(names = "--contribution-cells", paramLabel = "r:w@T,...", description = "The seed-000 cells of the " +
        "contributions and controls instead of the profile's, e.g. 0:1@2,1:1@10 (r:w 0:1, 1:1 or 10:1; threads 2 " +
        "or 10), at the profile's contribution loads.")
    String contributionCells;

    @Option(names = "--only", paramLabel = "s,t,...", description = "Run only these sections: " +
        "locktest,trylock,uncontended,fairness,macro,read-scaling.")
    String only;

    @Option(names = "--out", paramLabel = "DIR", description = "Where the run folder goes, as DIR/runs/<stamp>, " +
        "created fresh (default bench/target, or target outside the project root: git-ignored).")
    Path out;

    @Option(names = "--publish", paramLabel = "PUB", arity = "0..1", fallbackValue = "",
        description = "Once the run finished, copy its folder to PUB/runs/ and replace PUB/latest.md (PUB: default " +
        "bench/results, or results outside the project root). Without it, nothing outside --out changes.")
    String publish;

    @Option(names = "--dry-run", description = "Print the plan, the cell count and the estimate; run nothing.")
    boolean dryRun;

    @Spec
    CommandSpec spec;

    private final PrintStream stdout;
    private final PrintStream stderr;

    /**
     * @param stdout console output
     * @param stderr console errors
     */
    public AblationCommand(final PrintStream stdout, final PrintStream stderr)
    {
        this.stdout = stdout;
        this.stderr = stderr;
    }

    @Override
    public Integer call() throws UsageException
    {
        return Ablation.run(settings(), arguments(), stdout, stderr);
    }

    /**
     * Parses an ablation command line (without the {@code ablation} word), as a run recorded it.
     *
     * @param arguments the arguments
     * @return the checked settings
     * @throws UsageException if they do not parse or do not check (the message says what is wrong)
     */
    public static AblationArgs parse(final List<String> arguments) throws UsageException
    {
        final AblationCommand c = new AblationCommand(null, null);
        try
        {
            new CommandLine(c).setExpandAtFiles(false).parseArgs(arguments.toArray(new String[0]));
        }
        catch (final ParameterException e)
        {
            throw new UsageException(UsageErrors.message(e));
        }
        return c.settings();
    }

    /**
     * @return the options, checked, as the ablation's settings
     * @throws UsageException for a bad combination, spec, patch or section
     */
    AblationArgs settings() throws UsageException
    {
        final Profile profile = profile();
        final Set<Section> sections = only == null ? profile.defaultSections : sections(only);
        // A default preset this build cannot resolve is left out; the plan's presets line says why.
        return new AblationArgs(profile, variants == null ?
            Presets.runnable(profile.defaultVariants, PatchInfo.libraryPatchNames()) :
                CliItems.variantSpecs(variants, "--variants", "peers are always measured"),
            patches == null ? Set.of() : patches(patches, PatchInfo.libraryPatchNames()), sections,
            out == null ? RunPlace.defaultOut() : out, publishDir(), dryRun);
    }

    /** @return the profile the options select, with the overrides applied */
    private Profile profile() throws UsageException
    {
        if ((smoke ? 1 : 0) + (quick ? 1 : 0) + (full ? 1 : 0) > 1)
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
        if (millis != null)
        {
            if (millis < 0)
            {
                throw new UsageException("--millis must be at least 0 (0: cells sized by ops), got " + millis);
            }
            profile = profile.withMillis(millis);
        }
        if (unit != null)
        {
            profile = profile.withUnits(units(unit));
        }
        if (contributionCells != null)
        {
            profile = profile.withContributionCells(contributionCells(contributionCells, profile));
        }
        return profile;
    }

    /**
     * @param text    a {@code --contribution-cells} value
     * @param profile the profile whose seed-000 grid the cells must be in
     * @return the cells, each {r:w, threads}, in the order given
     * @throws UsageException for an empty list, a bad item, a cell outside the grid or one named twice
     */
    static List<String[]> contributionCells(final String text, final Profile profile) throws UsageException
    {
        final List<String[]> cells = new ArrayList<>();
        final Set<String> seen = new HashSet<>();
        for (final String raw : text.split(",", -1))
        {
            final String item = raw.trim();
            final int at = item.indexOf('@');
            final String ratio = at < 0 ? "" : item.substring(0, at);
            final String threads = at < 0 ? "" : item.substring(at + 1);
            if (!profile.ratios.contains(ratio) || !profile.lockTestThreads.stream().map(String::valueOf).toList()
                .contains(threads))
            {
                throw new UsageException("--contribution-cells: '" + item + "' is not r:w@threads with r:w one of " +
                    profile.ratios + " and threads one of " + profile.lockTestThreads + " (e.g. 0:1@2,1:1@10)");
            }
            if (!seen.add(item))
            {
                throw new UsageException("--contribution-cells: '" + item + "' is named twice");
            }
            cells.add(new String[] {ratio, threads});
        }
        return cells;
    }

    /**
     * @param text a {@code --unit} value
     * @return the units it names, in plan order
     * @throws UsageException if it names none (the message lists the valid names)
     */
    static List<LoadUnit> units(final String text) throws UsageException
    {
        if (BOTH_UNITS.equals(text.trim()))
        {
            return List.of(LoadUnit.values());
        }
        try
        {
            return List.of(LoadUnit.parse(text));
        }
        catch (final IllegalArgumentException e)
        {
            throw new UsageException("unknown load unit '" + text + "' for --unit; valid: " + LoadUnit.names() +
                ", " + BOTH_UNITS);
        }
    }

    /** @return the arguments after {@code ablation}, exactly as given (metadata.json records them) */
    private List<String> arguments()
    {
        final List<String> all = spec.commandLine().getParseResult().originalArgs();
        final int at = spec.parent() == null ? -1 : all.indexOf(spec.name());
        return List.copyOf(all.subList(at + 1, all.size()));
    }

    /** @return where {@code --publish} copies the run, or null without it */
    private Path publishDir()
    {
        return publish == null ? null : publish.isEmpty() ? RunPlace.defaultPublish() : Paths.get(publish);
    }

    private static Set<Section> sections(final String text) throws UsageException
    {
        final Set<Section> sections = EnumSet.noneOf(Section.class);
        for (final String s : CliItems.list(text, "--only"))
        {
            sections.add(Section.parse(s));
        }
        return sections;
    }

    private static Set<String> patches(final String text, final Set<String> available) throws UsageException
    {
        final Set<String> chosen = new LinkedHashSet<>();
        for (final String p : CliItems.list(text, "--patches"))
        {
            if (PatchInfo.available().stream().anyMatch(i -> i.isControl() && i.name().equals(p)))
            {
                throw new UsageException("--patches: '" + p + "' is a bench-only control; the controls are always " +
                    "measured");
            }
            if (!available.contains(p))
            {
                throw new UsageException("--patches: '" + p + "' is not on the classpath; available: " +
                    (available.isEmpty() ? "(none)" : String.join(",", available)));
            }
            chosen.add(p);
        }
        return chosen;
    }
}
