package org.rwsem4j;

/**
 * Slow-path lock events, after the kernel's {@code lock_events_list.h} rwsem counters. Fast paths are not counted
 * (they stay one or two atomics), except the writer's steal past queued waiters ({@link #WLOCK_STEAL}). Read a
 * lock's counters with {@link Rwsem#events()}.
 */
public enum LockEvent
{
    /**
     * A reader entered the read slow path and did not steal at its entry ({@code rwsem_rlock}); a reader that steals
     * there counts only {@link #RLOCK_STEAL}.
     */
    RLOCK("rwsem_rlock"),
    /**
     * A slow-path reader took the lock without queueing ({@code rwsem_rlock_steal}): at slow-path entry
     * (reader-steal) or, having entered as {@link #RLOCK}, past a queue it found empty.
     */
    RLOCK_STEAL("rwsem_rlock_steal"),
    /** A queued reader gave up: interrupted or timed out ({@code rwsem_rlock_fail}). */
    RLOCK_FAIL("rwsem_rlock_fail"),
    /** A reader at the queue head set the handoff bit ({@code rwsem_rlock_handoff}). */
    RLOCK_HANDOFF("rwsem_rlock_handoff"),
    /** A reader acquired by optimistic spinning ({@code rwsem_opt_rlock}; reader-spin). */
    OPT_RLOCK("rwsem_opt_rlock"),
    /**
     * A writer's fast path took a free lock past queued waiters (platform adaptation W1; the one fast-path event
     * counted, since it happens only with waiters queued; not counted in {@link #WLOCK}).
     */
    WLOCK_STEAL("rwsem_wlock_steal"),
    /** A writer entered the write slow path ({@code rwsem_wlock}). */
    WLOCK("rwsem_wlock"),
    /** A queued writer gave up: interrupted or timed out ({@code rwsem_wlock_fail}). */
    WLOCK_FAIL("rwsem_wlock_fail"),
    /** A queued writer set the handoff bit ({@code rwsem_wlock_handoff}). */
    WLOCK_HANDOFF("rwsem_wlock_handoff"),
    /** A queued writer took the lock while the handoff bit was set for it. */
    HANDOFF_TAKEN("rwsem_handoff_taken"),
    /** A writer acquired by optimistic spinning ({@code rwsem_opt_lock}). */
    OPT_LOCK("rwsem_opt_lock"),
    /** An optimistic spin ended without the lock ({@code rwsem_opt_fail}). */
    OPT_FAIL("rwsem_opt_fail"),
    /** A slow-path locker did not spin at all: the owner state said no ({@code rwsem_opt_nospin}). */
    OPT_NOSPIN("rwsem_opt_nospin"),
    /** A spinner kept spinning on a NULL owner. */
    SPIN_NULL_OWNER("rwsem_spin_null_owner"),
    /** A spinner stopped because readers own the lock (reader-owned). */
    SPIN_STOP_READER("rwsem_spin_stop_reader"),
    /** A spinner kept spinning on a reader-owned lock within its threshold (spin-on-readers). */
    SPIN_ON_READERS("rwsem_spin_on_readers"),
    /**
     * A writer's spin on a reader-owned lock ran out of its threshold and marked the lock non-spinnable
     * ({@code rwsem_set_nonspinnable}; nonspinnable).
     */
    SET_NONSPINNABLE("rwsem_set_nonspinnable"),
    /**
     * A slow-path locker did not spin because the lock is marked non-spinnable (nonspinnable); also counted in
     * {@link #OPT_NOSPIN}.
     */
    OPT_NOSPIN_NONSPINNABLE("rwsem_opt_nospin_nonspinnable"),
    /**
     * A slow-path locker did not spin because other waiters were queued and no readers owned the lock (platform
     * adaptation W5; not counted in {@link #OPT_NOSPIN}).
     */
    OPT_NOSPIN_WAITERS("rwsem_opt_nospin_waiters"),
    /** A reader went to sleep ({@code rwsem_sleep_reader}). */
    SLEEP_READER("rwsem_sleep_reader"),
    /** A writer went to sleep ({@code rwsem_sleep_writer}). */
    SLEEP_WRITER("rwsem_sleep_writer"),
    /** Readers were granted and queued for wakeup ({@code rwsem_wake_reader}, one per reader). */
    WAKE_READER("rwsem_wake_reader"),
    /** A writer was queued for wakeup ({@code rwsem_wake_writer}). */
    WAKE_WRITER("rwsem_wake_writer"),
    /**
     * A wake found the head writer awake (woken before, and not yet back from its try of the lock) and did not
     * unpark it again (a platform adaptation). An unlock's skip is added when that writer leaves its slow path, and
     * two unlocks that skip the same writer at the same instant may count once (no atomic in the unlock).
     */
    WAKE_WRITER_AWAKE("rwsem_wake_writer_awake"),
    /** One pass over the shared wait list while collecting readers to wake (wake-once halves these). */
    WAKE_LIST_SCAN("rwsem_wake_list_scan"),
    /** An unlock skipped its wakeup because a spinner or writer owner was present (wake-skip). */
    WAKE_SKIP("rwsem_wake_skip"),
    /** A woken queued writer left the queue to spin again (writer-respin). */
    WRITER_RESPIN("rwsem_writer_respin"),
    /** The handoff writer spun on the owner instead of sleeping (handoff-spin). */
    HANDOFF_SPIN("rwsem_handoff_spin"),
    /** The handoff writer acquired right after spinning, without sleeping (handoff-spin). */
    HANDOFF_SPIN_LOCK("rwsem_handoff_spin_lock"),
    /**
     * A granted reader was unparked by another granted reader, not by the waker: one wake granted more readers than
     * it unparks itself (256), and each woken reader unparks the one 256 places after it (phase-fair).
     */
    WAKE_READER_FORWARDED("rwsem_wake_reader_forwarded"),
    /** Reader bias, not from the kernel: a writer found the lock read-biased and waited for the table. */
    BIAS_REVOKE("rwsem_bias_revoke"),
    /** Reader bias: the nanoseconds those revocations waited for the table, summed. */
    BIAS_REVOKE_NS("rwsem_bias_revoke_ns"),
    /** Reader bias: a read unlock re-armed the bias once the inhibit window had passed. */
    BIAS_ARM("rwsem_bias_arm"),
    /** Reader bias: a read found the lock armed but its entry of the table taken, and used the count. */
    BIAS_FALLBACK("rwsem_bias_fallback");

    private final String kernelName;

    LockEvent(final String kernelName)
    {
        this.kernelName = kernelName;
    }

    /**
     * The name in kernel lock_event style.
     *
     * @return e.g. {@code rwsem_wlock}
     */
    public String kernelName()
    {
        return kernelName;
    }
}
