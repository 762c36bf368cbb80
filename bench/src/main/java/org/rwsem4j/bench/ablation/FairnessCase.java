package org.rwsem4j.bench.ablation;

import java.util.List;

/**
 * A shape of the fairness harness: how many reader and writer threads, and how long their sections are. The
 * {@link #STANDARD} case is the one the harness has always run (the profile's readers and writers, its load inside and
 * outside every section); the {@link #READER_FLOOD} case is the starvation check: many readers with long read
 * sections against two writers with short ones, the shape upstream's reader stealing was reported to starve writers
 * in (May 2026).
 *
 * @param name      the case's name in the report
 * @param readers   reader threads, or 0 for the profile's
 * @param writers   writer threads, or 0 for the profile's
 * @param load      pause units in the write sections and outside every section, or -1 for the profile's
 * @param readLoad  pause units in the read sections, or -1 for {@code load} (the cell then has no {@code readLoad})
 */
record FairnessCase(String name, int readers, int writers, int load, int readLoad)
{
    /** The profile's readers and writers with its load everywhere. */
    static final FairnessCase STANDARD = new FairnessCase("standard", 0, 0, -1, -1);

    /** Pause units in the reader flood's read sections: long ones ({@code LoadCalibration} states a unit's time). */
    static final int FLOOD_READ_LOAD = 2000;

    /** 8 readers with long read sections ({@link #FLOOD_READ_LOAD} units) and 2 writers with load 1. */
    static final FairnessCase READER_FLOOD = new FairnessCase("reader flood", 8, 2, 1, FLOOD_READ_LOAD);

    /** The cases, in the report's order. */
    static final List<FairnessCase> ALL = List.of(STANDARD, READER_FLOOD);

    /** The cell parameter that carries the read sections' length (only in cells whose read load differs). */
    static final String READ_LOAD = "readLoad";

    /**
     * @param p    the profile
     * @param impl the lock
     * @return this case's cell for the lock
     */
    Cell cell(final Profile p, final String impl)
    {
        final String r = Integer.toString(readers(p));
        final String w = Integer.toString(writers(p));
        final String l = Integer.toString(load(p));
        final String ms = Integer.toString(p.fairnessMillis);
        return readLoad < 0 ?
            Cell.of(Bench.FAIRNESS, impl, 1, "readers", r, "writers", w, "load", l, "millis", ms) :
            Cell.of(Bench.FAIRNESS, impl, 1, "readers", r, "writers", w, "load", l, READ_LOAD,
                Integer.toString(readLoad), "millis", ms);
    }

    /** @return the case as {@code metadata.json} records it (the profile's figures are in its own line) */
    String describe()
    {
        return readLoad < 0 ? name + ": the profile's readers, writers and load" :
            name + ": " + readers + " readers, read sections of " + readLoad + " pause units; " + writers +
            " writers, load " + load + " in write sections and outside every section";
    }

    /** @return every case, described */
    static List<String> describeAll()
    {
        return ALL.stream().map(FairnessCase::describe).toList();
    }

    int readers(final Profile p)
    {
        return readers == 0 ? p.fairnessReaders : readers;
    }

    int writers(final Profile p)
    {
        return writers == 0 ? p.fairnessWriters : writers;
    }

    int load(final Profile p)
    {
        return load < 0 ? p.load : load;
    }

    int readLoad(final Profile p)
    {
        return readLoad < 0 ? load(p) : readLoad;
    }
}
