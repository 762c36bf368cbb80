package org.rwsem4j.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

class MachineInfoTest
{
    private static final String ID = "5b2953d0f1e2d3c4b5a697887766554433221100";

    private static InputStream properties(final String text)
    {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.ISO_8859_1));
    }

    @Test
    void readsTheCommitTheTreeStateAndTheBuildTime() throws IOException
    {
        assertEquals(ID + " (built from a clean tree, at 2026-12-01T11:52:41Z)", MachineInfo.buildCommit(
            properties("#Generated\ngit.build.time=2026-12-01T11\\:52\\:41Z\ngit.commit.id=" + ID +
                "\ngit.dirty=false\n")));
        assertEquals(ID + " (built with uncommitted changes, at 2026-12-01T11:52:41Z)", MachineInfo.buildCommit(
            properties("git.build.time=2026-12-01T11\\:52\\:41Z\ngit.commit.id=" + ID + "\ngit.dirty=true\n")));
        assertEquals(ID + " (tree state not recorded)", MachineInfo.buildCommit(properties("git.commit.id=" + ID)));
    }

    @Test
    void saysUnknownWithoutTheResourceOrWithoutACommit() throws IOException
    {
        assertEquals("unknown (no git.properties in the build)", MachineInfo.buildCommit(null));
        assertEquals("unknown (built outside a git checkout)",
            MachineInfo.buildCommit(properties("git.dirty=false\ngit.build.time=2026-12-01T11\\:52\\:41Z\n")));
    }

    /**
     * The bench's pom hands the plugin's {@code git.commit.id} to the tests as {@code rwsem4j.test.build-commit}; a
     * build outside a git checkout leaves it empty or unresolved (and the plugin writes only the build time). Either
     * way the resource on the classpath must agree.
     */
    @Test
    void readsTheResourceThisBuildWrote()
    {
        final String fromBuild = System.getProperty("rwsem4j.test.build-commit");
        assertTrue(fromBuild != null, "the pom sets rwsem4j.test.build-commit");
        final String commit = MachineInfo.buildCommit();
        if (fromBuild.isEmpty() || fromBuild.startsWith("${"))
        {
            assertEquals("unknown (built outside a git checkout)", commit);
        }
        else
        {
            assertTrue(fromBuild.matches("[0-9a-f]{40}"), fromBuild);
            assertTrue(commit.matches(fromBuild + " \\(built (from a clean tree|with uncommitted changes), at .+\\)"),
                commit);
        }
    }

    @Test
    void theReportHeaderNamesTheBuildCommit()
    {
        final String commit = ID + " (built from a clean tree, at 2026-12-01T11:52:41Z)";
        final String header = new MachineInfo(2, "cpu", "jvm", "os", "date", commit, 1.0, 0).markdown();
        assertTrue(header.contains("- commit: " + commit + System.lineSeparator()), header);
    }
}
