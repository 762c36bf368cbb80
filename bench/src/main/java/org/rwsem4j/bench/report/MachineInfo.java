package org.rwsem4j.bench.report;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Properties;

import org.rwsem4j.bench.JvmFlags;

/**
 * Where and when a run happened: cores, CPU, JVM, OS, date, the commit the bench was built from (recorded by the
 * build, with whether the tree was dirty) and the calibrated cost of each load unit
 * ({@link org.rwsem4j.bench.LoadCalibration}).
 *
 * @param cores      available processors
 * @param cpu        the CPU model, if known
 * @param jvm        VM name and version
 * @param os         OS name, version, arch
 * @param date       ISO date-time of the run
 * @param commit     the build's commit and tree state, or {@code unknown ...}
 * @param pauseNanos nanoseconds per pause unit
 * @param tokenNanos nanoseconds per {@code Blackhole.consumeCPU} token; 0 if not measured (runs made before it was)
 */
public record MachineInfo(int cores, String cpu, String jvm, String os, String date, String commit, double pauseNanos,
    double tokenNanos)
{
    /** The build's git properties, a resource in the package {@code org.rwsem4j.bench} (see the bench's pom). */
    public static final String BUILD_COMMIT_RESOURCE = "git.properties";
    /** How a report names a commit the build did not record. */
    static final String UNKNOWN_COMMIT = "unknown";

    /**
     * @param pauseNanos nanoseconds per pause unit
     * @param tokenNanos nanoseconds per token
     * @return this machine, now
     */
    public static MachineInfo probe(final double pauseNanos, final double tokenNanos)
    {
        return new MachineInfo(Runtime.getRuntime().availableProcessors(), cpuModel(),
            System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"),
            System.getProperty("os.name") + " " + System.getProperty("os.version") + " " +
                System.getProperty("os.arch"),
            ZonedDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME), buildCommit(), pauseNanos, tokenNanos);
    }

    private static String cpuModel()
    {
        try
        {
            for (final String line : Files.readAllLines(Paths.get("/proc/cpuinfo"), StandardCharsets.UTF_8))
            {
                if (line.startsWith("model name"))
                {
                    return line.substring(line.indexOf(':') + 1).trim();
                }
            }
        }
        catch (final IOException | RuntimeException e)
        {
            // not Linux, or not readable
        }
        return "unknown";
    }

    /**
     * The commit the bench was built from, as the build recorded it: git-commit-id-maven-plugin writes
     * {@value #BUILD_COMMIT_RESOURCE} beside this class (see bench/pom.xml).
     *
     * @return the commit id, whether the tree had uncommitted changes and the build time; or {@code unknown ...}
     */
    static String buildCommit()
    {
        try (InputStream in = MachineInfo.class.getResourceAsStream("/org/rwsem4j/bench/" + BUILD_COMMIT_RESOURCE))
        {
            return buildCommit(in);
        }
        catch (final IOException | RuntimeException e)
        {
            return UNKNOWN_COMMIT + " (" + BUILD_COMMIT_RESOURCE + " unreadable: " + e + ")";
        }
    }

    /**
     * Reads the build's git properties.
     *
     * @param in the properties git-commit-id-maven-plugin wrote (outside a git checkout it writes only the build
     *           time), or {@code null} if the build wrote none
     * @return the commit id, whether the tree had uncommitted changes and the build time; or {@code unknown ...}
     * @throws IOException if the properties cannot be read
     */
    public static String buildCommit(final InputStream in) throws IOException
    {
        if (in == null)
        {
            return UNKNOWN_COMMIT + " (no " + BUILD_COMMIT_RESOURCE + " in the build)";
        }
        final Properties git = new Properties();
        git.load(in);
        final String id = git.getProperty("git.commit.id", "").trim();
        if (id.isEmpty())
        {
            return UNKNOWN_COMMIT + " (built outside a git checkout)";
        }
        final String dirty = git.getProperty("git.dirty", "").trim();
        final String tree = "true".equals(dirty) ? "built with uncommitted changes" :
            "false".equals(dirty) ? "built from a clean tree" : "tree state not recorded";
        final String time = git.getProperty("git.build.time", "").trim();
        return id + " (" + tree + (time.isEmpty() ? "" : ", at " + time) + ")";
    }

    /** @return the 1, 5 and 15 minute load averages, or {@code unknown} */
    public static String loadAverage()
    {
        try
        {
            final String[] f = Files.readString(Paths.get("/proc/loadavg")).trim().split("\\s+");
            return f[0] + " " + f[1] + " " + f[2];
        }
        catch (final IOException | RuntimeException e)
        {
            return "unknown";
        }
    }

    /** @return the report's header lines, Markdown (the token's cost when it was measured) */
    public String markdown()
    {
        return String.format(Locale.ROOT,
            "- machine: %d cores (%s), %s, %s%n- date: %s%n- commit: %s%n" +
            "- load unit: 1 pause (`Thread.onSpinWait()`) = %.1f ns here (one PAUSE is about 10 cycles on the " +
            "seeds' Westmere, about 140 on Skylake and later)%n",
            cores, cpu, jvm, os, date, commit, pauseNanos) + (tokenNanos > 0 ? String.format(Locale.ROOT,
            "- load unit `tokens`: 1 token (`Blackhole.consumeCPU`) = %.2f ns here (both units measured over long " +
            "calls; a call of a few units also pays the call's fixed cost)%n", tokenNanos) : "") + lockSwitches();
    }

    /**
     * @return a report line naming the lock switches this run passes to every fork ({@link JvmFlags#lockProperties()}),
     *         or nothing
     */
    public static String lockSwitches()
    {
        final List<String> flags = JvmFlags.lockProperties();
        return flags.isEmpty() ? "" : "- lock switches, in every fork: `" + String.join(" ", flags) + "`" +
            System.lineSeparator();
    }
}
