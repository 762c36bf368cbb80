package org.rwsem4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import picocli.CommandLine.TypeConversionException;

/** The CLI's durations: every unit, bare seconds, ISO-8601, the range, and the printed form. */
class DurationConverterTest
{
    private static final DurationConverter CONVERTER = new DurationConverter();

    @Test
    void everyForm()
    {
        assertEquals(Duration.ofNanos(100_000), CONVERTER.convert("100us"));
        assertEquals(Duration.ofMillis(500), CONVERTER.convert("500ms"));
        assertEquals(Duration.ofSeconds(40), CONVERTER.convert("40s"));
        assertEquals(Duration.ofMillis(1500), CONVERTER.convert("1.5s"));
        assertEquals(Duration.ofMinutes(10), CONVERTER.convert("10m"));
        assertEquals(Duration.ofHours(2), CONVERTER.convert("2h"));
        assertEquals(Duration.ofSeconds(3), CONVERTER.convert("3"));
        assertEquals(Duration.ofSeconds(4), CONVERTER.convert("PT4S"));
        assertEquals(Duration.ofSeconds(4), CONVERTER.convert(" pt4s "));
        assertEquals(Duration.ofSeconds(5), CONVERTER.convert("5S"));
        assertEquals(Duration.ofNanos(250_000), CONVERTER.convert("250us"));
        assertEquals(Duration.ofSeconds(1), CONVERTER.convert("1s"));
        assertEquals(Duration.ofMinutes(2), CONVERTER.convert("2m"));
        assertEquals(Duration.ofHours(1), CONVERTER.convert("1h"));
    }

    @Test
    void badTextIsNamed()
    {
        for (final String bad : new String[] {"", "soon", "5parsecs", "-1s", "1e3s", "PTxS", "1.s", "366d"})
        {
            final TypeConversionException ex = assertThrows(TypeConversionException.class,
                () -> CONVERTER.convert(bad), bad);
            assertEquals("'" + bad + "' is not a duration (use e.g. 500ms, 40s, 10m, 1h; 100us)", ex.getMessage());
        }
    }

    @Test
    void outOfRangeIsNamed()
    {
        for (final String bad : new String[] {"0", "0s", "0.5us", "9000h", "PT-4S", "PT0S"})
        {
            final TypeConversionException ex = assertThrows(TypeConversionException.class,
                () -> CONVERTER.convert(bad), bad);
            assertEquals("'" + bad + "' is out of range (at least 1us, at most a year)", ex.getMessage());
        }
    }

    @Test
    void printedForms()
    {
        assertEquals("1.5s", DurationConverter.format(Duration.ofMillis(1500)));
        assertEquals("2m05s", DurationConverter.format(Duration.ofSeconds(125)));
        assertEquals("1h02m03s", DurationConverter.format(Duration.ofSeconds(3723)));
    }
}
