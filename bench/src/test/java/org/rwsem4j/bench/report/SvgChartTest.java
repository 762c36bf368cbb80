package org.rwsem4j.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import javax.xml.parsers.DocumentBuilderFactory;

import org.rwsem4j.bench.stats.Stats;

import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

class SvgChartTest
{
    @Test
    void writesWellFormedSvgWithOneRectPerBar() throws Exception
    {
        final List<Bar> bars = List.of(
            new Bar("mutex 2t", "load 1", new Stats(530.7, 520, 540, 3)),
            new Bar("mutex 2t", "load 10", new Stats(472.7, 470, 480, 3)),
            new Bar("base/1:1 <2t>", "load 1", new Stats(2915, 2900, 2930, 3)),
            new Bar("change", "load 1", new Stats(-89.3, -89.3, -89.3, 1)));
        final String svg = SvgChart.render("Seed 000 & peers", "ms, lower is better", bars);
        final Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder()
            .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
        assertEquals("svg", doc.getDocumentElement().getNodeName());
        // background + 2 legend swatches + 4 bars
        assertEquals(1 + 2 + 4, doc.getElementsByTagName("rect").getLength());
        assertTrue(svg.contains("Seed 000 &amp; peers"));
    }
}
