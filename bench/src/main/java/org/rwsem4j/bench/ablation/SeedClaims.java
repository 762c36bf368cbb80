package org.rwsem4j.bench.ablation;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;

/**
 * The seed mails' claims (seeds 000-004, per patch), read from {@link #RESOURCE} in the bench's jar. A malformed file
 * is a packaging bug: reading it throws an {@link IllegalStateException} whose one-line message names the file and
 * the problem.
 */
final class SeedClaims
{
    /** The claims' resource, beside this class. */
    static final String RESOURCE = "seed-claims.json";

    private SeedClaims()
    {
    }

    /** @return every claim, in the file's order */
    static List<SeedClaim> all()
    {
        return Holder.ALL;
    }

    /**
     * @param in   the JSON text: an array of claims
     * @param name the file's name, for the error message
     * @return the claims
     * @throws IllegalStateException if the text is not a well-formed list of claims
     */
    static List<SeedClaim> read(final Reader in, final String name)
    {
        final JsonElement root;
        try
        {
            root = JsonParser.parseReader(in);
        }
        catch (final JsonParseException e)
        {
            throw malformed(name, firstLine(e));
        }
        if (!root.isJsonArray())
        {
            throw malformed(name, "the top level is not an array");
        }
        final JsonArray array = root.getAsJsonArray();
        final List<SeedClaim> out = new ArrayList<>();
        for (int i = 0; i < array.size(); i++)
        {
            final String where = "claim " + (i + 1);
            if (!array.get(i).isJsonObject())
            {
                throw malformed(name, where + " is not an object");
            }
            try
            {
                out.add(claim(array.get(i).getAsJsonObject(), name, where));
            }
            catch (final UnsupportedOperationException | NumberFormatException e)
            {
                throw malformed(name, where + ": " + firstLine(e));
            }
            catch (final IllegalStateException e)
            {
                final boolean ours = e.getMessage() != null && e.getMessage().startsWith("malformed " + name);
                throw ours ? e : malformed(name, where + ": " + firstLine(e));
            }
        }
        return List.copyOf(out);
    }

    private static SeedClaim claim(final JsonObject o, final String name, final String where)
    {
        final String benchName = text(o, "bench", name, where);
        final Bench bench = Arrays.stream(Bench.values()).filter(b -> b.name().equals(benchName)).findFirst()
            .orElseThrow(() -> malformed(name, where + ": unknown bench '" + benchName + "'; benches: " +
                Arrays.toString(Bench.values())));
        final Map<String, String> params = new LinkedHashMap<>();
        for (final Map.Entry<String, JsonElement> e : member(o, "params", name, where).getAsJsonObject().entrySet())
        {
            params.put(e.getKey(), e.getValue().getAsString());
        }
        final List<Integer> threads = new ArrayList<>();
        member(o, "threads", name, where).getAsJsonArray().forEach(t -> threads.add(t.getAsInt()));
        final int sign = member(o, "sign", name, where).getAsInt();
        if (sign != 1 && sign != -1)
        {
            throw malformed(name, where + ": sign must be 1 or -1, not " + sign);
        }
        return new SeedClaim(text(o, "patch", name, where), text(o, "seed", name, where),
            text(o, "claim", name, where), bench, params, threads, sign);
    }

    private static JsonElement member(final JsonObject o, final String key, final String name, final String where)
    {
        final JsonElement e = o.get(key);
        if (e == null || e.isJsonNull())
        {
            throw malformed(name, where + ": '" + key + "' is missing");
        }
        return e;
    }

    private static String text(final JsonObject o, final String key, final String name, final String where)
    {
        return member(o, key, name, where).getAsString();
    }

    private static IllegalStateException malformed(final String name, final String why)
    {
        return new IllegalStateException("malformed " + name + ": " + why);
    }

    private static String firstLine(final Exception e)
    {
        final String m = e.getMessage() == null ? e.toString() : e.getMessage();
        return m.lines().findFirst().orElse(m);
    }

    /** Reads the resource once, on first use. */
    private static final class Holder
    {
        static final List<SeedClaim> ALL = load();

        private static List<SeedClaim> load()
        {
            final String name = SeedClaims.class.getPackageName().replace('.', '/') + "/" + RESOURCE;
            try (InputStream in = SeedClaims.class.getResourceAsStream(RESOURCE))
            {
                if (in == null)
                {
                    throw new IllegalStateException(name + " is missing from the bench's jar");
                }
                return read(new InputStreamReader(in, StandardCharsets.UTF_8), name);
            }
            catch (final IOException e)
            {
                throw malformed(name, firstLine(e));
            }
        }
    }
}
