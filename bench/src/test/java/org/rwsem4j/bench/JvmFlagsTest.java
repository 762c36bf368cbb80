package org.rwsem4j.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.rwsem4j.bench.report.MachineInfo;

/** The lock switches given to the bench reach its forks and children, and its reports name them. */
class JvmFlagsTest
{
    private static final String SWITCH = "rwsem4j.benchSwitch";
    /** A test harness's property (this module's surefire sets another one, {@code rwsem4j.test.build-commit}). */
    private static final String HARNESS = "rwsem4j.test.benchScale";

    @AfterEach
    void clear()
    {
        System.clearProperty(SWITCH);
        System.clearProperty(HARNESS);
    }

    @Test
    void aLockSwitchReachesForksChildrenAndTheReport()
    {
        System.setProperty(SWITCH, "on");
        final String flag = "-D" + SWITCH + "=on";
        assertTrue(JvmFlags.lockProperties().contains(flag), JvmFlags.lockProperties()::toString);
        assertEquals(JvmFlags.ADD_OPENS, JvmFlags.forkFlags()[0]);
        assertTrue(Arrays.asList(JvmFlags.forkFlags()).contains(flag));
        final List<String> child = JvmFlags.childCommand(List.of("fairness"));
        assertTrue(child.indexOf(flag) > 0 && child.indexOf(flag) < child.indexOf("-cp"), child::toString);
        assertTrue(MachineInfo.lockSwitches().contains(flag), MachineInfo.lockSwitches());
    }

    @Test
    void otherPropertiesStayBehind()
    {
        System.setProperty(SWITCH, "on");
        System.setProperty(HARNESS, "7");
        assertFalse(JvmFlags.lockProperties().stream().anyMatch(f -> f.startsWith("-Djava.")),
            JvmFlags.lockProperties()::toString);
        assertFalse(JvmFlags.lockProperties().stream().anyMatch(f -> f.startsWith("-D" + HARNESS)),
            JvmFlags.lockProperties()::toString);
        System.clearProperty(SWITCH);
        assertFalse(JvmFlags.lockProperties().contains("-D" + SWITCH + "=on"));
        assertFalse(MachineInfo.lockSwitches().contains(SWITCH));
    }
}
