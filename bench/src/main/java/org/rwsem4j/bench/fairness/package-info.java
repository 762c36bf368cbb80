/**
 * The reader/writer fairness harness (not JMH): a timed run of reader and writer threads on one lock, its result
 * (per-thread operations, writer waits, torn reads) and the {@code fairness} command the ablation runs in child JVMs.
 */
package org.rwsem4j.bench.fairness;
