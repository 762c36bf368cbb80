/**
 * The {@code rwsem4j-bench} command tree ({@link org.rwsem4j.bench.cli.BenchCommand#commandLine}) and the commands
 * that belong to no other package: {@code list}, {@code calibrate}, {@code footprint} and {@code jmh}.
 */
package org.rwsem4j.bench.cli;
