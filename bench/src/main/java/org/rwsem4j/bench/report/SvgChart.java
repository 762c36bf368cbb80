package org.rwsem4j.bench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A hand-written SVG grouped horizontal bar chart, no dependencies: one group per table row, one coloured bar per
 * column (series), each bar the median with a min–max whisker. The scale is logarithmic when the values span more
 * than 30x, and says so.
 */
public final class SvgChart
{
    private static final String[] COLOURS = {
        "#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"};
    private static final int WIDTH = 900;
    private static final int BAR = 11;
    private static final int GAP = 2;
    private static final int GROUP_GAP = 9;
    private static final int TOP = 58;

    private SvgChart()
    {
    }

    /**
     * @param title the chart title
     * @param unit  the value unit, with direction, e.g. {@code ms, lower is better}
     * @param bars  the bars, in display order
     * @return the SVG document
     */
    public static String render(final String title, final String unit, final List<Bar> bars)
    {
        final Map<String, List<Bar>> groups = new LinkedHashMap<>();
        final Set<String> series = new LinkedHashSet<>();
        double lo = Double.MAX_VALUE;
        double hi = 0;
        for (final Bar b : bars)
        {
            groups.computeIfAbsent(b.group(), g -> new ArrayList<>()).add(b);
            series.add(b.series());
            hi = Math.max(hi, b.stats().max());
            if (b.stats().min() > 0)
            {
                lo = Math.min(lo, b.stats().min());
            }
        }
        final List<String> seriesList = new ArrayList<>(series);
        double least = 0;
        for (final Bar b : bars)
        {
            least = Math.min(least, b.stats().min());
        }
        final boolean log = least >= 0 && hi > 0 && lo < Double.MAX_VALUE && hi / lo > 30;
        int labelWidth = 80;
        for (final String g : groups.keySet())
        {
            labelWidth = Math.max(labelWidth, 7 * g.length() + 12);
        }
        final int left = Math.min(labelWidth, 380);
        final int plot = WIDTH - left - 90;
        int height = TOP;
        for (final List<Bar> g : groups.values())
        {
            height += g.size() * (BAR + GAP) + GROUP_GAP;
        }
        height += 40;
        final double top = hi <= 0 ? 1 : hi * (log ? 1.5 : 1.08);
        final Scale scale = new Scale(log, log ? lo / 1.5 : least * 1.08, top, plot);
        final StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" " +
            "font-family=\"monospace\" font-size=\"11\">%n", WIDTH, height, WIDTH, height));
        sb.append(String.format(Locale.ROOT, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>%n", WIDTH, height));
        sb.append(String.format(Locale.ROOT, "<text x=\"8\" y=\"16\" font-size=\"13\" font-weight=\"bold\">%s</text>%n",
            esc(title)));
        sb.append(String.format(Locale.ROOT,
            "<text x=\"8\" y=\"32\">%s%s; bar = median over forks, whisker = min-max</text>%n",
            esc(unit), log ? "; log scale" : ""));
        int lx = 8;
        for (int i = 0; i < seriesList.size(); i++)
        {
            sb.append(String.format(Locale.ROOT,
                "<rect x=\"%d\" y=\"40\" width=\"10\" height=\"10\" fill=\"%s\"/><text x=\"%d\" y=\"49\">%s</text>%n",
                lx, COLOURS[i % COLOURS.length], lx + 14, esc(seriesList.get(i))));
            lx += 24 + 7 * seriesList.get(i).length();
        }
        int y = TOP;
        for (final Map.Entry<String, List<Bar>> g : groups.entrySet())
        {
            final int groupHeight = g.getValue().size() * (BAR + GAP);
            sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s</text>%n",
                left - 6, y + groupHeight / 2 + 4, esc(g.getKey())));
            for (final Bar b : g.getValue())
            {
                final String colour = COLOURS[seriesList.indexOf(b.series()) % COLOURS.length];
                bar(sb, scale, left, y, g.getKey(), colour, b);
                y += BAR + GAP;
            }
            y += GROUP_GAP;
        }
        final double axis = left + scale.x(log ? scale.lo : 0);
        sb.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#888\"/>%n",
            axis, TOP - 4, axis, y));
        for (final double tick : scale.ticks())
        {
            final double x = left + scale.x(tick);
            sb.append(String.format(Locale.ROOT,
                "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#888\"/>" +
                "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>%n",
                x, y, x, y + 4, x, y + 16, tick == Math.rint(tick) ? String.format(Locale.ROOT, "%.0f", tick) :
                    Numbers.seed(tick)));
        }
        sb.append("</svg>\n");
        return sb.toString();
    }

    /** One bar of a group: the median bar, its min-max whisker and its value label. */
    private static void bar(final StringBuilder sb, final Scale scale, final int left, final int y, final String group,
        final String colour, final Bar b)
    {
        final double x0 = left + scale.x(scale.log ? scale.lo : 0);
        final double xm = left + scale.x(b.stats().median());
        sb.append(String.format(Locale.ROOT,
            "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\">" +
            "<title>%s %s: %s (%s-%s)</title></rect>%n",
            Math.min(x0, xm), y, Math.max(0.5, Math.abs(xm - x0)), BAR, colour, esc(group), esc(b.series()),
            Numbers.seed(b.stats().median()), Numbers.seed(b.stats().min()), Numbers.seed(b.stats().max())));
        final double xa = left + scale.x(b.stats().min());
        final double xb = left + scale.x(b.stats().max());
        final int cy = y + BAR / 2;
        sb.append(String.format(Locale.ROOT,
            "<path d=\"M%.1f %dH%.1fM%.1f %dV%dM%.1f %dV%d\" stroke=\"black\" stroke-width=\"1\"/>%n",
            xa, cy, xb, xa, cy - 3, cy + 3, xb, cy - 3, cy + 3));
        if (b.stats().median() < 0)
        {
            sb.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"end\">%s</text>%n",
                Math.min(xm, xa) - 4, y + BAR - 1, Numbers.seed(b.stats().median())));
        }
        else
        {
            sb.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\">%s</text>%n",
                Math.max(xm, xb) + 4, y + BAR - 1, Numbers.seed(b.stats().median())));
        }
    }

    private static String esc(final String s)
    {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    /** Value to x offset, linear or log10. */
    private static final class Scale
    {
        private final boolean log;
        private final double lo;
        private final double hi;
        private final double width;

        Scale(final boolean log, final double lo, final double hi, final double width)
        {
            this.log = log;
            this.lo = lo;
            this.hi = hi;
            this.width = width;
        }

        double x(final double v)
        {
            if (log)
            {
                final double c = Math.max(v, lo);
                return (Math.log10(c) - Math.log10(lo)) / (Math.log10(hi) - Math.log10(lo)) * width;
            }
            return Math.max(0, v - lo) / (hi - lo) * width;
        }

        List<Double> ticks()
        {
            final List<Double> out = new ArrayList<>();
            if (log)
            {
                for (double t = Math.pow(10, Math.ceil(Math.log10(lo))); t <= hi; t *= 10)
                {
                    out.add(t);
                }
                return out;
            }
            final double raw = hi / 5;
            final double mag = Math.pow(10, Math.floor(Math.log10(raw)));
            final double step = raw / mag < 2 ? 2 * mag : raw / mag < 5 ? 5 * mag : 10 * mag;
            for (double t = Math.ceil(lo / step) * step; t <= hi; t += step)
            {
                out.add(Math.abs(t) < step / 1e6 ? 0 : t);
            }
            return out;
        }
    }
}
