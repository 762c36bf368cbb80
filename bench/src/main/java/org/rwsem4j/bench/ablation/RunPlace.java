package org.rwsem4j.bench.ablation;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.stream.Stream;

import org.rwsem4j.cli.UsageException;

/**
 * Where an ablation's run folder goes, and how a finished run is published. A run writes only to its own folder,
 * {@code <out>/runs/<stamp>}, by default under the build's git-ignored {@code target} folder ({@link #defaultOut()}),
 * so a run leaves the tracked tree as it was. Publishing is explicit ({@code ablation --publish [DIR]}, or
 * {@code publish --from RUN [DIR]} afterwards): it copies the finished folder to {@code DIR/runs/<stamp>} and
 * replaces {@code DIR/latest.md}.
 *
 * <p>Nothing here writes through a symbolic link: a run folder (and a published copy) is created fresh, never reused,
 * and refused if anything exists at its path; a {@code runs} folder that is a link is refused; files are copied
 * without following links, and anything in a run folder but plain files is refused; {@code latest.md} is replaced by
 * moving a fresh file over it, which replaces a link rather than writing to its target.
 */
public final class RunPlace
{
    /** The published report's file name. */
    static final String LATEST = "latest.md";
    /** The run folders' parent in an output or publish folder. */
    static final String RUNS = "runs";

    private RunPlace()
    {
    }

    /** @return {@code bench/target} when run from the project root, else {@code target} (both git-ignored) */
    public static Path defaultOut()
    {
        return atRoot() ? Paths.get("bench", "target") : Paths.get("target");
    }

    /** @return {@code bench/results} when run from the project root, else {@code results} */
    static Path defaultPublish()
    {
        return atRoot() ? Paths.get("bench", "results") : Paths.get("results");
    }

    private static boolean atRoot()
    {
        return Paths.get("bench", "pom.xml").toFile().isFile();
    }

    /**
     * Makes sure a run can go there, before anything is measured: the {@code runs} folder exists (made if missing)
     * and is no link.
     *
     * @param dir    an output or publish folder
     * @param option its option, for the message
     * @throws UsageException if it cannot be made or is a link
     */
    public static void prepare(final Path dir, final String option) throws UsageException
    {
        final Path runs = dir.resolve(RUNS);
        if (Files.isSymbolicLink(runs))
        {
            throw new UsageException(option + " " + dir + ": " + runs + " is a symbolic link; runs are written only " +
                "into real folders");
        }
        try
        {
            Files.createDirectories(runs);
        }
        catch (final IOException | SecurityException e)
        {
            throw new UsageException(option + " " + dir + ": cannot create " + runs + ": " + e);
        }
    }

