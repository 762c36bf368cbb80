/**
 * The per-patch ablation: the plan over the patches on the class path, the profiles (smoke, quick, full), the
 * benchmark specifications that plan and report each section's cells, the matrix and its runners, the report, the
 * seed claims, and run folders ({@code metadata.json}, {@code jmh.json}) with the commands that write and read
 * them ({@code ablation}, {@code report}, {@code compare}).
 */
package org.rwsem4j.bench.ablation;
