package org.rwsem4j.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;

/**
 * Where and when a run happened: cores, CPU, JVM, OS, date, the git commit (read from {@code .git} files, without
 * running git) and the calibrated pause cost.
 *
 * @param cores      available processors
 * @param cpu        the CPU model, if known
 * @param jvm        VM name and version
 * @param os         OS name, version, arch
 * @param date       ISO date-time of the run
 * @param commit     the checked-out commit, or {@code unknown}
 * @param pauseNanos nanoseconds per pause unit
 */
record MachineInfo(int cores, String cpu, String jvm, String os, String date, String commit, double pauseNanos)
{
    static MachineInfo probe(final double pauseNanos)
    {
        return new MachineInfo(Runtime.getRuntime().availableProcessors(), cpuModel(),
            System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"),
            System.getProperty("os.name") + " " + System.getProperty("os.version") + " " +
                System.getProperty("os.arch"),
            ZonedDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME), commit(Paths.get("").toAbsolutePath()),
            pauseNanos);
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
     * @param start a directory inside the working tree
     * @return the commit HEAD points at, or {@code unknown}
     */
    static String commit(final Path start)
    {
        try
        {
            for (Path dir = start; dir != null; dir = dir.getParent())
            {
                Path git = dir.resolve(".git");
                if (Files.isRegularFile(git))
                {
                    final String text = Files.readString(git).trim();
                    if (text.startsWith("gitdir:"))
                    {
                        git = dir.resolve(text.substring(7).trim());
                    }
                }
                if (Files.isDirectory(git))
                {
                    final String head = Files.readString(git.resolve("HEAD")).trim();
                    if (!head.startsWith("ref:"))
                    {
                        return head;
                    }
                    final String ref = head.substring(4).trim();
                    final Path loose = git.resolve(ref);
                    if (Files.isRegularFile(loose))
                    {
                        return Files.readString(loose).trim();
                    }
                    final Path packed = git.resolve("packed-refs");
                    if (Files.isRegularFile(packed))
                    {
                        final List<String> lines = Files.readAllLines(packed, StandardCharsets.UTF_8);
                        for (final String l : lines)
                        {
                            if (l.endsWith(" " + ref))
                            {
                                return l.substring(0, l.indexOf(' '));
                            }
                        }
                    }
                    return "unknown (" + ref + " has no commit yet)";
                }
            }
        }
        catch (final IOException | RuntimeException e)
        {
            // fall through
        }
        return "unknown";
    }

    /** @return the 1, 5 and 15 minute load averages, or {@code unknown} */
    static String loadAverage()
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

    /** @return the report's header lines, Markdown */
    String markdown()
    {
        return String.format(Locale.ROOT,
            "- machine: %d cores (%s), %s, %s%n- date: %s%n- commit: %s (uncommitted changes are not detected)%n" +
            "- load unit: 1 pause (`Thread.onSpinWait()`) = %.1f ns here (one PAUSE is about 10 cycles on the " +
            "seeds' Westmere, about 140 on Skylake and later)%n",
            cores, cpu, jvm, os, date, commit, pauseNanos);
    }
}
