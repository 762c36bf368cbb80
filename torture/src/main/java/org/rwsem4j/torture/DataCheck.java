package org.rwsem4j.torture;

/**
 * The data oracle: three plain fields that a writer moves from v to v+1 one at a time, with the critical-section body
 * between the first store and the others, and that a reader reads at entry and again at exit. Nothing here is
 * volatile or atomic, so only the lock's own acquire and release order these accesses; with a correct lock every
 * reader sees {@code a == b == c}, unchanged across its hold, and every writer finds them equal on entry. After the
 * run (joined, so visible) they must equal the number of write acquisitions: a shortfall is a lost update.
 */
final class DataCheck implements Check
{
    private final Violations violations;
    private long a;
    private long b;
    private long c;

    DataCheck(final Violations violations)
    {
        this.violations = violations;
    }

    @Override
    public void readerEnter(final Worker w)
    {
        w.seen = a;
    }

    @Override
    public void readerExit(final Worker w)
    {
        final long x = w.seen;
        final long y = b;
        final long z = c;
        final long x2 = a;
        if (x != y || y != z || z != x2)
        {
            violations.report(w, "reader saw a torn or changing state: a=" + x + " then b=" + y + " c=" + z +
                " a=" + x2);
        }
    }

    @Override
    public void writerEnter(final Worker w)
    {
        final long v = a;
        final long vb = b;
        final long vc = c;
        if (vb != v || vc != v)
        {
            violations.report(w, "writer found a torn state on entry: a=" + v + " b=" + vb + " c=" + vc);
        }
        a = v + 1;
        w.seen = v + 1;
    }

    @Override
    public void writerExit(final Worker w)
    {
        final long v = w.seen;
        b = v;
        c = v;
    }

    @Override
    public void downgrade(final Worker w)
    {
        writerExit(w); // complete the update; w.seen stays the value the reader part must keep seeing
    }

    @Override
    public void afterJoin(final long writeAcquisitions, final Violations v)
    {
        if (a != writeAcquisitions || b != writeAcquisitions || c != writeAcquisitions)
        {
            v.record("after the run a=" + a + " b=" + b + " c=" + c + " but there were " + writeAcquisitions +
                " write acquisitions: " + (a < writeAcquisitions ? "lost updates" : "torn final state"));
        }
    }
}
