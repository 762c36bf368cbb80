package org.rwsem4j.torture;

import java.time.Duration;

/**
 * A progress snapshot of a running torture run, handed to the progress listener every few seconds.
 *
 * @param label     the run's label (variant and oracle unless set)
 * @param reads     read acquisitions so far
 * @param writes    write acquisitions so far
 * @param elapsed   time since the workers started
 * @param remaining time left in the run
 */
public record Progress(String label, long reads, long writes, Duration elapsed, Duration remaining)
{
}
