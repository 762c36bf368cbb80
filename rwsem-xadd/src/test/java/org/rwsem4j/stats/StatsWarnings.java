package org.rwsem4j.stats;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Collects the warnings of {@link StatsFile}'s {@link System.Logger} ({@value StatsFile#LOGGER_NAME}), which the JDK's
 * default logger finder routes to {@code java.util.logging}.
 */
final class StatsWarnings
{
    private final Logger logger = Logger.getLogger(StatsFile.LOGGER_NAME);
    private final List<String> messages = new CopyOnWriteArrayList<>();
    private final Handler handler = new Handler()
    {
        @Override
        public void publish(final LogRecord record)
        {
            if (record.getLevel().intValue() >= Level.WARNING.intValue())
            {
                messages.add(record.getMessage());
            }
        }

        @Override
        public void flush()
        {
        }

        @Override
        public void close()
        {
        }
    };

    void start()
    {
        messages.clear();
        logger.addHandler(handler);
    }

    void stop()
    {
        logger.removeHandler(handler);
    }

    int count()
    {
        return messages.size();
    }

    String first()
    {
        return messages.isEmpty() ? "" : messages.get(0);
    }

    @Override
    public String toString()
    {
        return messages.toString();
    }
}
