package org.rwsem4j.bench;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** A whole number of at least 1, with {@code _} allowed between digits ({@code 100_000}), as in Java. */
public final class PositiveInt implements ITypeConverter<Integer>
{
    @Override
    public Integer convert(final String text)
    {
        final int v;
        try
        {
            if (!text.matches("[0-9]+(_+[0-9]+)*"))
            {
                throw new NumberFormatException(text);
            }
            v = Integer.parseInt(text.replace("_", ""));
        }
        catch (final NumberFormatException e)
        {
            throw new TypeConversionException("needs a whole number, got '" + text + "'");
        }
        if (v < 1)
        {
            throw new TypeConversionException("must be at least 1, got " + v);
        }
        return v;
    }
}
