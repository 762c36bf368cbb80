/**
 * The statistics the reports' verdicts rest on: per-cell median and spread, the two-level bootstrap of a change with
 * its interval and p-value, and Holm's correction over a run's family of comparisons. Depends on no other bench
 * package.
 */
package org.rwsem4j.bench.stats;
