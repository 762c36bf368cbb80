package org.rwsem4j.bench.ablation;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a seed mail claims for a patch, and which of our cells stands in for it. The claims are data
 * ({@link SeedClaims#RESOURCE}); the benchmark that runs the stand-in cell builds and describes it
 * ({@link BenchSpec#claimCell}).
 *
 * @param patch    the patch
 * @param seed     the seed number
 * @param claim    the claim, in the seed's words and figures
 * @param bench    our stand-in benchmark
 * @param params   the stand-in cell's parameters, in order (the lock is the contribution's)
 * @param threads  the stand-in cells' thread counts (JMH threads, or the lock test's worker count); empty: the
 *                 benchmark's default
 * @param sign     the direction the claim says the metric moves: +1 up, -1 down
 */
record SeedClaim(String patch, String seed, String claim, Bench bench, Map<String, String> params,
    List<Integer> threads, int sign)
{
    SeedClaim
    {
        params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
        threads = List.copyOf(threads);
    }

    /**
     * @param name a parameter of the stand-in cell
     * @return its value, or null
     */
    String param(final String name)
    {
        return params.get(name);
    }
}
