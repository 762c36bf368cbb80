package org.rwsem4j.stats;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Where a {@link StatsFile} may be created, on the model of HotSpot's {@code hsperfdata_<user>} files: a per-user
 * directory {@code <java.io.tmpdir>/rwsem4j_<user>} of mode 0700, refused if it is a symbolic link, owned by another
 * user or writable by group or others; the file created new ({@code O_CREAT|O_EXCL}), without following links, with
 * mode 0600; an existing regular file of the user at that path replaced, anything else there refused. Stale
 * {@code <pid>.stats} files of dead processes in the directory are removed. The per-user directory is opened from
 * its parent without following a link ({@code openat} with {@code O_NOFOLLOW}) and checked through that descriptor
 * ({@code fstat}); the file is created, and stale ones removed, relative to it ({@code openat}, {@code unlinkat}), so
 * the directory cannot be swapped between its check and its use; the owner compared with is the process's effective
 * user (the owner of {@code /proc/self}), else the user named {@code user.name}. Every refusal is an
 * {@link IllegalStateException} whose message names the path and the problem.
 */
final class StatsPlace
{
    /** The per-user directory is {@code <tmpdir>/}{@value} {@code <user>}. */
    static final String DIRECTORY_PREFIX = "rwsem4j_";
    static final String SUFFIX = ".stats";
    static final Set<PosixFilePermission> DIRECTORY_MODE = PosixFilePermissions.fromString("rwx------");
    static final Set<PosixFilePermission> FILE_MODE = PosixFilePermissions.fromString("rw-------");
    private static final Pattern PID_FILE = Pattern.compile("[0-9]{1,18}\\.stats");
    private static final LinkOption NOFOLLOW = LinkOption.NOFOLLOW_LINKS;

    private StatsPlace()
    {
    }

    /** @return {@code <tmpdir>/rwsem4j_<user>} */
    static Path directory(final Path tmpdir, final String user)
    {
        if (user == null || user.isEmpty() || user.indexOf('/') >= 0 || user.indexOf('\\') >= 0 ||
            user.equals(".") || user.equals(".."))
        {
            throw new IllegalStateException("rwsem4j stats: user name '" + user + "' cannot name a directory");
        }
        return tmpdir.resolve(DIRECTORY_PREFIX + user);
    }

    /** @return {@code <dir>/<pid>.stats} */
    static Path pidFile(final Path dir, final long pid)
    {
        return dir.resolve(pid + SUFFIX);
    }

