package org.rwsem4j.bench.ab;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.StringJoiner;

/**
 * One parameter point of an A/B run: the JMH parameters (one value each) that both jars run with.
 *
 * @param params the JMH parameters, in the order the plan lists them
 */
public record AbCell(Map<String, String> params)
{
    /** Keeps an unmodifiable copy of the parameters, in their order. */
    public AbCell
    {
        params = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(params));
    }

    /** @return e.g. {@code impl=recommended ratio=1:1 threads=10 load=1 ops=100000} */
    public String label()
    {
        final StringJoiner j = new StringJoiner(" ");
        params.forEach((k, v) -> j.add(k + "=" + v));
        return j.toString();
    }

    @Override
    public String toString()
    {
        return label();
    }
}
