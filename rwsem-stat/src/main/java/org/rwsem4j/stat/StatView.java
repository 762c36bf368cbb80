package org.rwsem4j.stat;

import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.Map;

import org.rwsem4j.spi.LockWordBits;

/**
 * Renders one print of {@code rwsem-stat}: a header line, then per lock its label and its non-zero counters, kernel
 * lock_event style, with the rate per second since the previous print:
 *
 * <pre>
 * child-lock [base] #1
 *   rwsem_wlock                  12345  (+3,210/s)
 *   lock-word                    0x301  readers=3,writer,waiters
 * </pre>
 */
final class StatView
{
    /** Name of the published lock word in a {@link org.rwsem4j.stats.StatsReader#snapshot()} entry. */
    static final String LOCK_WORD = "lock-word";
    private static final int NAME_WIDTH = 24;
    private static final int VALUE_WIDTH = 12;

    private final Path path;
    private final long pid;

    StatView(final Path path, final long pid)
    {
        this.path = path;
        this.pid = pid;
    }

    /**
     * @param snapshot lock label to counter name to value
     * @param previous the previous print's snapshot, or {@code null} on the first print (no rates then)
     * @param elapsedNanos time since the previous snapshot
     * @return the text, ending with a blank line
     */
    String render(final Map<String, Map<String, Long>> snapshot, final Map<String, Map<String, Long>> previous,
        final long elapsedNanos)
    {
        final StringBuilder sb = new StringBuilder();
        final boolean alive = ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
        sb.append("rwsem-stat ").append(path).append("  pid ").append(pid)
            .append(alive ? "" : " (not running)").append("  ")
            .append(Instant.now().truncatedTo(ChronoUnit.SECONDS)).append('\n');
        if (snapshot.isEmpty())
        {
            sb.append("  (no live named locks)\n");
        }
        for (final Map.Entry<String, Map<String, Long>> lock : snapshot.entrySet())
        {
            sb.append(lock.getKey()).append('\n');
            final Map<String, Long> before = previous == null ? null : previous.get(lock.getKey());
            int shown = 0;
            for (final Map.Entry<String, Long> counter : lock.getValue().entrySet())
            {
                final String name = counter.getKey();
                final long value = counter.getValue();
                if (LOCK_WORD.equals(name))
                {
                    continue;
                }
                if (value == 0)
                {
                    continue;
                }
                shown++;
                sb.append("  ").append(pad(name)).append(String.format(Locale.ROOT, "%" + VALUE_WIDTH + "d", value));
                if (before != null && elapsedNanos > 0)
                {
                    final long delta = value - before.getOrDefault(name, 0L);
                    final long rate = Math.round(delta * 1e9 / elapsedNanos);
                    sb.append(String.format(Locale.ROOT, "  (%+,d/s)", rate));
                }
                sb.append('\n');
            }
            if (shown == 0)
            {
                sb.append("  (no events)\n");
            }
            final Long word = lock.getValue().get(LOCK_WORD);
            if (word != null)
            {
                sb.append("  ").append(pad(LOCK_WORD))
                    .append(String.format(Locale.ROOT, "%" + VALUE_WIDTH + "s", "0x" + Long.toHexString(word)))
                    .append("  ").append(LockWordBits.describe(word)).append('\n');
            }
        }
        sb.append('\n');
        return sb.toString();
    }

    private static String pad(final String name)
    {
        final StringBuilder sb = new StringBuilder(name);
        while (sb.length() < NAME_WIDTH)
        {
            sb.append(' ');
        }
        return sb.append(' ').toString();
    }
}
