package org.rwsem4j.osq;

/**
 * What the harnesses drive: a real queue ({@link Osq} or {@link CompactOsq}), or the seeded-bug {@link BrokenOsq}.
 * Test-only.
 */
interface QueueUnderTest
{

    boolean lock(Node node, GiveUp giveUp);

    void unlock(Node node);

    boolean isLocked();

    String describeTail();

    static QueueUnderTest of(final AbstractOsq osq)
    {
        return new QueueUnderTest()
        {
            @Override
            public boolean lock(final Node node, final GiveUp giveUp)
            {
                return osq.lock(node, giveUp);
            }

            @Override
            public void unlock(final Node node)
            {
                osq.unlock(node);
            }

            @Override
            public boolean isLocked()
            {
                return osq.isLocked();
            }

            @Override
            public String describeTail()
            {
                return osq.describeTail();
            }

            @Override
            public String toString()
            {
                return osq.getClass().getSimpleName();
            }
        };
    }
}
