package org.rwsem4j.bench;

import java.util.List;

/**
 * What a seed mail claims for a patch, and which of our cells stands in for it.
 *
 * @param patch    the patch
 * @param seed     the seed number
 * @param claim    the claim, in the seed's words and figures
 * @param bench    our stand-in benchmark
 * @param params   the stand-in cell's parameters (key, value pairs; the lock is the contribution's)
 * @param threads  the stand-in cells' thread counts (JMH threads, or the lock test's worker count)
 * @param sign     the direction the claim says the metric moves: +1 up, -1 down
 */
record SeedClaim(String patch, String seed, String claim, Bench bench, List<String> params, List<Integer> threads,
    int sign)
{
    /** The claims of seeds 000–004, per patch. */
    static final List<SeedClaim> ALL = List.of(
        new SeedClaim("reader-spin", "000", "whole series: rwsem 1:1, 2 threads, exec time -89.3% (about 9.4x); " +
            "faster than mutex", Bench.LOCKTEST, List.of("ratio", "1:1"), List.of(2), -1),
        new SeedClaim("writer-respin", "000", "part of the series above (1:1, 2 threads: -89.3%)", Bench.LOCKTEST,
            List.of("ratio", "1:1"), List.of(2), -1),
        new SeedClaim("wake-skip", "000", "part of the series above (1:1, 2 threads: -89.3%)", Bench.LOCKTEST,
            List.of("ratio", "1:1"), List.of(2), -1),
        new SeedClaim("handoff", "001", "costs 6.5% AIM7 shared throughput (8,092,486 -> 7,567,568)",
            Bench.REGION_TREE, List.of("writePercent", "2"), List.of(), -1),
        new SeedClaim("handoff-spin", "001", "wins most of it back (7,567,568 -> 7,954,545, +5.1%)",
            Bench.REGION_TREE, List.of("writePercent", "2"), List.of(), +1),
        new SeedClaim("reader-owned", "002", "fio randrw +21% bandwidth", Bench.BLOCK_MAP,
            List.of("mix", BlockMapBenchmark.RANDRW), List.of(), +1),
        new SeedClaim("reader-owned", "002", "fio randwrite +7.3% bandwidth", Bench.BLOCK_MAP,
            List.of("mix", BlockMapBenchmark.RANDWRITE), List.of(), +1),
        new SeedClaim("wake-once", "003", "small gains (up to +6%) growing with waiter count", Bench.LOCKTEST,
            List.of("ratio", "10:1"), List.of(10), -1),
        new SeedClaim("trylock", "004", "read-trylock rate +1.5% at 1 thread ... +27% at 8 threads (x86)",
            Bench.TRYLOCK, List.of("load", "10"), List.of(1, 8), +1));
}
