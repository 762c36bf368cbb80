package org.rwsem4j.bench.share;

import java.util.Arrays;
import java.util.stream.Collectors;

/** The thread mix of a writer-share run; every shape uses the same section lengths. */
enum Shape
{
    /** One reader and one writer: the shape of the LKML report on reader optimistic lock stealing. */
    ONE_READER("one-reader", 1, 1),
    /** Two readers and one writer. */
    TWO_READERS("two-readers", 2, 1),
    /** Four writers and one reader: the reader's wait is what is judged. */
    WRITER_FLOOD("writer-flood", 1, 4);

    final String cliName;
    final int readers;
    final int writers;

    Shape(final String cliName, final int readers, final int writers)
    {
        this.cliName = cliName;
        this.readers = readers;
        this.writers = writers;
    }

    /**
     * @param text a shape's name
     * @return the shape
     * @throws IllegalArgumentException if no shape has that name
     */
    static Shape parse(final String text)
    {
        for (final Shape s : values())
        {
            if (s.cliName.equals(text))
            {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown shape '" + text + "'; valid: " + names());
    }

    /** @return every shape's name, comma-separated */
    static String names()
    {
        return Arrays.stream(values()).map(s -> s.cliName).collect(Collectors.joining(","));
    }

    /** @return e.g. {@code 2 readers, 1 writer} */
    String threads()
    {
        return readers + (readers == 1 ? " reader, " : " readers, ") + writers +
            (writers == 1 ? " writer" : " writers");
    }
}
