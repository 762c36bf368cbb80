package org.rwsem4j.osq;

/** Cold padding after {@code OsqTail.tail}: 128 bytes, so that later fields or objects do not share its line. */
@SuppressWarnings("unused")
abstract class OsqL2Pad extends OsqTail
{
    long q00, q01, q02, q03, q04, q05, q06, q07;
    long q10, q11, q12, q13, q14, q15, q16, q17;
}