    /**
     * Creates the per-user directory with mode 0700, or checks the one that exists.
     *
     * @throws IllegalStateException if it is a symbolic link, not a directory, owned by another user, or group or
     *                               world writable (or cannot be created or checked)
     */
    static void secureDirectory(final Path dir, final String user)
    {
        if (!Files.exists(dir, NOFOLLOW))
        {
            try
            {
                if (isPosix(dir.getParent()))
                {
                    Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(DIRECTORY_MODE));
                }
                else
                {
                    Files.createDirectory(dir);
                }
            }
            catch (final FileAlreadyExistsException raced)
            {
                // someone made it between the check and the create: checked below like any existing one
            }
            catch (final IOException ex)
            {
                throw new IllegalStateException("rwsem4j stats directory " + dir + " cannot be created: " + ex, ex);
            }
        }
        checkDirectory(dir, user);
    }

    private static void checkDirectory(final Path dir, final String user)
    {
        if (!isPosix(dir))
        {
            if (Files.isSymbolicLink(dir) || !Files.isDirectory(dir, NOFOLLOW))
            {
                throw refused(dir, "is not a plain directory");
            }
            return;
        }
        checkDirectoryAttributes(dir, posixAttributes(dir, "stats directory"), user);
    }

    private static void checkDirectoryAttributes(final Path dir, final PosixFileAttributes attrs, final String user)
    {
        if (attrs.isSymbolicLink())
        {
            throw refused(dir, "is a symbolic link");
        }
        if (!attrs.isDirectory())
        {
            throw refused(dir, "is not a directory");
        }
        final UserPrincipal me = currentUser(dir, user);
        if (!me.equals(attrs.owner()))
        {
            throw refused(dir, "is owned by " + attrs.owner().getName() + ", not by " + user);
        }
        final Set<PosixFilePermission> mode = attrs.permissions();
        if (mode.contains(PosixFilePermission.GROUP_WRITE) || mode.contains(PosixFilePermission.OTHERS_WRITE))
        {
            throw refused(dir, "is writable by group or others (" + PosixFilePermissions.toString(mode) + ")");
        }
    }

    /**
     * Creates {@code <dir>/<pid>.stats} after {@link #secureDirectory}, relative to the open directory where the
     * platform allows it (a {@link SecureDirectoryStream}, as HotSpot does for {@code hsperfdata}): the parent
     * {@code <tmpdir>} is opened, the per-user directory is opened from it by name without following a link
     * ({@code openat} with {@code O_NOFOLLOW}), and from then on everything goes through that one descriptor: its
     * owner and mode are checked ({@code fstat}), stale files of dead processes removed ({@code unlinkat}), and the
     * file created new without following links, mode 0600 ({@code openat}). So the directory cannot be swapped for a
     * link or another directory between its check and its use. Elsewhere it falls back to the same steps by path.
     *
     * @return the open channel, read and write
     * @throws IllegalStateException as {@link #secureDirectory} and {@link #createFile}
     */
    static FileChannel createInDirectory(final Path dir, final String user, final long pid)
    {
        final Path file = pidFile(dir, pid);
        try (DirectoryStream<Path> parent = Files.newDirectoryStream(dir.toAbsolutePath().getParent()))
        {
            if (!(parent instanceof SecureDirectoryStream) || !isPosix(dir))
            {
                removeStale(dir, pid);
                return createFile(file, user);
            }
            try (SecureDirectoryStream<Path> open = openWithoutFollowing((SecureDirectoryStream<Path>)parent, dir))
            {
                checkDirectoryAttributes(dir, open.getFileAttributeView(PosixFileAttributeView.class)
                    .readAttributes(), user);
                removeStale(open, pid);
                final Path name = file.getFileName();
                if (existsIn(open, file))
                {
                    open.deleteFile(name); // our own pid's file of an earlier process: unlinkat, never followed
                }
                final Set<OpenOption> options = Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.READ,
                    StandardOpenOption.WRITE, NOFOLLOW);
                return (FileChannel)open.newByteChannel(name, options,
                    PosixFilePermissions.asFileAttribute(FILE_MODE));
            }
        }
        catch (final FileAlreadyExistsException ex)
        {
            throw refused(file, "appeared while it was being created (a link or file put there by someone else?)");
        }
        catch (final IOException | ClassCastException ex)
        {
            throw new IllegalStateException("rwsem4j stats file " + file + " cannot be created: " + ex, ex);
        }
    }

    /**
     * Opens the per-user directory from its open parent by name, never through a symbolic link ({@code fstatat}
     * first for a clear refusal, then {@code openat} with {@code O_NOFOLLOW}, which fails on a link put there since).
     */
    private static SecureDirectoryStream<Path> openWithoutFollowing(final SecureDirectoryStream<Path> parent,
        final Path dir) throws IOException
    {
        final Path name = dir.getFileName();
        final PosixFileAttributes attrs;
        try
        {
            attrs = parent.getFileAttributeView(name, PosixFileAttributeView.class, NOFOLLOW).readAttributes();
        }
        catch (final NoSuchFileException ex)
        {
            throw refused(dir, "vanished while it was being checked");
        }
        if (attrs.isSymbolicLink())
        {
            throw refused(dir, "is a symbolic link");
        }
        if (!attrs.isDirectory())
        {
            throw refused(dir, "is not a directory");
        }
        try
        {
            return parent.newDirectoryStream(name, NOFOLLOW);
        }
        catch (final NoSuchFileException ex)
        {
            throw refused(dir, "vanished while it was being checked");
        }
        catch (final FileSystemException ex)
        {
            throw refused(dir, "cannot be opened without following a link (" + ex.getReason() +
                "; swapped for a symbolic link?)");
        }
    }

    /** @return whether {@code file}'s name is a regular file in the open directory; refused if it is anything else */
    private static boolean existsIn(final SecureDirectoryStream<Path> open, final Path file) throws IOException
    {
        try
        {
            final PosixFileAttributes attrs = open.getFileAttributeView(file.getFileName(),
                PosixFileAttributeView.class, NOFOLLOW).readAttributes();
            if (!attrs.isRegularFile())
            {
                throw refused(file, attrs.isSymbolicLink() ? "is a symbolic link" : "exists and is not a regular file");
            }
            return true;
        }
        catch (final NoSuchFileException ex)
        {
            return false;
        }
    }

    /** {@link #removeStale(Path, long)} through the open directory: {@code fstatat} and {@code unlinkat}. */
    private static int removeStale(final SecureDirectoryStream<Path> open, final long selfPid)
    {
        int removed = 0;
        try
        {
            for (final Path entry : open)
            {
                final Path name = entry.getFileName();
                final long pid = stalePid(name.toString(), selfPid);
                if (pid > 0 && open.getFileAttributeView(name, PosixFileAttributeView.class, NOFOLLOW)
                    .readAttributes().isRegularFile())
                {
                    open.deleteFile(name);
                    removed++;
                }
            }
        }
        catch (final IOException | RuntimeException ex)
        {
            // best effort: a stale file left behind costs disk space, not safety
        }
        return removed;
    }

    /** @return the pid a {@code <pid>.stats} name stands for if that process is gone and is not us, else 0 */
    private static long stalePid(final String name, final long selfPid)
    {
        if (!PID_FILE.matcher(name).matches())
        {
            return 0;
        }
        final long pid = Long.parseLong(name.substring(0, name.length() - SUFFIX.length()));
        return pid != selfPid && ProcessHandle.of(pid).isEmpty() ? pid : 0;
    }

    /**
     * Creates a stats file: an existing regular file of {@code user} at {@code file} is removed first; the new file
     * is created with {@code CREATE_NEW} (which never follows a link) and {@code NOFOLLOW_LINKS}, mode 0600.
     *
     * @return the open channel, read and write
     * @throws IllegalStateException if something else is there (a link, a directory, another user's file), or the
     *                               file cannot be created
     */
    static FileChannel createFile(final Path file, final String user)
    {
        final boolean posix = isPosix(file.toAbsolutePath().getParent());
        if (Files.exists(file, NOFOLLOW))
        {
            replaceable(file, user, posix);
            try
            {
                Files.deleteIfExists(file); // unlink: removes the name, never what a link would point at
            }
            catch (final IOException ex)
            {
                throw refused(file, "exists and cannot be replaced: " + ex);
            }
        }
        final Set<OpenOption> options = Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.READ,
            StandardOpenOption.WRITE, NOFOLLOW);
        try
        {
            return posix ?
                FileChannel.open(file, options, PosixFilePermissions.asFileAttribute(FILE_MODE)) :
                FileChannel.open(file, options, new FileAttribute<?>[0]);
        }
        catch (final FileAlreadyExistsException ex)
        {
            throw refused(file, "appeared while it was being created (a link or file put there by someone else?)");
        }
        catch (final IOException ex)
        {
            throw new IllegalStateException("rwsem4j stats file " + file + " cannot be created: " + ex, ex);
        }
    }

    private static void replaceable(final Path file, final String user, final boolean posix)
    {
        if (Files.isSymbolicLink(file))
        {
            throw refused(file, "is a symbolic link");
        }
        if (!Files.isRegularFile(file, NOFOLLOW))
        {
            throw refused(file, "exists and is not a regular file");
        }
        if (posix)
        {
            final PosixFileAttributes attrs = posixAttributes(file, "stats file");
            final UserPrincipal me = currentUser(file, user);
            if (!me.equals(attrs.owner()))
            {
                throw refused(file, "exists and is owned by " + attrs.owner().getName() + ", not by " + user);
            }
        }
    }

    /**
     * Removes {@code <pid>.stats} files of processes that are gone. Only names of that form, only regular files (a
     * link of that name is left alone, never followed), never this process's own.
     *
     * @return how many were removed
     */
    static int removeStale(final Path dir, final long selfPid)
    {
        int removed = 0;
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir))
        {
            for (final Path entry : entries)
            {
                if (stalePid(entry.getFileName().toString(), selfPid) > 0 && Files.isRegularFile(entry, NOFOLLOW))
                {
                    removed += Files.deleteIfExists(entry) ? 1 : 0;
                }
            }
        }
        catch (final IOException | RuntimeException ex)
        {
            // best effort: a stale file left behind costs disk space, not safety
        }
        return removed;
    }

    private static PosixFileAttributes posixAttributes(final Path p, final String what)
    {
        try
        {
            return Files.readAttributes(p, PosixFileAttributes.class, NOFOLLOW);
        }
        catch (final NoSuchFileException ex)
        {
            throw refused(p, "vanished while it was being checked");
        }
        catch (final IOException ex)
        {
            throw new IllegalStateException("rwsem4j " + what + " " + p + " cannot be checked: " + ex, ex);
        }
    }

    /**
     * The user this process runs as: the owner of {@code /proc/self} (the effective uid, also for a uid with no
     * passwd entry), else the principal named {@code user}.
     */
    private static UserPrincipal currentUser(final Path p, final String user)
    {
        final Path self = p.getFileSystem().getPath("/proc/self");
        try
        {
            if (Files.isDirectory(self))
            {
                return Files.getOwner(self);
            }
        }
        catch (final IOException | RuntimeException ex)
        {
            // no procfs view of this process: fall back to the name
        }
        try
        {
            return p.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName(user);
        }
        catch (final IOException ex)
        {
            throw refused(p, "cannot be checked: no user named '" + user + "' to compare its owner with");
        }
    }

    private static boolean isPosix(final Path p)
    {
        final Path where = p != null ? p : Path.of("").toAbsolutePath();
        return where.getFileSystem().supportedFileAttributeViews().contains("posix");
    }

    private static IllegalStateException refused(final Path p, final String problem)
    {
        return new IllegalStateException("rwsem4j stats: refused " + p + ": it " + problem);
    }
}
