/**
 * What the bench prints, independent of how a run was planned: aligned text tables (the seeds' shapes, the seed-000
 * table), bar charts as SVG, number formats, the machine header of a report and the per-cell progress lines.
 */
package org.rwsem4j.bench.report;
