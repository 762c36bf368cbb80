/**
 * The A/B runner behind the {@code ab} command: the cells, the plan over two shaded bench jars, the child runs that
 * alternate between them, the results read back from the children's JMH JSON, and the report with its verdicts.
 */
package org.rwsem4j.bench.ab;
