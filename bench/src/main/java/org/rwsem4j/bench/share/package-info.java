/**
 * The writer-share case ({@code writer-share}): one lock, dedicated reader and writer threads with long read sections
 * and short write sections, measured in consecutive windows per child JVM, so that a lock whose mode is chosen per run
 * (a writer that gets its share in one JVM and is starved in the next) shows its bad mode in the worst window over
 * all forks. The harness ({@link org.rwsem4j.bench.share.ShareHarness}) runs in the child; the parent starts one child
 * per fork, parses its window lines ({@link org.rwsem4j.bench.share.WindowLine}) and writes the report and the raw
 * figures into a run folder.
 */
package org.rwsem4j.bench.share;
