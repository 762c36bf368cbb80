package org.rwsem4j.torture;

import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * The JDK lock the CLI can torture beside the variants, with the same workload and oracles: {@code --variant rrwl},
 * a nonfair {@link ReentrantReadWriteLock} (no downgrade, lock state, events or quiescent check).
 */
final class Peer
{
    /** The {@code --variant} name of the peer. */
    static final String RRWL = "rrwl";

    private Peer()
    {
    }

    /**
     * @param spec a planned run's spec: a variant spec or {@link #RRWL}
     * @return a builder set to that lock
     */
    static TortureRunner.Builder builder(final String spec)
    {
        final TortureRunner.Builder b = TortureRunner.builder().variant(spec);
        return RRWL.equals(spec) ? b.lock(() -> new ReentrantReadWriteLock(false)) : b;
    }
}
