package org.rwsem4j;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * A revoking writer's wait between two looks at the table of visible readers starts at one onSpinWait and doubles up
 * to {@link Engine#SPIN_PAUSES_MAX}: the inhibit window that follows a revocation is N times its wait, and a biased
 * reader that meets the writer lets its entry go within a few loads. A schedule that starts at its cap (the form
 * before it) fails here.
 */
class RevokePausesTest
{
    @Test
    void theWaitBetweenLooksDoublesFromOneToTheCap()
    {
        int pauses = Engine.REVOKE_PAUSES_FIRST;
        int total = 0;
        int looks = 0;
        while (pauses < Engine.SPIN_PAUSES_MAX)
        {
            total += pauses;
            looks++;
            final int next = Engine.revokePauses(pauses);
            assertEquals(2 * pauses, next, "the wait after " + pauses + " onSpinWaits");
            pauses = next;
        }
        assertEquals(Engine.SPIN_PAUSES_MAX - 1, total, "the onSpinWaits before the wait reaches its cap");
        assertEquals(6, looks, "the looks before the wait reaches its cap");
        assertEquals(Engine.SPIN_PAUSES_MAX, Engine.revokePauses(Engine.SPIN_PAUSES_MAX), "the cap");
    }
}