    /**
     * @param a one folder ({@link #prepare}d)
     * @param b another
     * @return whether both are the same folder on disk
     */
    static boolean sameFolder(final Path a, final Path b)
    {
        try
        {
            return Files.isSameFile(a, b);
        }
        catch (final IOException e)
        {
            return a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize());
        }
    }

    /**
     * @param dir   an output folder ({@link #prepare}d)
     * @param stamp the run's name
     * @return {@code dir/runs/stamp}, created now
     * @throws IOException if it exists already (the message says so) or cannot be made
     */
    public static Path createRun(final Path dir, final String stamp) throws IOException
    {
        return createFresh(dir.resolve(RUNS).resolve(stamp));
    }

    private static Path createFresh(final Path folder) throws IOException
    {
        try
        {
            return Files.createDirectory(folder);
        }
        catch (final FileAlreadyExistsException e)
        {
            throw new IOException(folder + " exists already; a run folder is always created fresh (move it away, " +
                "or choose another folder)", e);
        }
    }

    /**
     * Copies a finished run folder to {@code dir/runs/<stamp>} and replaces {@code dir/latest.md}.
     *
     * @param run    the run folder (plain files only)
     * @param dir    the publish folder
     * @param stamp  the run's name ({@code latest.md}'s links point into {@code runs/<stamp>/})
     * @param latest {@code latest.md}'s text
     * @return the published copy
     * @throws UsageException if the copy exists already, the run folder holds anything but plain files, or a file
     *     cannot be written (the message names it)
     */
    static Path publish(final Path run, final Path dir, final String stamp, final String latest)
        throws UsageException
    {
        return publish(run, dir, stamp, LATEST, latest);
    }

    /**
     * {@link #publish(Path, Path, String, String)}, with another name than {@code latest.md} for the report it
     * replaces (a command whose reports are not the ablation's keeps its own latest file).
     *
     * @param run        the run folder (plain files only)
     * @param dir        the publish folder
     * @param stamp      the run's name
     * @param latestName the file in {@code dir} to replace
     * @param latest     its text
     * @return the published copy
     * @throws UsageException as the other form
     */
    static Path publish(final Path run, final Path dir, final String stamp, final String latestName,
        final String latest) throws UsageException
    {
        if (stamp == null || stamp.isEmpty() || stamp.startsWith(".") || !Paths.get(stamp).getFileName().toString()
            .equals(stamp))
        {
            throw new UsageException(run + ": its stamp '" + stamp + "' is not a plain folder name");
        }
        prepare(dir, "publish to");
        final Path copy = dir.resolve(RUNS).resolve(stamp);
        final Path partial = dir.resolve(RUNS).resolve("." + stamp + ".partial");
        final Path tmp = dir.resolve("." + latestName + "." + stamp + ".tmp");
        boolean placed = false;
        try
        {
            final List<Path> files = plainFiles(run);
            if (Files.exists(copy, LinkOption.NOFOLLOW_LINKS))
            {
                throw new IOException(copy + " exists already; a run is published once (move it away first)");
            }
            // The copy is made under a hidden name and renamed into place only when complete, and taken back if
            // latest.md cannot be replaced: a failed publish leaves nothing that would refuse the next try.
            createFresh(partial);
            for (final Path f : files)
            {
                Files.copy(f, partial.resolve(f.getFileName().toString()), LinkOption.NOFOLLOW_LINKS);
            }
            Files.writeString(tmp, latest, StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW,
                StandardOpenOption.WRITE);
            Files.move(partial, copy, StandardCopyOption.ATOMIC_MOVE);
            placed = true;
            Files.move(tmp, dir.resolve(latestName), StandardCopyOption.REPLACE_EXISTING,
                StandardCopyOption.ATOMIC_MOVE);
        }
        catch (final IOException e)
        {
            removeQuietly(placed ? copy : partial); // all or nothing: a copy without its latest.md is taken back
            removeQuietly(tmp);
            throw new UsageException("cannot publish " + run + " to " + dir + ": " +
                (e.getClass() == IOException.class ? e.getMessage() : e.toString()));
        }
        return copy;
    }

    /** @return the run folder's files, sorted; refused if it holds anything but plain files */
    private static List<Path> plainFiles(final Path run) throws IOException, UsageException
    {
        final List<Path> files;
        try (Stream<Path> s = Files.list(run))
        {
            files = s.sorted().toList();
        }
        for (final Path f : files)
        {
            if (!Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS))
            {
                throw new UsageException(f + ": not a plain file; a run folder holds only plain files, so it is not " +
                    "published");
            }
        }
        return files;
    }

    /** Deletes a file, or a folder of plain files, that a failed publish left; what cannot be deleted stays. */
    private static void removeQuietly(final Path path)
    {
        try
        {
            if (Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS))
            {
                try (Stream<Path> s = Files.list(path))
                {
                    for (final Path f : s.toList())
                    {
                        Files.deleteIfExists(f);
                    }
                }
            }
            Files.deleteIfExists(path);
        }
        catch (final IOException | SecurityException ignored)
        {
            // best effort: the message of the failure that brought us here is what the user needs
        }
    }
}
