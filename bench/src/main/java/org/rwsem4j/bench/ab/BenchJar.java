package org.rwsem4j.bench.ab;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;

import org.rwsem4j.bench.report.MachineInfo;
import org.rwsem4j.cli.UsageException;

/**
 * A shaded bench jar that an A/B run measures: its path, the commit it was built from (its own
 * {@code org/rwsem4j/bench/git.properties}, read as {@link MachineInfo#buildCommit(InputStream)} reads this jar's) and
 * the start of its SHA-256, so a report shows whether A and B are the same file.
 *
 * @param path   the jar
 * @param commit the commit the build recorded, or {@code unknown ...}
 * @param sha256 the first 12 hex digits of the file's SHA-256
 */
public record BenchJar(Path path, String commit, String sha256)
{
    /** Every rwsem4j bench jar has its entry point here (older builds too). */
    public static final String MAIN_CLASS = "org/rwsem4j/bench/BenchMain.class";
    /** Where the build writes the commit (bench/pom.xml, git-commit-id-maven-plugin). */
    static final String GIT_PROPERTIES = "org/rwsem4j/bench/" + MachineInfo.BUILD_COMMIT_RESOURCE;

    /**
     * @param path      a jar given on the command line
     * @param benchmark the benchmark class's simple name that the run needs in it
     * @return the jar's description
     * @throws UsageException if it is missing, not a file, not a jar, not a rwsem4j bench jar, or lacks the benchmark
     */
    public static BenchJar open(final Path path, final String benchmark) throws UsageException
    {
        if (!Files.exists(path))
        {
            throw new UsageException(path + ": no such file");
        }
        if (!Files.isRegularFile(path))
        {
            throw new UsageException(path + ": not a file");
        }
        final String commit;
        try (JarFile jar = new JarFile(path.toFile()))
        {
            if (jar.getEntry(MAIN_CLASS) == null)
            {
                throw new UsageException(path + ": not a rwsem4j bench jar (no " + MAIN_CLASS + ")");
            }
            final String benchClass = "org/rwsem4j/bench/" + benchmark + ".class";
            if (jar.getEntry(benchClass) == null)
            {
                throw new UsageException(path + ": has no benchmark " + benchmark + " (no " + benchClass + ")");
            }
            final ZipEntry git = jar.getEntry(GIT_PROPERTIES);
            try (InputStream in = git == null ? null : jar.getInputStream(git))
            {
                commit = MachineInfo.buildCommit(in);
            }
        }
        catch (final IOException e)
        {
            throw new UsageException(path + ": not a readable jar (" + e.getMessage() + ")");
        }
        // absolute: the children run in the work directory
        return new BenchJar(path.toAbsolutePath().normalize(), commit, sha256(path));
    }

    private static String sha256(final Path path) throws UsageException
    {
        try (InputStream in = Files.newInputStream(path))
        {
            final MessageDigest d = MessageDigest.getInstance("SHA-256");
            final byte[] buffer = new byte[1 << 16];
            for (int n = in.read(buffer); n > 0; n = in.read(buffer))
            {
                d.update(buffer, 0, n);
            }
            return HexFormat.of().formatHex(d.digest()).substring(0, 12);
        }
        catch (final IOException | NoSuchAlgorithmException e)
        {
            throw new UsageException(path + ": cannot read: " + e.getMessage());
        }
    }

    /** @return e.g. {@code bench-a.jar (sha256 1a2b3c4d5e6f), commit 1a2b3c4... (built from a clean tree, at ...)} */
    public String describe()
    {
        return "`" + path + "` (sha256 " + sha256 + "), commit " + commit;
    }
}
