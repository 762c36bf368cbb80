package org.rwsem4j;

import static org.rwsem4j.spi.LockWordBits.HANDOFF;
import static org.rwsem4j.spi.LockWordBits.LOCK_MASK;
import static org.rwsem4j.spi.LockWordBits.READER_BIAS;
import static org.rwsem4j.spi.LockWordBits.READER_MASK;
import static org.rwsem4j.spi.LockWordBits.READ_FAILED_MASK;
import static org.rwsem4j.spi.LockWordBits.READ_BIASED;
import static org.rwsem4j.spi.LockWordBits.READ_FAIL;
import static org.rwsem4j.spi.LockWordBits.WAITERS;
import static org.rwsem4j.spi.LockWordBits.WRITER_WAKING;
import static org.rwsem4j.spi.LockWordBits.WRITER_LOCKED;

import java.lang.invoke.MethodHandles;
import java.lang.ref.Reference;
import java.lang.invoke.VarHandle;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.AbstractOwnableSynchronizer;
import java.util.concurrent.locks.LockSupport;

import org.rwsem4j.osq.AbstractOsq;
import org.rwsem4j.osq.CompactOsq;
import org.rwsem4j.osq.Node;
import org.rwsem4j.osq.Osq;
import org.rwsem4j.slot.SlotSource;
import org.rwsem4j.spi.DecisionPoint;
import org.rwsem4j.spi.HandoffPolicy;
import org.rwsem4j.spi.LockWord;
import org.rwsem4j.spi.LockWordBits;
import org.rwsem4j.spi.OwnerSpinExit;
import org.rwsem4j.spi.OwnerState;
import org.rwsem4j.spi.ReadTrylock;
import org.rwsem4j.spi.ReaderBias;
import org.rwsem4j.spi.ReaderGrant;
import org.rwsem4j.spi.SlowPath;
import org.rwsem4j.spi.SpinPolicy;
import org.rwsem4j.spi.Waiter;
import org.rwsem4j.spi.WakeBatch;
import org.rwsem4j.stats.StatsFile;

/**
 * The rwsem engine: one mechanism for every variant. Patches put their code at the hook points resolved into the
 * final fields below (see {@link DecisionPoint}; each names the method here that consults it) and reach the engine
 * only through {@link SlowPath} and {@link WakeBatch}; every mechanism here is written once.
 *
 * <p>The engine is also the lock's ownable synchronizer for JDK tooling: waiters park on it
 * ({@code LockSupport.park(engine)}), so thread dumps show "parking to wait for ... (a org.rwsem4j.PackedEngine)" (or
 * {@code BiasedPackedEngine}, {@code PaddedEngine}), and
 * it records the write owner ({@link #setExclusiveOwnerThread}), so {@code jstack -l} lists the write lock under
 * "Locked ownable synchronizers" and {@code ThreadMXBean.findDeadlockedThreads()} sees write-lock deadlocks. Read
 * holds are not recorded (as with {@code ReentrantReadWriteLock}). That owner is a plain field that only monitoring
 * reads, stored on write acquire and release beside the owner word, in the same object: a separate synchronizer
 * object cost the uncontended write a dependent load and a store to another line (the bench notebook, "reader-bias,
 * eleventh part"). Serializable only because its superclass is; it is never serialized.
 */
abstract class Engine extends AbstractOwnableSynchronizer
{
    private static final long serialVersionUID = 1L;

    /*
     * Algorithmic notes:
     *
     * The lock word ({@link LockWordBits}) is the kernel's count since 5.3 (64489e78004c): WRITER_LOCKED (bit 0),
     * WAITERS (1), HANDOFF (2), a reader count in bits 8..62 with bias 256, READ_FAIL (63); and, not from the kernel,
     * WRITER_WAKING (3), which stands in for WAITERS during W7's window.
     *
     *  bit          set by                                   cleared by                               under
     *  WRITER       write fast path CAS c->c|W (W1: c may    upWrite fetch_add(-W, and READ_BIASED     CAS / RMW
     *               hold waiter bits); spinner's             after a revocation); downgrade
     *               tryWriteLockUnqueued; tryWriteLock
     *  WAITERS      first waiter to queue (add); the woken   tryWriteLock (last waiter leaves);        wait lock
     *               head writer's next section, or any       addGrant / delWaiter (queue empties);
     *               departure (W7 restore)                   markWake unparking a head writer (W7)
     *  WRITER_      markWake unparking a head writer (W7,    the woken head writer's next section, or wait lock
     *  WAKING       in place of WAITERS)                     any departure (W7 restore)
     *  HANDOFF      tryWriteLock (a timed-out writer);       tryWriteLock (the first waiter acquires); wait lock
     *               markWake (a timed-out head reader)       addGrant (readers woken or queue empty);
     *                                                        delWaiter (queue empties)
     *  readers      fast path fetch_add; trial grant;        upRead CAS (checked, never underflows);   RMW
     *               addGrant; reader steal                   slow-path back-outs of our own bias
     *  READ_        upRead's CAS that finds another reader   the write owner's release add (upWrite,   CAS / RMW
     *  BIASED       counted, past the inhibit window         downgradeWrite) after rwsemRevokeBias
     *                                                        found no reader of this lock in the table
     *
     * Every change to a live word is an atomic RMW; WAITERS and HANDOFF change only under the wait lock, so code
     * holding it may read them and subtract exactly what it read. WAITERS is set exactly when the queue is non-empty,
     * except during W7's window below, when WRITER_WAKING is set in its place.
     *
     * The owner word (on-heap, padded) holds null, the writing Thread, READER_OWNED, or READER_OWNED_NONSPINNABLE
     * (readers own it and a spinner's reader-owned threshold ran out: the kernel's RWSEM_NONSPINNABLE bit, set only by
     * the nonspinnable patch through SlowPath.setNonspinnable, a CAS from READER_OWNED). A writer's store overwrites
     * the mark, a reader's store keeps it (a reader stores READER_OWNED only over NULL or a writer), and rwsemWake
     * clears it when the reader count drops to 0 with waiters queued, as __up_read does (the kernel's other clear, in
     * rwsem_cond_wake_waiter on a free lock, is not taken over). Writers store themselves
     * after winning the count and clear it before releasing the count, so a spinner that sees NULL knows a release
     * (or an acquire that has not published its owner yet) is in flight. Java cannot disable preemption between a
     * CAS and the owner store, so no loop here ever waits for a NULL owner without a bound. A READER_OWNED owner is
     * a stale hint and never a liveness signal.
     *
     * Grant protocol (kernel a9e9bcb45b15): a reader woken from the queue owns the lock the moment its grant is in
     * the count. The waker (1) does a trial grant of one bias so no writer can steal while it counts, (2) adds the
     * full grant in one atomic add, (3) only then publishes each waiter's volatile `granted` flag, and (4) unparks
     * after dropping the wait lock (wake_q). A waiter loops on `granted` (a volatile read: the acquire edge that the
     * kernel once forgot, e1b98fa31664) because an unpark may arrive early. Writers are never granted: a woken
     * writer competes for the lock in tryWriteLock, so spinners may still steal (unless HANDOFF is set).
     *
     * Handoff rules: only a waiter that has waited past its timeout sets HANDOFF, under the wait lock; the queue
     * head then holds `handoffSet`. While HANDOFF is set no fast path, trylock, spinner or reader steal may take the
     * lock; only the head may (a writer in tryWriteLock, or head readers through markWake). The bit is cleared by the
     * acquiring writer, by a reader wake, or when the queue empties; when the head leaves by cancellation the new
     * head inherits it. A waiter holding `handoffSet` leaves the queue only by acquiring or by cancellation, never
     * to respin (writer-respin), or it would give its handoff away every time it reached the head. All handoff
     * decisions are taken under the wait lock (kernel d257cc8cb8d5).
     *
     * Parking: a waiter spins PARK_SPINS times on its own flags (granted, or a writer's wakeup) before it parks,
     * because a JVM park/unpark round trip costs microseconds; the unpark still comes, so a skipped park only leaves
     * a permit, which the waiter's re-check loop absorbs. Waiters park on the engine, their blocker (the class
     * javadoc).
     *
     * Wake rules: an unlock that leaves no lockers and sees WAITERS wakes (rwsemWake); a reader or non-first writer
     * that queues runs the conditional wake (54c1ee4d614d); a head waiter that gives up runs the wake for the next
     * (1ee326196c66); a slow-path locker that backs out its own reader bias wakes if that bias may have hidden a
     * last-reader wakeup.
     *
     * Platform adaptations (not from the kernel; RwsemBuilder.platformAdaptations(false) switches them off). The
     * kernel's scheduler never runs more tasks than CPUs at once and its waiters sleep as soon as they block; a JVM
     * server runs more threads than cores, and a woken waiter may wait a whole scheduler slice for a CPU. Without
     * these, every unlock under steady contention takes the wait lock and unparks the head writer again and again
     * (more wakeups than operations, almost no real sleeps), and every writer queues behind it:
     *  - W1, writer steal in the fast path: the write fast path of a lock that was contended once reads the count
     *    first and, when the lock is free with only waiters queued, takes it past the queue by a CAS from what it
     *    read (rwsem_try_write_lock_unqueued); the kernel's fast path is a CAS from 0, and it steals only from inside
     *    its optimistic spin, which the JVM cannot always run. HANDOFF still stops it, so a waiter past its timeout
     *    is not starved.
     *  - W2, one outstanding wakeup: a queued writer sets its waiting flag before each try of the lock; a wake unparks
     *    the head writer only if it is waiting and clears the flag, so a writer already woken is not unparked again
     *    before it has tried (AbstractQueuedSynchronizer's signal status plays the same part).
     *  - W3, no wait lock for nothing: an unlock whose queue head is such an awake writer skips the wait lock
     *    altogether (Ops.nothingToWake); the writer stores `waiting` before it reads the count, the unlock changes
     *    the count before it reads `waiting`, so one of them sees the other.
     *  - W4, no wait lock for a READ_OWNED wake that would do nothing: a reader that steals a lock with waiters
     *    queued (reader-steal) wakes the queued readers only if the queue's head is a reader (Ops.noReaderToWake);
     *    with a writer at the head rwsem_mark_wake does nothing, and under steady contention that was a wait lock
     *    round trip on nearly every read.
     *  - W5, no optimistic spin past sleepers: a slow-path locker spins (writer, reader-spin, writer-respin) only if no
     *    other waiter is queued or readers own the lock, and queues otherwise (queueLetsSpin). The kernel's spinners
     *    give up when their CPU is wanted (need_resched) and never outnumber the CPUs; a JVM spinner keeps a second
     *    core on the lock's lines instead. With tiny critical sections its spin nearly always wins, so lockers that
     *    entered the slow path never slept and two cores took turns with every line of the lock (bench/NOTEBOOK.md
     *    keeps the measurements). A queued waiter is the sign that spinning already failed once; after it,
     *    arrivals sleep, the lock's lines stay with the running locker, and wakes go out one at a time (W2). The
     *    handoff writer's spin on the owner (handoff-spin) is not an optimistic spin and is not affected. A writer may
     *    still spin on readers (spin-on-readers): with long read sections that spin is how a writer gets in between
     *    readers, and without it the reader-flood fairness case's slowest writer starves (far below its no-starvation
     *    bound).
     *  - W6, a spinner looks seldom: between two looks at the owner (rwsemSpinOnOwner) and between two tries of the
     *    lock (rwsemOptimisticSpin's loop) it waits SPIN_PAUSES_MAX onSpinWaits, from its first look on. The
     *    kernel's spinner looks after every cpu_relax(); a JVM spinner on a second core that does so takes the
     *    owner's lines (the owner word, the count) from the running owner at every look, which slows the owner most
     *    when critical sections are tiny. And an owner that unlocks and locks again in a loop leaves the lock free
     *    for a few ns each time: a spinner that looks often catches such a gap within a few looks and takes the
     *    lock, the former owner fails its fast path and spins in turn, and two cores hand the lock back and forth
     *    every few operations, each handover a round of cache misses on every line of the lock. A first form
     *    doubled the wait from 1 at each spin, and its quick first looks were enough to keep two writers in that
     *    mode in some runs. Looking every SPIN_PAUSES_MAX onSpinWaits lets the owner run on its own lines; the price
     *    is a release noticed up to that much later. The spin budget is checked at every look (bench/NOTEBOOK.md,
     *    "W6").
     *  - W7 (-Drwsem4j.w7=off switches it off alone, see the field W7), no WAITERS for a writer that is awake: a wake
     *    that unparks the head writer (rwsemMarkWake) swaps WAITERS in the count for WRITER_WAKING, unless HANDOFF is
     *    set, and the writer swaps them back (rwsemRestoreWaiters) first thing in its next section under the wait
     *    lock, before it tries the lock and before it can sleep again. In between, unlocks run as if nobody were
     *    queued, as AbstractQueuedSynchronizer's do while its queue head is runnable: the kernel's woken writer gets a
     *    CPU at once, a JVM's may wait a scheduler slice, and with WAITERS set all that while every unlock looked at
     *    the queue (W3). Sound because nobody needs a wake meanwhile: the head will try again before it sleeps, and
     *    every waiter queued behind it waits for it anyway (its acquisition keeps WAITERS for them, its departure
     *    through rwsemDelWakeWaiter restores it first); nothing else can change the head meanwhile. A waiter queueing
     *    behind the awake head does not restore it, or one arrival would undo the window for the rest of the slice.
     *    WRITER_WAKING fails the fast paths as WAITERS does, with one exception: a reader whose add finds no other
     *    reader (it starts a reader phase) keeps its bias on the fast path, where reader-steal would have let it steal
     *    from the slow path; a reader that would join an active phase goes to the slow path, where reader-steal's
     *    guard sends it to the queue, as with WAITERS set. Writers steal past the awake writer as W1 lets them past any
     *    queue. A first form took WAITERS out with nothing in its place: the fast paths then let every reader join a
     *    phase past the awake writer, and under a reader flood the writer, once it ran, found the phase full and slept
     *    again (it lowered the slowest flood writer's share: bench/NOTEBOOK.md). HANDOFF, set by a writer that waited
     *    too long or (handoff-on-readers) found readers, closes the window, since the wake then leaves WAITERS alone.
     *    So W7 is on
     *    only in variants with a handoff, and off under a handoff policy that marks phase changes (phase-fair: there no
     *    arriving reader may pass a queued writer, and a reader may be placed ahead of the head).
     * Not switchable, and not from the kernel either: the event counters are one compact row until two threads
     * count at once, then a row per counting thread (EventCounters), standing in for the kernel's per-CPU lock
     * events, so counting stays off the contended lines, takes no atomic add on a hot lock, and a lock contended once
     * stays small.
     *
     * Reader bias (DecisionPoint.READER_BIAS, BRAVO, Dice and Kogan 2019; not from the kernel, whose answer for
     * read-mostly locks is the separate percpu-rwsem): while READ_BIASED is set, a reader claims its entry in a table
     * of visible readers that every lock shares and re-reads the word; it holds the lock if the word still has
     * READ_BIASED and no bit of READ_FAILED_MASK, and it never writes the word. A writer takes the lock as always
     * (READ_BIASED fails only a write from 0; a write that reads the word first takes the lock from it in one CAS), and
     * after every acquisition that found the bit (the fast path's witness; a volatile read after the slow path) it
     * waits, holding the lock, until no entry names this lock (rwsemRevokeBias); the add that releases its write lock
     * clears the bit (while WRITER_LOCKED is set the bit lets no reader in, and only the owner changes it), so a
     * revocation adds no atomic of its own to the write. The claim and re-read against the writer's RMW and scan are a
     * Dekker pattern on volatile accesses: either the reader sees WRITER_LOCKED and leaves its entry, or the writer
     * sees the entry and waits. Because the re-read needs
     * READ_BIASED, a reader that read the bit before a revocation and claims after it cannot slip past the next writer;
     * because it needs no WAITERS, WRITER_WAKING or HANDOFF, a queued writer stops new biased reads (phase-fair's rule)
     * and a biased reader never passes the queue. A new lock is not biased: the bit is armed by a read unlock that
     * finds another reader counted (reads overlap, so the count's line is moving between cores), in a CAS after the
     * unlock's own (so that the unlock's CAS follows its read of the word with nothing between them to widen the
     * window in which another core's add fails it), and only such an unlock reads the clock, inside a window one in
     * ARM_CHECK_PERIOD of them; so the many locks that one thread at a time reads never use the table (a table entry
     * that threads of many locks take in turn moves between cores as a count would), nor does a lock read by one
     * thread.
     * After a revocation the bit stays off for the hook's inhibit window (N times the wait) before such an unlock arms
     * it again; a revocation whose first look finds no biased reader is not timed (no clock read: the look is a few
     * loads, the hook keeps a lock's readers in a small window of its table), and the first such unlock after it starts
     * a window of a microsecond or two (INHIBIT_PENDING). A revocation that gives up (trylock, deadline, interrupt)
     * releases the lock with the bit still set. A revoking writer spins within its spin budget, its wait between two
     * looks doubling from one onSpinWait (a biased reader that meets WRITER_LOCKED at its re-read lets its entry go
     * within a few loads, and the window that follows is N times the wait, so a first wait of SPIN_PAUSES_MAX would
     * make the window of a quick revocation many times what the revocation took), and then parks with a doubling
     * backoff; a biased reader whose unlock read WRITER_LOCKED unparks the owner (wakeRevokingWriter), a hint that
     * cuts the park short, since the parks are timed. A copy of the bit in the engine's flags (BIAS_HINT: set after
     * an arm, cleared by a revocation) sends a read of a lock that is not biased straight to its add, without a
     * read of the word first (a second transfer of a contended line); it is a hint only, as the reader's re-read and
     * the unlock's look at the word decide. The lock's tag in the table is a field of its engine (BiasedPackedEngine,
     * or the first pad of a PaddedEngine), given when the lock is made, so a biased read and its unlock find it one
     * load from the engine; the inhibit deadline and the counters live in a small BiasState that the first arm makes,
     * before it sets the bit, in the field where the contended state goes; a later slow path's contended state
     * (BiasedContended) takes it over, so an armed lock that was never contended does not carry an OSQ, a wait lock and
     * a queue.
     *
     * Virtual threads (a platform adaptation, not from the kernel): a spinning virtual thread holds its carrier, and
     * the owner it spins on may be a virtual thread waiting for a carrier, which Thread.getState() still calls
     * RUNNABLE. So a virtual locker's optimistic and handoff spins get VirtualLocker.SHORT_BUDGET_NANOS (2 us)
     * instead of the lock's spin budget (checked on the slow paths only); its other spins are counted ones
     * (PARK_SPINS on its own flags, the wait lock's tries), 64 onSpinWaits each. -Drwsem4j.virtualSpin=none|full
     * (no spin and no respin at all / the platform budget) exists for measuring the choice (torture/README.md).
     *
     * Footprint (not from the kernel, whose rwsem has no allocation): a lock is made with its word, its owner and its
     * policy's shared choices only, and with a reader bias its tag. The OSQ, the wait lock, the queue, the wake batch
     * and the counters (Contended) are made by the first slow path and installed with one CAS (see contended()); fast
     * paths and diagnostics never make them. The owner word is packed beside these fields (PackedEngine) unless the
     * builder asks for padding (PaddedEngine).
     *
     * Reachability: an off-heap word's slot goes back to its arena once the word (which only the engine holds) is
     * unreachable, with the rest of its slot group, and may then be handed to a new lock. A thread inside a lock
     * operation may be the last to refer to the engine, and the JIT may treat `this` as dead after its last use while
     * the word's atomic is still to come; so every lock and unlock operation calls Reference.reachabilityFence(this) on
     * each of its normal exits, after its slow path returns. That keeps `this` live at every point from which a normal
     * exit can still be reached, slow-path calls included, so a throw out of them is covered too; the operations' own
     * throws come before any atomic change. So there is no try/finally around the operations, whose handlers only made
     * the methods bigger (the fences cost nothing measurable: bench/NOTEBOOK.md, "Engine decisions and their
     * measurements").
     */

    static final Object READER_OWNED = new Object()
    {
        @Override
        public String toString()
        {
            return "READER_OWNED";
        }
    };

    /** READER_OWNED with the kernel's {@code RWSEM_NONSPINNABLE} bit (see the notes above). */
    static final Object READER_OWNED_NONSPINNABLE = new Object()
    {
        @Override
        public String toString()
        {
            return "READER_OWNED|NONSPINNABLE";
        }
    };

    static final int MAX_READERS_WAKEUP = 256;

    /**
     * {@code -Drwsem4j.w7=off}: W7 (see the notes) off, the other platform adaptations on; for measuring W7 alone
     * (bench/NOTEBOOK.md has the measurements). Any other value, or none, leaves it on where it applies.
     */
    static final boolean W7 = !"off".equals(System.getProperty("rwsem4j.w7"));

    /** W6: the onSpinWaits a spinner waits between two looks at the owner or two tries of the lock. */
    static final int SPIN_PAUSES_MAX = 64;


    /** The inhibit deadline's unit: 2^10 ns (about a microsecond). */
    static final int INHIBIT_SHIFT = 10;
    /** The longest inhibit window, in those units (about a second). */
    static final int INHIBIT_MAX_UNITS = 1 << 20;
    /**
     * The inhibit deadline of a revocation that found no biased reader and read no clock: the next unlock that would
     * arm the bias starts a window of {@link #UNTIMED_INHIBIT_UNITS} instead ({@link #mayArmBias}).
     */
    static final int INHIBIT_PENDING = Integer.MIN_VALUE;
    /** The last tag given to a lock with a reader bias ({@link #biasTag}). */
    private static final AtomicLong BIAS_TAGS = new AtomicLong();
    /** The window after a revocation that found no biased reader, in units: one to two microseconds. */
    static final int UNTIMED_INHIBIT_UNITS = 2;
    /** Inside an inhibit window, one in this many unlocks that would arm the bias reads the clock (a power of two). */
    static final int ARM_CHECK_PERIOD = 16;
    /** A revoking writer's first wait between two looks, in onSpinWaits ({@link #revokePauses}). */
    static final int REVOKE_PAUSES_FIRST = 1;
    /** A revoking writer's first park, past its spin budget; it doubles up to {@link #REVOKE_PARK_MAX_NANOS}. */
    static final long REVOKE_PARK_MIN_NANOS = 1_000;
    static final long REVOKE_PARK_MAX_NANOS = 1_000_000;

    /** How many {@code onSpinWait}s a waiter spins on its flags before it parks (a microsecond or two). */
    static final int PARK_SPINS = 64;

    /** Acquisition modes. */
    static final int UNINTERRUPTIBLE = 0;
    static final int INTERRUPTIBLE = 1;
    static final int TIMED = 2;
    /** A write trylock's revocation: one look at the table ({@link #rwsemRevokeBias}). */
    private static final int TRYLOCK = 3;
    /** {@link #rwsemRevokeBias}: no start time was read (the write took the fast path, or it is not timed). */
    private static final long NO_START = Long.MIN_VALUE;

    /** Wake types of {@code rwsem_mark_wake}. */
    static final int WAKE_ANY = 0;
    static final int WAKE_READERS = 1;
    static final int WAKE_READ_OWNED = 2;

    private static final VarHandle CONTENDED;
    private static final VarHandle FLAGS;

    static
    {
        try
        {
            CONTENDED = MethodHandles.lookup().findVarHandle(Engine.class, "contended", Object.class);
            FLAGS = MethodHandles.lookup().findVarHandle(Engine.class, "flags", int.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    final LockWord word;
    /**
     * What only a contended lock needs (OSQ, wait lock, queue, counters): {@code null} until the first slow path
     * installs it ({@link #contended()}), then fixed. With a reader bias, a {@link BiasState} may come first (the
     * first arm's, {@link #biasState()}), which the contended state then replaces and takes over. Read through
     * {@link #CONTENDED}.
     */
    @SuppressWarnings("unused")
    private Object contended;
    final String variant;
    final String name;
    final SlotSource slots;
    /** The variant's choices and tunables, shared by every lock of its {@link Policy}; read on slow paths. */
    private final Choices choices;
    // The fast paths' choices, copied so a fast path makes no dependent load through choices.
    private final ReadTrylock readTrylock;
    /** {@link DecisionPoint#READER_BIAS}, or {@code null} for the base's none (one null check on the read paths). */
    private final ReaderBias readerBias;
    /**
     * The seeded bug (bits 0-7, see below), {@link #ADAPT} ({@link RwsemBuilder#platformAdaptations}: read by the
     * write fast path, W1, and the slow paths), {@link #MARK_READER_OWNED} ({@link DecisionPoint#READER_OWNER}) and
     * {@link #BIAS_HINT} in one int, so that {@link #readerBias} and its hint cost a lock no bytes. Only the hint
     * changes after construction (opaque accesses through {@link #FLAGS}; see {@link #biasHint}).
     */
    private int flags;

    /**
     * A seeded handoff-bookkeeping bug for the handoff protocol tests' negative controls, read once at construction
     * from the internal test SPI ({@link Faults#seededBug()}; 0 in production, where no injector exists):
     * {@link #FAULT_KEEP_HANDOFF_ON_EMPTY_QUEUE}, {@link #FAULT_NO_HANDOFF_INHERIT} or
     * {@link #FAULT_RACY_CONTENDED_INSTALL}, {@link #FAULT_PHASE_HANDOFF_TWICE} or {@link #FAULT_W7_NO_RESTORE}. The
     * engine's own bookkeeping cannot be broken from a patch, so its seeded
     * bugs need this. Every comparison sits behind {@link Faults#ENABLED}, so in production it folds away; its bits
     * stay, in {@link #flags}.
     */
    static final int FAULT_KEEP_HANDOFF_ON_EMPTY_QUEUE = 1;
    static final int FAULT_NO_HANDOFF_INHERIT = 2;
    /** Install the contended state by check-then-set (a yield between), so racing first slow paths each keep one. */
    static final int FAULT_RACY_CONTENDED_INSTALL = 3;
    /** A reader claiming the next phase adds HANDOFF without checking that it is clear (a double add). */
    static final int FAULT_PHASE_HANDOFF_TWICE = 4;
    /** W7: the woken head writer does not put WAITERS back before it tries and sleeps again (a lost wakeup). */
    static final int FAULT_W7_NO_RESTORE = 5;
    private static final int FAULT_MASK = 0xFF;
    private static final int ADAPT = 1 << 8;
    private static final int MARK_READER_OWNED = 1 << 9;
    /** Reader bias: the word had READ_BIASED when an arm or a revocation last looked ({@link #biasHint}). */
    private static final int BIAS_HINT = 1 << 10;

    /**
     * A new engine for the policy whose {@code choices} it gets. Its owner word is packed beside the engine's fields
     * unless the tunables ask for padding ({@link RwsemBuilder#padded}); with a reader bias, the engine also holds the
     * lock's tag ({@link #biasTag}).
     */
    static Engine create(final Variant variant, final Choices choices, final SlotSource slots, final String name,
        final StatsFile stats, final boolean publishWord)
    {
        if (choices.tunables().padded())
        {
            return new PaddedEngine(variant, choices, slots, name, stats, publishWord);
        }
        return choices.readerBias() != BaseChoices.NO_READER_BIAS ?
            new BiasedPackedEngine(variant, choices, slots, name, stats, publishWord) :
            new PackedEngine(variant, choices, slots, name, stats, publishWord);
    }

    Engine(final Variant variant, final Choices choices, final SlotSource slots, final String name,
        final StatsFile stats, final boolean publishWord)
    {
        this.variant = variant.spec();
        this.name = name;
        this.slots = slots;
        this.choices = choices;
        // A full stats file publishes nothing (null, warned once): the counters stay in process, the word in its slot.
        final long id = stats != null ? stats.nextLockId() : 0;
        final int[] published = stats != null ? stats.registerEvents(this, id, name, this.variant) : null;
        final LockWord publishedWord = published != null && publishWord ?
            stats.allocateWord(this, id, name, this.variant) : null;
        this.word = publishedWord != null ? publishedWord : slots.allocate(this);
        this.readerBias = choices.readerBias() == BaseChoices.NO_READER_BIAS ? null : choices.readerBias();
        // a published lock's counters live in the stats file from the start, so its contended state does too
        this.contended = published != null ? newContended(null, new EventCounters(stats.values(), published)) : null;
        JfrSupport.init();
        this.readTrylock = choices.readTrylock();
        this.flags = (Faults.seededBug() & FAULT_MASK) | (choices.tunables().platformAdaptations() ? ADAPT : 0) |
            (choices.markReaderOwned() ? MARK_READER_OWNED : 0);
    }

    /** {@return the choices of this lock's policy, shared with every lock of the policy} */
    Choices choices()
    {
        return choices;
    }

    Tunables tunables()
    {
        return choices.tunables();
    }

    /** The seeded bug ({@link Faults#seededBug()} at construction; 0 in production). */
    private int fault()
    {
        return flags & FAULT_MASK;
    }

    private boolean adapt()
    {
        return (flags & ADAPT) != 0;
    }

    private boolean markReaderOwned()
    {
        return (flags & MARK_READER_OWNED) != 0;
    }

    private NanoClock clock()
    {
        return choices.tunables().clock();
    }

    // ------------------------------------------------------------------------------------------------------------
    // Contended state, made on first contention (AQS: "we don't create them on construction, because it would be
    // wasted effort if there is never contention")
    // ------------------------------------------------------------------------------------------------------------

    /**
     * The contended state, installed by the first caller that needs it: one allocation and one CAS; a caller that
     * loses the race drops its copy and uses the winner's. It is never removed, so a thread that has seen it keeps
     * seeing it.
     *
     * <p>The places that may install it are the slow paths' entries, each before it holds anything it could not give
     * back if the allocation threw ({@link FaultPoint#CONTENDED}): {@link #readerStealBeforeQueueing} (the reader's
     * bias is backed out), {@link #downWriteSlowpath} (nothing held yet), and the optimistic spin of a trylock-free
     * slow path. With a reader bias, the read unlock that first arms the bias (before its CAS: an allocation that
     * throws there leaves the bias off and the unlock goes on, {@link #mayArmBias}) and a revocation install only the
     * lock's {@link BiasState} ({@link #biasState}), which the contended state takes over when a slow path makes it.
     * Other unlocks and downgrade reach the contended state only when the count has WAITERS, which a waiter sets under
     * the wait lock after installing it; the count's atomic update orders the two, so those never allocate. A lock with
     * a reader bias must see one bias state in its life, as its inhibit deadline and its counters live there: the
     * seeded fault {@link #FAULT_RACY_CONTENDED_INSTALL}, which lets two contended states be made, breaks that too,
     * and is only ever seeded in a lock without one. Diagnostics
     * ({@link #toString}, {@link #state}, {@link #eventsOrNull}) never install it: reading a lock's metrics must not
     * grow it.
     */
    private Contended contended()
    {
        final Object c = CONTENDED.getAcquire(this);
        return c instanceof Contended contended ? contended : installContended(c);
    }

    /**
     * Installs a contended state in place of {@code seen} (null, or the lock's {@link BiasState}, which it takes
     * over); a {@link BiasState} that a racing arm installed first is taken over in turn.
     */
    private Contended installContended(final Object seen)
    {
        Faults.reach(FaultPoint.CONTENDED);
        Object expected = seen;
        for (;;)
        {
            final Contended fresh = newContended(expected instanceof BiasState b ? b : null, null);
            if (Faults.ENABLED && fault() == FAULT_RACY_CONTENDED_INSTALL)
            {
                Thread.yield();
                CONTENDED.setRelease(this, fresh);
                return fresh;
            }
            final Object witness = CONTENDED.compareAndExchange(this, expected, fresh);
            if (witness == expected)
            {
                return fresh;
            }
            if (witness instanceof Contended c)
            {
                return c;
            }
            expected = witness; // an arm installed the lock's BiasState meanwhile
        }
    }

    /**
     * {@return a contended state for this lock} With a reader bias, one that takes over {@code bias} (or a new bias
     * state), else one that counts in {@code events} (or new counters).
     */
    private Contended newContended(final BiasState bias, final EventCounters events)
    {
        final EventCounters counters = events != null ? events : bias != null ? bias.events : new EventCounters();
        if (readerBias == null)
        {
            return new Contended(counters);
        }
        return new BiasedContended(bias != null ? bias : new BiasState(counters));
    }

    /** The contended state if a slow path has made it, else {@code null}; installs nothing. */
    private Contended contendedOrNull()
    {
        return CONTENDED.getAcquire(this) instanceof Contended c ? c : null;
    }

    private AbstractOsq osq()
    {
        return contended().osq;
    }

    private WaitLock waitLock()
    {
        return contended().waitLock;
    }

    private WaitQueue queue()
    {
        return contended().queue;
    }

    private EventCounters events()
    {
        return contended().events;
    }

    private Batch batch()
    {
        return contended().batch;
    }

    private SlowPath ops()
    {
        return contended().ops;
    }

    /** {@return the count, for monitoring} Read while the engine is reachable, so never from a reused slot. */
    long count()
    {
        final long c = word.getVolatile();
        Reference.reachabilityFence(this);
        return c;
    }

    /** {@return whether a slow path has made this lock's contended state} For tests and the footprint report. */
    boolean hasContendedState()
    {
        return contendedOrNull() != null;
    }

    /** {@return the waiter at the head of the queue, or {@code null}} A racy read that makes nothing: for tests. */
    RwsemWaiter queueHeadOrNull()
    {
        final Contended c = contendedOrNull();
        return c != null ? c.queue.headRacy() : null;
    }

    /**
     * The lock's counters, or {@code null} while it has never been contended nor armed (its counts are all zero then).
     */
    EventCounters eventsOrNull()
    {
        final Object c = CONTENDED.getAcquire(this);
        return c instanceof Contended contended ? contended.events : c instanceof BiasState bias ? bias.events : null;
    }

    /**
     * What only a contended lock needs. Every field is final (W7's flag is read and written under the wait lock), so a
     * thread that sees the object sees it whole.
     */
    private class Contended
    {
        final AbstractOsq osq = choices.tunables().padded() ? new Osq() : new CompactOsq();
        final WaitLock waitLock = new WaitLock();
        final WaitQueue queue = new WaitQueue();
        final EventCounters events;
        final Batch batch = new Batch();
        final Ops ops = new Ops();
        /**
         * W7: a wake swapped WAITERS for WRITER_WAKING in the count for the awake head writer. Read and written under
         * the wait lock.
         */
        boolean waitersSwapped;

        Contended(final EventCounters events)
        {
            this.events = events;
        }
    }

    /** A reader-biased lock's contended state: it takes over the lock's {@link BiasState} and its counters. */
    private final class BiasedContended extends Contended
    {
        final BiasState bias;

        BiasedContended(final BiasState bias)
        {
            super(bias.events);
            this.bias = bias;
        }
    }

    // ------------------------------------------------------------------------------------------------------------
    // Owner word helpers (the owner is written with release stores; spinners read it with acquire loads)
    // ------------------------------------------------------------------------------------------------------------

    // The owner word lives in the subclass: packed beside the engine's fields (PackedEngine) or alone between two
    // 128-byte pads (PaddedEngine, RwsemBuilder#padded). Engine's own methods reach it only through these four.

    /** {@return the owner word} A volatile load. */
    abstract Object lvOwner();

    /** {@return the owner word} An opaque load: the owner's own checks and the reader store's "already there?". */
    abstract Object loOwner();

    /** Stores the owner word with release semantics. */
    abstract void soOwner(Object value);

    /** {@return whether the owner word went from {@code expected} to {@code update}} */
    abstract boolean casOwner(Object expected, Object update);

    /** A writer now owns the lock: the owner word for spinners, the ownable synchronizer's owner for tooling. */
    private void setWriterOwner(final Thread writer)
    {
        soOwner(writer);
        setExclusiveOwnerThread(writer);
    }

    /** The writer lets go: clear the tooling owner, then hand the owner word to {@code next} (NULL or readers). */
    private void clearWriterOwner(final Object next)
    {
        setExclusiveOwnerThread(null);
        soOwner(next);
    }

    /**
     * {@code rwsem_set_reader_owned}: store the marker only if it is not there, so the line stays clean; a marker
     * with the non-spinnable mark is kept as it is (the kernel's reader store keeps {@code RWSEM_NONSPINNABLE}).
     */
    private void rwsemSetReaderOwned()
    {
        if (markReaderOwned())
        {
            final Object o = loOwner();
            if (o != READER_OWNED && o != READER_OWNED_NONSPINNABLE)
            {
                soOwner(READER_OWNED);
            }
        }
    }

    /** {@code rwsem_set_nonspinnable}: mark a reader-owned lock; gives up if the word no longer says READER_OWNED. */
    private boolean rwsemSetNonspinnable()
    {
        return casOwner(READER_OWNED, READER_OWNED_NONSPINNABLE);
    }

    /** {@code clear_nonspinnable}: drop the mark, if it is there (a load, and a CAS only when it is). */
    private void clearNonspinnable()
    {
        if (loOwner() == READER_OWNED_NONSPINNABLE)
        {
            casOwner(READER_OWNED_NONSPINNABLE, READER_OWNED);
        }
    }

    private boolean ownedByCurrentThread()
    {
        return loOwner() == Thread.currentThread();
    }

    static OwnerState ownerState(final Object owner)
    {
        if (owner == null)
        {
            return OwnerState.NULL;
        }
        if (owner == READER_OWNED || owner == READER_OWNED_NONSPINNABLE)
        {
            return OwnerState.READER;
        }
        return ownerRunning((Thread)owner) ? OwnerState.WRITER : OwnerState.NONSPINNABLE;
    }

    /** The nearest Java has to {@code owner_on_cpu}: a weak hint (a descheduled thread is still RUNNABLE). */
    private static boolean ownerRunning(final Thread owner)
    {
        return owner.getState() == Thread.State.RUNNABLE;
    }

    OwnerState ownerState()
    {
        return ownerState(lvOwner());
    }

    // ------------------------------------------------------------------------------------------------------------
    // Read side
    // ------------------------------------------------------------------------------------------------------------

    /**
     * {@code down_read}: one fetch-add; the slow path keeps the bias it added. With a reader bias, an armed lock is
     * read through the table first, leaving the count alone.
     */
    boolean downRead(final int mode, final long nanos) throws InterruptedException
    {
        final ReaderBias bias = readerBias;
        if (bias != null && biasHint() && biasedRead(bias))
        {
            Reference.reachabilityFence(this);
            return true;
        }
        final long c = word.getAndAdd(READER_BIAS) + READER_BIAS;
        if ((c & READ_FAILED_MASK) == 0 || startsPhasePastWokenWriter(c))
        {
            rwsemSetReaderOwned();
            Reference.reachabilityFence(this);
            return true;
        }
        final boolean got = downReadSlowpath(c, mode, nanos);
        Reference.reachabilityFence(this);
        return got;
    }

    /**
     * W7 (see the notes): the count a reader's add returned shows the woken head writer's window and no other reader,
     * so this reader starts a reader phase on the fast path, as reader-steal would let it from the slow path.
     */
    private static boolean startsPhasePastWokenWriter(final long c)
    {
        return (c & READ_FAILED_MASK) == WRITER_WAKING && LockWordBits.readers(c) == 1;
    }

    /** {@code down_read_trylock}, through the variant's {@link ReadTrylock}. */
    boolean downReadTrylock()
    {
        final ReaderBias bias = readerBias;
        if (bias != null && biasHint() && biasedRead(bias))
        {
            Reference.reachabilityFence(this);
            return true;
        }
        final boolean got = readTrylock.tryReadLock(word);
        if (got)
        {
            rwsemSetReaderOwned();
        }
        Reference.reachabilityFence(this);
        return got;
    }

    /**
     * {@code up_read}: checked before any atomic change, so the count never underflows, not even transiently. With a
     * reader bias, the calling thread's biased read goes first, looked for only while the word has READ_BIASED (a
     * revocation lets it be cleared only once no entry names the lock, so a biased reader always finds it set, and a
     * count read of an unbiased lock pays no look at the table); a count read that found another reader counted then
     * arms the bias in a CAS of its own (once the inhibit window after a revocation has passed: {@link #mayArmBias},
     * {@link #armBias}).
     */
    void upRead()
    {
        final ReaderBias bias = readerBias;
        long c = word.getVolatile();
        if (bias != null && (c & READ_BIASED) != 0 && bias.tryBiasedUnlock(biasTag()))
        {
            if ((c & WRITER_LOCKED) != 0)
            {
                wakeRevokingWriter();
            }
            Reference.reachabilityFence(this);
            return;
        }
        for (;;)
        {
            if (LockWordBits.readers(c) == 0)
            {
                throw new IllegalMonitorStateException("read unlock, but no reader holds the lock: " + this);
            }
            final long witness = word.compareAndExchange(c, c - READER_BIAS);
            if (witness == c)
            {
                break;
            }
            c = witness;
        }
        final long now = c - READER_BIAS;
        if (bias != null && mayArmBias(c))
        {
            armBias(now);
        }
        if ((now & (LOCK_MASK | WAITERS)) == WAITERS)
        {
            rwsemWake();
        }
        Reference.reachabilityFence(this);
    }

    private boolean downReadSlowpath(final long count, final int mode, final long nanos) throws InterruptedException
    {
        if (ownedByCurrentThread())
        {
            word.getAndAdd(-READER_BIAS); // our own bias; the write lock we hold keeps the word busy
            throw notReentrant("read");
        }
        if (readerStealBeforeQueueing(count))
        {
            return true;
        }
        final ContendedEvent event;
        final RwsemWaiter waiter;
        try
        {
            events().inc(LockEvent.RLOCK);
            event = JfrSupport.beginContendedEvent();
            waiter = newWaiter(false, mode);
        }
        catch (final RuntimeException | Error ex)
        {
            readerBackOut(); // the fast path's bias must not outlive a throw (e.g. a user clock's)
            throw ex;
        }
        waiter.biased = true;
        boolean acquired = false;
        try
        {
            acquired = rwsemDownReadSlowpath(waiter, count, nanos);
            return acquired;
        }
        catch (final RuntimeException | Error ex)
        {
            readerGiveBack(waiter);
            throw ex;
        }
        finally
        {
            commit(event, waiter, acquired);
        }
    }

    /**
     * Step "reader steal" ({@link DecisionPoint#READER_STEAL}), before the acquisition allocates anything (no waiter,
     * no JFR event, no clock read): under steady contention most slow-path readers steal, so this step must cost no
     * more than the fast path's own add. If the hook throws, the bias the fast path added (kept as a read lock or
     * not) goes back before the throw leaves.
     */
    private boolean readerStealBeforeQueueing(final long count)
    {
        try
        {
            return choices.readerSteal().stealBeforeQueueing(ops(), count);
        }
        catch (final RuntimeException | Error ex)
        {
            readerBackOut();
            throw ex;
        }
    }

    /** The waiter of one slow-path acquisition ({@link FaultPoint#WAITER}); its handoff clock starts now. */
    private RwsemWaiter newWaiter(final boolean writer, final int mode)
    {
        Faults.reach(FaultPoint.WAITER);
        final long timeout = clock().nanoTime() + choices.tunables().handoffTimeoutNanos();
        return new RwsemWaiter(Thread.currentThread(), writer, mode, timeout);
    }

    /**
     * Ends the acquisition's JFR event. It runs after the outcome is decided (a lock may be held), so it must not
     * throw: an event that cannot be committed ({@link FaultPoint#JFR_COMMIT}) is dropped. {@code waiter} is null for
     * a bias revocation's event, a write that neither spun nor slept.
     */
    private void commit(final ContendedEvent event, final RwsemWaiter waiter, final boolean acquired)
    {
        if (event == null)
        {
            return;
        }
        try
        {
            Faults.reach(FaultPoint.JFR_COMMIT);
            event.end();
            if (event.shouldCommit())
            {
                event.mode = waiter == null || waiter.writer ? "write" : "read";
                event.variant = variant;
                event.lockName = name;
                event.acquired = acquired;
                event.spun = waiter != null && waiter.spun;
                event.slept = waiter != null && waiter.slept;
                event.handedOff = waiter != null && waiter.handedOff;
                event.commit();
            }
        }
        catch (final OutOfMemoryError ex)
        {
            // a lock never fails because of its statistics
        }
    }

    /**
     * The read slow path threw (an {@link Error} from an allocation, a user clock, a patch): give back what this
     * reader holds, so that no bias, queued waiter, WAITERS or HANDOFF outlives the throw. It holds
     * one of: the fast path's bias; a read lock taken unqueued (steal, spin); a place in the queue; a granted read
     * lock; nothing. Under the wait lock a waiter is queued or granted, never both.
     */
    private void readerGiveBack(final RwsemWaiter waiter)
    {
        if (waiter.biased || waiter.stole)
        {
            waiter.biased = false;
            waiter.stole = false;
            readerBackOut();
            return;
        }
        final WakeQ wakeQ = WakeQ.create();
        final boolean granted;
        waitLock().lock();
        try
        {
            granted = waiter.granted;
            if (waiter.queued)
            {
                rwsemDelWakeWaiter(waiter, wakeQ);
            }
        }
        finally
        {
            waitLock().unlock();
        }
        wakeQ.wakeUp();
        if (granted)
        {
            forwardWake(waiter);
            readerBackOut(); // as up_read: the caller gets the throw, not the lock
        }
    }

    /**
     * {@code rwsem_down_read_slowpath} after the reader steal hook ({@link DecisionPoint#READER_STEAL}, which ran
     * before this waiter existed), holding the bias the fast path added: the reader spin hook
     * ({@link DecisionPoint#READER_SPIN}); then, under the wait lock, the empty-queue steal or the queue (WAITERS, the
     * bias given back, the conditional wake in one atomic add); then wait for the grant.
     */
    private boolean rwsemDownReadSlowpath(final RwsemWaiter waiter, final long count, final long nanos)
        throws InterruptedException
    {
        final long deadline = waiter.mode == TIMED ? clock().nanoTime() + nanos : 0;
        if (choices.readerSpin().spinBeforeQueueing(ops(), waiter, count))
        {
            return true;
        }

        final WakeQ wakeQ = WakeQ.create();
        long adjustment = waiter.biased ? -READER_BIAS : 0;
        waitLock().lock();
        try
        {
            if (queue().isEmpty())
            {
                // Nobody queued: a reader that still holds its bias owns the lock unless a writer or handoff does.
                if (waiter.biased && (word.getVolatile() & (WRITER_LOCKED | HANDOFF)) == 0)
                {
                    waiter.biased = false;
                    waiter.stole = true;
                    rwsemSetReaderOwned();
                    events().inc(LockEvent.RLOCK_STEAL);
                    return true;
                }
                adjustment += WAITERS;
            }
            queue().addBefore(readerPlace(waiter), waiter);
            final long c = word.getAndAdd(adjustment) + adjustment;
            waiter.biased = false;
            rwsemCondWakeWaiter(c, wakeQ);
        }
        finally
        {
            waitLock().unlock();
        }
        wakeQ.wakeUp();
        return readerWait(waiter, waiter.mode, deadline);
    }

    /**
     * Where a reader queues, under the wait lock: at the tail, or, with a handoff policy that marks phase changes
     * ({@link HandoffPolicy#phaseChange}) while no reader phase is in progress (a writer holds the lock, or nobody
     * does), just before the first queued writer that does not hold the handoff. Such a reader opens the next reader
     * phase, ahead of the writers queued for later phases; a reader arriving during a reader phase queues behind the
     * writer waiting on it (the anti-barging rule). A writer holding the handoff keeps its turn. The count may still
     * hold this reader's own fast-path bias, which is not a reader phase; another reader's passing bias makes a
     * phase look current, and that reader only queues at the tail, as without the rule.
     *
     * @return the waiter to queue ahead of, or null for the tail
     */
    private RwsemWaiter readerPlace(final RwsemWaiter reader)
    {
        final HandoffPolicy handoff = choices.handoff();
        if (handoff == HandoffPolicy.NEVER || !handoff.phaseChange() ||
            LockWordBits.readers(word.getVolatile()) - (reader.biased ? 1 : 0) != 0)
        {
            return null;
        }
        for (RwsemWaiter w = queue().head(); w != null; w = w.next)
        {
            if (w.writer && !w.handoffSet)
            {
                return w;
            }
        }
        return null;
    }

    /**
     * Removes a bias this thread added but does not hold as a lock. The bias may have hidden the last reader's
     * wakeup (that reader saw our bias and skipped {@code rwsem_wake}), so wake if we leave the word with waiters and
     * no lockers.
     */
    private void readerBackOut()
    {
        final long c = word.getAndAdd(-READER_BIAS) - READER_BIAS;
        if ((c & (LOCK_MASK | WAITERS)) == WAITERS)
        {
            rwsemWake();
        }
    }

    private boolean readerWait(final RwsemWaiter waiter, final int mode, final long deadline)
        throws InterruptedException
    {
        boolean interrupted = false;
        try
        {
            while (!waiter.granted)
            {
                if (mode != UNINTERRUPTIBLE)
                {
                    final boolean stop = Thread.interrupted() ? (interrupted = true) :
                        mode == TIMED && deadline - clock().nanoTime() <= 0;
                    if (stop)
                    {
                        if (outNolock(waiter, LockEvent.RLOCK_FAIL))
                        {
                            if (interrupted)
                            {
                                interrupted = false;
                                throw new InterruptedException();
                            }
                            return false;
                        }
                        break; // granted while we gave up: we hold the read lock
                    }
                }
                park(waiter, mode, deadline);
                if (mode == UNINTERRUPTIBLE && Thread.interrupted())
                {
                    interrupted = true;
                }
            }
            waiter.handedOff = waiter.handoffSet;
            forwardWake(waiter);
            return true;
        }
        finally
        {
            if (interrupted)
            {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * A granted reader unparks the reader its waker linked to it ({@link RwsemWaiter#wakeNext}: a grant of more readers
     * than one wake unparks), on every way out of its wait, the lock kept or given back.
     */
    private void forwardWake(final RwsemWaiter reader)
    {
        final RwsemWaiter next = reader.wakeNext;
        if (next != null)
        {
            reader.wakeNext = null;
            LockSupport.unpark(next.thread);
            events().inc(LockEvent.WAKE_READER_FORWARDED);
        }
    }

    /**
     * Waits for a wake: first a short spin on the waiter's own flags ({@code granted} for a reader, {@code wakeup} for
     * a writer), because on a JVM a park/unpark round trip costs microseconds while a short critical section ends
     * in less; then a real park. Only parking and unparking change: who is woken and when stays the wake logic's
     * business, and every caller re-checks its state in a loop, so a skipped park is as safe as a spurious wakeup.
     */
    private void park(final RwsemWaiter waiter, final int mode, final long deadline)
    {
        for (int i = 0; i < PARK_SPINS; i++)
        {
            if (waiter.granted || waiter.wakeup)
            {
                waiter.wakeup = false;
                return;
            }
            Thread.onSpinWait();
        }
        events().inc(waiter.writer ? LockEvent.SLEEP_WRITER : LockEvent.SLEEP_READER);
        waiter.slept = true;
        if (mode == TIMED)
        {
            LockSupport.parkNanos(this, deadline - clock().nanoTime());
        }
        else
        {
            LockSupport.park(this);
        }
        waiter.wakeup = false;
    }

    /**
     * The {@code out_nolock} path: leave the queue unless the grant already came.
     *
     * @return true if the waiter left the queue without the lock, false if it had been granted
     */
    private boolean outNolock(final RwsemWaiter waiter, final LockEvent event)
    {
        final WakeQ wakeQ = WakeQ.create();
        waitLock().lock();
        try
        {
            if (waiter.granted)
            {
                return false;
            }
            rwsemDelWakeWaiter(waiter, wakeQ);
            events().inc(event);
        }
        finally
        {
            waitLock().unlock();
        }
        wakeQ.wakeUp();
        return true;
    }

    // ------------------------------------------------------------------------------------------------------------
    // Reader bias (DecisionPoint.READER_BIAS; see the notes, "Reader bias")
    // ------------------------------------------------------------------------------------------------------------

    /**
     * {@return the lock's tag in the table of visible readers: 0 without a reader bias} A lock with one is made with
     * its tag, in a field of its engine ({@link BiasedPackedEngine}; a {@link PaddedEngine} keeps it in its first
     * pad), one load from the fields the read path reads anyway: read from its bias state, the tag cost every biased
     * read and unlock a dependent load from another object (the bench notebook, "reader-bias, fifteenth part").
     */
    long biasTag()
    {
        return 0;
    }

    /** {@return a tag for a new lock with a reader bias: positive, and never given to another lock of this JVM} */
    static long nextBiasTag()
    {
        return BIAS_TAGS.incrementAndGet();
    }

    /**
     * The bias state of a lock with a reader bias, made if need be (by the first arm, or a revocation): alone where the
     * contended state goes, or the contended state's own. Made where the contended state is
     * ({@link FaultPoint#CONTENDED}), and by the same callers' rules: before anything is held that a throw could not
     * give back.
     */
    private BiasState biasState()
    {
        Object c = CONTENDED.getAcquire(this);
        if (c == null)
        {
            Faults.reach(FaultPoint.CONTENDED);
            final BiasState fresh = new BiasState(new EventCounters());
            c = CONTENDED.compareAndExchange(this, null, fresh);
            if (c == null)
            {
                return fresh;
            }
        }
        return c instanceof BiasState bias ? bias : ((BiasedContended)c).bias;
    }

    /** The bias state if an arm, a revocation or a slow path has made it, else {@code null}; makes nothing. */
    private BiasState biasStateOrNull()
    {
        final Object c = CONTENDED.getAcquire(this);
        return c instanceof BiasState bias ? bias : c instanceof BiasedContended contended ? contended.bias : null;
    }

    /** The read fast path's try through the table; a collision is counted on its way to the count. */
    private boolean biasedRead(final ReaderBias bias)
    {
        final int r = bias.tryBiasedRead(word, biasTag());
        if (r == ReaderBias.COLLISION)
        {
            countBias(LockEvent.BIAS_FALLBACK, 1);
        }
        return r == ReaderBias.HELD;
    }

    /**
     * A biased read unlock that saw WRITER_LOCKED: the writer is revoking, waiting for the table, and may be parked
     * past its spin budget, so wake it to look again rather than at the end of its park (up to a millisecond on).
     * A hint only: an unlock that read the word before the writer took it wakes nobody, and the writer's parks are
     * timed; a wake that finds the owner elsewhere is a spurious wakeup, which every park tolerates.
     */
    private void wakeRevokingWriter()
    {
        if (lvOwner() instanceof Thread writer)
        {
            LockSupport.unpark(writer);
        }
    }

    /**
     * Whether the bias was on when an arm or a revocation last changed it: a hint that spares a read of the word, a
     * second transfer of its line on a contended count, to a read of a lock that is not biased. Never trusted: a
     * reader that follows it re-reads the word before it holds the lock, and an unlock looks at the word. An arm's
     * store may land after a later revocation's (a stale hint that the lock is biased costs its readers that read of
     * the word until the next arm); a revocation's store comes before its write unlock, so before any later arm.
     */
    private boolean biasHint()
    {
        return ((int)FLAGS.getOpaque(this) & BIAS_HINT) != 0;
    }

    /**
     * Arms the bias after a read unlock that left {@code c} and found it may ({@link #mayArmBias}): sets READ_BIASED
     * while no writer, waiter or handoff is in the word and another reader is still counted. A CAS of its own, after
     * the unlock's: the unlock's CAS follows its read of the word at once, with no look at the bias state or the clock
     * between them for another core's change of the word to fail it.
     */
    private void armBias(final long c)
    {
        long x = c;
        while ((x & (READ_BIASED | READ_FAILED_MASK)) == 0 && LockWordBits.readers(x) != 0)
        {
            final long witness = word.compareAndExchange(x, x | READ_BIASED);
            if (witness == x)
            {
                setBiasHint(true);
                countBiasArmed();
                return;
            }
            x = witness;
        }
    }

    /** Sets or clears {@link #BIAS_HINT}; no other bit of {@link #flags} changes, so a racing store loses none. */
    private void setBiasHint(final boolean on)
    {
        final int f = (int)FLAGS.getOpaque(this);
        FLAGS.setOpaque(this, on ? f | BIAS_HINT : f & ~BIAS_HINT);
    }

    /**
     * Whether a read unlock that saw {@code c} arms the bias: it is off, no writer, waiter or handoff is in the
     * word, another reader is counted (reads overlap, so the count's line moves between cores), and the inhibit window
     * after the last revocation has passed. Only such an unlock reads the clock, and inside a window only one in
     * {@link #ARM_CHECK_PERIOD} of them, drawn from {@link ThreadLocalRandom} (a clock read in each of them showed in
     * the profile of a read-mostly lock whose writes keep the bias off most of the time; the draw writes only the
     * calling thread's own seed, and the re-arm comes some ARM_CHECK_PERIOD such unlocks late). A clock that throws
     * leaves the bias off rather than the unlock undone.
     */
    private boolean mayArmBias(final long c)
    {
        if ((c & (READ_BIASED | READ_FAILED_MASK)) != 0 || LockWordBits.readers(c) < 2)
        {
            return false;
        }
        try
        {
            final BiasState bias = biasState(); // made here by the first arm, which counts in its counters
            final int until = bias.inhibitUntil;
            if (until == 0)
            {
                return true; // never revoked (or a deadline that wrapped to 0, once in 2^32 units: an early re-arm)
            }
            if (until != INHIBIT_PENDING && (ThreadLocalRandom.current().nextInt() & (ARM_CHECK_PERIOD - 1)) != 0)
            {
                return false;
            }
            final long now = clock().nanoTime();
            if (until == INHIBIT_PENDING)
            {
                // a racing unlock may store its own deadline, a microsecond apart: either will do
                bias.inhibitUntil = (int)(now >> INHIBIT_SHIFT) + UNTIMED_INHIBIT_UNITS;
                return false;
            }
            return inhibitPassed(until, now);
        }
        catch (final RuntimeException | Error ex)
        {
            return false; // an allocation or the user's clock failed: the unlock goes on, and the bias stays off
        }
    }

    /**
     * Whether {@code now} is past the inhibit deadline {@code until}, both in units of 2^10 ns in an int (it wraps
     * after about 73 minutes): a deadline further ahead than the longest window is one that wrapped, so it passed.
     */
    static boolean inhibitPassed(final int until, final long now)
    {
        final int ahead = until - (int)(now >> INHIBIT_SHIFT);
        return ahead <= 0 || ahead > INHIBIT_MAX_UNITS;
    }

    private void countBiasArmed()
    {
        countBias(LockEvent.BIAS_ARM, 1);
    }

    /**
     * Counts a reader-bias event in the lock's bias state, which its callers have made (an arm, a biased read's
     * collision, a revocation): an arm with an atomic add of its own and a revocation's wait as the write owner, so
     * that an armed lock grows no row of counters; a collision in the counters' rows.
     */
    private void countBias(final LockEvent event, final long n)
    {
        try
        {
            final BiasState bias = biasStateOrNull();
            if (bias == null)
            {
                return;
            }
            if (event == LockEvent.BIAS_ARM)
            {
                bias.events.incBiasArm();
            }
            else if (event == LockEvent.BIAS_REVOKE_NS)
            {
                bias.events.addByWriteOwner(event, n);
            }
            else
            {
                bias.events.add(event, n);
            }
        }
        catch (final RuntimeException | Error ex)
        {
            // a lock never fails because of its statistics (an allocation that failed, an injected fault)
        }
    }

    /**
     * BRAVO's revocation, by the writer that has just taken the lock from a word with {@code READ_BIASED}: no biased
     * read can start now (the re-read of a biased reader sees WRITER_LOCKED), so wait until no entry of the table names
     * this lock, then leave the bit to the write owner's release and keep it off for the inhibit window. A first look
     * that finds no biased reader ends the revocation untimed: it reads no clock (two clock reads would cost several
     * times that look) and leaves the window to the next unlock that would arm the bias ({@link #INHIBIT_PENDING}). A
     * wait that gives up (a trylock that found a biased reader, a deadline, an interrupt, a throw) lets the write lock
     * go with the bit still set, so the next writer revokes in its turn.
     *
     * @param mode the acquisition's mode, or {@link #TRYLOCK}
     * @param nanos a timed acquisition's time
     * @param start when a timed acquisition began, or {@link #NO_START} (it began now, on the fast path)
     * @return true if the writer holds the lock and the bias is revoked; false if it let go
     */
    private boolean rwsemRevokeBias(final int mode, final long nanos, final long start) throws InterruptedException
    {
        final BiasState bias;
        try // all that may throw (an allocation, the hook) comes before the bit changes
        {
            bias = biasState();
            if (!readerBias.visibleReaders(biasTag()))
            {
                finishRevocation(bias, INHIBIT_PENDING);
                return true;
            }
        }
        catch (final RuntimeException | Error ex)
        {
            upWrite();
            throw ex;
        }
        return revokeBiasTimed(bias, mode, nanos, start);
    }

    /** {@link #rwsemRevokeBias} once its first look found a biased reader: the wait, timed, and its JFR event. */
    private boolean revokeBiasTimed(final BiasState bias, final int mode, final long nanos, final long start)
        throws InterruptedException
    {
        final ContendedEvent event;
        final long began;
        long now = 0;
        long window = 0;
        final boolean clear;
        try // all that may throw (the user's clock, the hook) comes before the bit changes
        {
            event = JfrSupport.beginContendedEvent();
            began = clock().nanoTime();
            final long left = start == NO_START ? nanos : nanos - (began - start);
            clear = awaitNoBiasedReaders(biasTag(), mode, left, began);
            if (clear)
            {
                now = clock().nanoTime();
                window = Math.min(readerBias.inhibitNanos(now - began), (long)INHIBIT_MAX_UNITS << INHIBIT_SHIFT);
            }
        }
        catch (final InterruptedException | RuntimeException | Error ex)
        {
            upWrite();
            throw ex;
        }
        if (!clear)
        {
            upWrite();
            commit(event, null, false);
            return false;
        }
        finishRevocation(bias, (int)((now + window) >> INHIBIT_SHIFT));
        countBias(LockEvent.BIAS_REVOKE_NS, now - began);
        if (event != null)
        {
            event.biasRevocationNanos = now - began;
            event.biasInhibitNanos = window;
        }
        commit(event, null, true);
        return true;
    }

    /**
     * The end of a revocation: the hint cleared, the window set, the revocation counted, and the bit left for the
     * write owner's release to clear in its own add ({@link #takeRevokedBias}): while WRITER_LOCKED is set the bit lets
     * no reader in (a biased reader's re-read needs no bit of READ_FAILED_MASK), and nobody else changes it.
     */
    private void finishRevocation(final BiasState bias, final int inhibitUntil)
    {
        bias.revoked = true;
        setBiasHint(false);
        bias.inhibitUntil = inhibitUntil;
        bias.events.incByWriteOwner(LockEvent.BIAS_REVOKE); // the write owner counts without a shared line
    }

    /** {@link #rwsemRevokeBias} for a write trylock, which looks at the table once and never waits. */
    private boolean revokeBiasOnce()
    {
        try
        {
            return rwsemRevokeBias(TRYLOCK, 0, NO_START);
        }
        catch (final InterruptedException ex)
        {
            throw new AssertionError("a trylock's revocation does not wait", ex);
        }
    }

    /*
     * Repeatedly: look at the table, and return once no entry names this lock. Otherwise give up if this is a
     * trylock or the deadline has passed, stop on an interrupt if the mode allows (an uninterruptible writer keeps the
     * interrupt for later), and wait: within the spin budget onSpinWaits between two looks, one at first and doubling
     * up to SPIN_PAUSES_MAX (revokePauses: the revocation's wait sets the inhibit window that follows, so a writer
     * looks again soon after a biased reader that saw it let go), past it a park that doubles from
     * REVOKE_PARK_MIN_NANOS up to REVOKE_PARK_MAX_NANOS (a biased reader may be off CPU for a whole scheduler slice).
     */
    private boolean awaitNoBiasedReaders(final long tag, final int mode, final long nanos, final long began)
        throws InterruptedException
    {
        final long spinEnd = began + VirtualLocker.spinBudget(choices.tunables().spinBudgetNanos());
        long park = REVOKE_PARK_MIN_NANOS;
        int pauses = REVOKE_PAUSES_FIRST;
        boolean interrupted = false;
        try
        {
            while (readerBias.visibleReaders(tag))
            {
                final long now = clock().nanoTime();
                if (mode == TRYLOCK || (mode == TIMED && now - began >= nanos))
                {
                    return false;
                }
                if (Thread.interrupted())
                {
                    if (mode != UNINTERRUPTIBLE)
                    {
                        throw new InterruptedException();
                    }
                    interrupted = true;
                }
                if (now - spinEnd < 0)
                {
                    SpinPause.pause(pauses);
                    pauses = revokePauses(pauses);
                }
                else
                {
                    LockSupport.parkNanos(this, mode == TIMED ? Math.min(park, nanos - (now - began)) : park);
                    park = Math.min(park << 1, REVOKE_PARK_MAX_NANOS);
                }
            }
            return true;
        }
        finally
        {
            if (interrupted)
            {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * {@return the onSpinWaits a revoking writer waits after a wait of {@code pauses}}: twice as many, up to
     * {@link #SPIN_PAUSES_MAX}.
     */
    static int revokePauses(final int pauses)
    {
        return Math.min(pauses << 1, SPIN_PAUSES_MAX);
    }

    /** {@return the biased reads held, from a scan of the table (0 without a reader bias)} For monitoring. */
    int biasedReaders()
    {
        final ReaderBias bias = readerBias;
        return bias == null ? 0 : bias.biasedReaders(biasTag());
    }

    // ------------------------------------------------------------------------------------------------------------
    // Write side
    // ------------------------------------------------------------------------------------------------------------

    /**
     * {@code down_write}: CAS from 0. With the platform adaptations (W1), once the lock has its contended state, the
     * fast path reads the count first and, when the lock is free and only waiters are queued, takes it past them by a
     * CAS from what it read ({@code rwsem_try_write_lock_unqueued}): under steady oversubscription a woken waiter that
     * has not run yet keeps WAITERS (or WRITER_WAKING) set nearly all the time, so a CAS from 0 would fail on nearly
     * every acquisition and cost a second CAS. Reading first also keeps a writer that finds the lock held from taking
     * the count's line from the holder with a CAS bound to fail ({@code AbstractQueuedSynchronizer}'s
     * {@code tryAcquire} reads its state first too). A lock never contended keeps the single CAS from 0, because the
     * read slows the uncontended write; a lock contended once keeps its contended state, so its uncontended writes
     * pay the read from then on. The contended state is read plainly, as a hint: a stale null only costs the CAS
     * from 0 and the slow path. A CAS that fails after the read goes to the slow path. A lock whose reader bias is
     * armed ({@link #biasHint}) reads first too, so that its write takes the lock from READ_BIASED in one CAS and
     * revokes, where a CAS from 0 would fail and go the slow way.
     */
    boolean downWrite(final int mode, final long nanos) throws InterruptedException
    {
        final boolean readFirst = adapt() && CONTENDED.get(this) != null || readerBias != null && biasHint();
        final long c = readFirst ? word.getVolatile() : 0;
        if ((c & (LOCK_MASK | HANDOFF)) == 0 && word.compareAndExchange(c, c | WRITER_LOCKED) == c)
        {
            setWriterOwner(Thread.currentThread());
            if (c != 0)
            {
                if ((c & (WAITERS | WRITER_WAKING)) != 0)
                {
                    countWriterStealPastWaiters();
                }
                if ((c & READ_BIASED) != 0 && readerBias != null) // the bit means nothing without the hook
                {
                    final boolean got = rwsemRevokeBias(mode, nanos, NO_START);
                    Reference.reachabilityFence(this);
                    return got;
                }
            }
            Reference.reachabilityFence(this);
            return true;
        }
        final long start = mode == TIMED && readerBias != null ? clock().nanoTime() : NO_START; // a revocation's wait
        final boolean got = downWriteSlowpath(mode, nanos) &&
            (readerBias == null || (word.getVolatile() & READ_BIASED) == 0 || rwsemRevokeBias(mode, nanos, start));
        Reference.reachabilityFence(this);
        return got;
    }

    /** W1: the fast path took a free lock past the waiters queued; counted while the write lock is held. */
    private void countWriterStealPastWaiters()
    {
        // WAITERS or WRITER_WAKING was set, so the contended state exists; it is read, never made, here.
        final Contended contended = contendedOrNull();
        if (contended != null)
        {
            contended.events.incByWriteOwner(LockEvent.WLOCK_STEAL);
        }
    }

    /**
     * {@code down_write_trylock}: the same single CAS; fails while anyone is queued (WAITERS or WRITER_WAKING). With a
     * reader bias the CAS is from what the word read, 0 or READ_BIASED alone, and a write that finds the bias looks at
     * the table once: a biased reader in it makes the trylock let go and fail.
     */
    boolean downWriteTrylock()
    {
        final long c = readerBias != null ? word.getVolatile() & READ_BIASED : 0;
        boolean got = word.compareAndExchange(c, c | WRITER_LOCKED) == c;
        if (got)
        {
            setWriterOwner(Thread.currentThread());
            if (c != 0)
            {
                got = revokeBiasOnce();
            }
        }
        Reference.reachabilityFence(this);
        return got;
    }

    /** {@code up_write}. */
    void upWrite()
    {
        if (!ownedByCurrentThread())
        {
            throw new IllegalMonitorStateException(
                "write unlock by " + Thread.currentThread().getName() + ", which does not hold the write lock: " +
                this);
        }
        clearWriterOwner(null);
        final long old = word.getAndAdd(-WRITER_LOCKED - takeRevokedBias());
        if ((old & WAITERS) != 0)
        {
            rwsemWake();
        }
        Reference.reachabilityFence(this);
    }

    /**
     * READ_BIASED if this write owner's revocation left the bit for its release ({@link #finishRevocation}), else 0,
     * and the mark taken. A release after a revocation that gave up (the lock let go with a biased reader in the
     * table) finds no mark, so the bit stays for the next writer.
     */
    private long takeRevokedBias()
    {
        final BiasState bias = readerBias != null ? biasStateOrNull() : null;
        if (bias == null || !bias.revoked)
        {
            return 0;
        }
        bias.revoked = false;
        return READ_BIASED;
    }

    /** {@code downgrade_write}: writer to reader in one atomic add, then wake the readers queued behind. */
    void downgradeWrite()
    {
        if (!ownedByCurrentThread())
        {
            throw new IllegalMonitorStateException(
                "downgrade() by " + Thread.currentThread().getName() + ", which does not hold the write lock: " +
                this);
        }
        clearWriterOwner(markReaderOwned() ? READER_OWNED : null);
        final long old = word.getAndAdd(-WRITER_LOCKED + READER_BIAS - takeRevokedBias());
        if ((old & WAITERS) != 0)
        {
            waitLock().lock();
            markWakeAndUnlock(WAKE_READ_OWNED);
        }
        Reference.reachabilityFence(this);
    }

    private boolean downWriteSlowpath(final int mode, final long nanos) throws InterruptedException
    {
        if (ownedByCurrentThread())
        {
            throw notReentrant("write");
        }
        events().inc(LockEvent.WLOCK);
        final ContendedEvent event = JfrSupport.beginContendedEvent();
        final RwsemWaiter waiter = newWaiter(true, mode);
        boolean acquired = false;
        try
        {
            acquired = rwsemDownWriteSlowpath(waiter, nanos);
            return acquired;
        }
        catch (final RuntimeException | Error ex)
        {
            writerGiveBack(waiter);
            throw ex;
        }
        finally
        {
            foldAwakeSkips(waiter);
            commit(event, waiter, acquired);
        }
    }

    /** Adds the unlocks that skipped this writer while awake ({@link RwsemWaiter#awakeSkips}) to the counters. */
    private void foldAwakeSkips(final RwsemWaiter waiter)
    {
        final int skips = waiter.awakeSkips;
        final Contended c = contendedOrNull(); // made by the slow path's entry; never made in a finally
        if (skips != 0 && c != null)
        {
            c.events.add(LockEvent.WAKE_WRITER_AWAKE, skips);
        }
    }

    /**
     * The write slow path threw: release a write lock already won, or leave the queue as a cancelled waiter does
     * (WAITERS and HANDOFF go when the queue empties, a head's HANDOFF passes to the next head, which is woken).
     */
    private void writerGiveBack(final RwsemWaiter waiter)
    {
        if (ownedByCurrentThread())
        {
            upWrite();
            return;
        }
        final WakeQ wakeQ = WakeQ.create();
        waitLock().lock();
        try
        {
            if (waiter.queued)
            {
                rwsemDelWakeWaiter(waiter, wakeQ);
            }
        }
        finally
        {
            waitLock().unlock();
        }
        wakeQ.wakeUp();
    }

    /** Why a queued writer leaves the queue without the lock. */
    private enum WriterExit
    {
        /** Interrupted in an interruptible acquisition: leave and throw. */
        INTERRUPTED,
        /** The timed acquisition's deadline passed: leave and return false. */
        TIMED_OUT,
        /** {@link DecisionPoint#WOKEN_WRITER} said to spin again: leave, spin, queue again if the spin fails. */
        TO_SPIN
    }

    /**
     * {@code rwsem_down_write_slowpath}.
     *
     * <p>Repeatedly:
     * <ol>
     *   <li>optimistic spin, if not queued ({@link #writerOptimisticSpin}, {@link DecisionPoint#SPIN_ON_OWNER}):
     *       done if it took the lock;</li>
     *   <li>take the wait lock: the only place in this loop;</li>
     *   <li>queue, if not queued ({@link #rwsemAddWriter}: WAITERS, or the conditional wake);</li>
     *   <li>{@link #rwsemTryWriteLock}: done if it took the lock; it may set HANDOFF instead
     *       ({@link DecisionPoint#HANDOFF});</li>
     *   <li>leave, if a step below decided so on the previous round ({@code out_nolock}, or to spin again);</li>
     *   <li>drop the wait lock and unpark whoever the steps above woke;</li>
     *   <li>give up ({@link #writerGivesUp}): interrupted or timed out, leave after one more try;</li>
     *   <li>handoff wait ({@link DecisionPoint#HANDOFF_WAIT}): the writer holding the handoff may try again without
     *       sleeping;</li>
     *   <li>woken writer ({@link DecisionPoint#WOKEN_WRITER}): after a wakeup, may leave the queue to spin; never the
     *       waiter holding the handoff, which would give its handoff away each time it reached the head;</li>
     *   <li>sleep until woken.</li>
     * </ol>
     * A step that decides to leave or to retry goes back to the top, so every try of the lock and every departure
     * from the queue happens under the one acquisition of the wait lock.
     */
    private boolean rwsemDownWriteSlowpath(final RwsemWaiter waiter, final long nanos) throws InterruptedException
    {
        final long deadline = waiter.mode == TIMED ? clock().nanoTime() + nanos : 0;
        final WakeQ wakeQ = WakeQ.create();
        WriterExit exit = null;
        boolean woken = false;
        boolean interrupted = false; // to restore on the way out
        try
        {
            for (;;)
            {
                if (!waiter.queued && writerOptimisticSpin(waiter))
                {
                    return true;
                }
                waitLock().lock();
                try
                {
                    if (waiter.queued && queue().head() == waiter &&
                        !(Faults.ENABLED && fault() == FAULT_W7_NO_RESTORE))
                    {
                        rwsemRestoreWaiters();
                    }
                    if (!waiter.queued)
                    {
                        rwsemAddWriter(waiter, wakeQ);
                    }
                    waiter.waiting = true; // before the try reads the count (see RwsemWaiter.waiting)
                    if (rwsemTryWriteLock(waiter))
                    {
                        if (waiter.spunSinceSleep)
                        {
                            events().inc(LockEvent.HANDOFF_SPIN_LOCK);
                        }
                        return true;
                    }
                    if (exit == WriterExit.TO_SPIN && waiter.handoffSet)
                    {
                        exit = null; // a grant handed it the handoff since: it stays (see the notes)
                    }
                    if (exit != null)
                    {
                        rwsemDelWakeWaiter(waiter, wakeQ);
                    }
                }
                finally
                {
                    waitLock().unlock();
                    wakeQ.wakeUp();
                }

                if (exit == WriterExit.TO_SPIN)
                {
                    events().inc(LockEvent.WRITER_RESPIN);
                    exit = null;
                    woken = false;
                    continue;
                }
                if (exit != null)
                {
                    events().inc(LockEvent.WLOCK_FAIL);
                    if (exit == WriterExit.INTERRUPTED)
                    {
                        interrupted = false;
                        throw new InterruptedException();
                    }
                    return false;
                }

                exit = writerGivesUp(waiter.mode, deadline);
                if (exit == WriterExit.INTERRUPTED)
                {
                    interrupted = true; // kept if the last try takes the lock
                }
                if (exit != null || waiter.handoffSet && choices.handoffWait().retryWithoutSleeping(ops(), waiter))
                {
                    continue;
                }
                if (woken && !waiter.handoffSet && VirtualLocker.maySpin() && queueLetsSpin(1) &&
                    choices.wokenWriter().leaveQueueToSpin(ops()))
                {
                    exit = WriterExit.TO_SPIN;
                    continue;
                }

                park(waiter, waiter.mode, deadline);
                woken = true;
                waiter.spunSinceSleep = false;
                waiter.immediateRetries = 0;
                if (waiter.mode == UNINTERRUPTIBLE && Thread.interrupted())
                {
                    interrupted = true;
                }
            }
        }
        finally
        {
            if (interrupted)
            {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * The writer's optimistic spin before it queues, if nobody else is queued (W5) and the variant's
     * {@link SpinPolicy} likes the owner.
     */
    private boolean writerOptimisticSpin(final RwsemWaiter waiter)
    {
        if (!queueLetsSpin(0))
        {
            return false;
        }
        if (VirtualLocker.maySpin() && choices.spinPolicy().canSpinOnOwner(ops()))
        {
            waiter.spun = true;
            return rwsemOptimisticSpin(false, waiter.mode);
        }
        events().inc(LockEvent.OPT_NOSPIN);
        return false;
    }

    /**
     * {@code rwsem_add_waiter} for a writer, under the wait lock: the first waiter sets WAITERS (clear until now: it
     * changes only under this lock); a later one runs {@code rwsem_cond_wake_waiter} (unparks go to {@code wakeQ}).
     */
    private void rwsemAddWriter(final RwsemWaiter waiter, final WakeQ wakeQ)
    {
        waiter.handoffSet = false;
        queue().add(waiter);
        if (queue().head() == waiter)
        {
            word.getAndAdd(WAITERS);
        }
        else
        {
            rwsemCondWakeWaiter(word.getVolatile(), wakeQ);
        }
    }

    /** {@code signal_pending_state}, and the deadline of a timed acquisition. */
    private WriterExit writerGivesUp(final int mode, final long deadline)
    {
        if (mode == UNINTERRUPTIBLE)
        {
            return null;
        }
        if (Thread.interrupted())
        {
            return WriterExit.INTERRUPTED;
        }
        return mode == TIMED && deadline - clock().nanoTime() <= 0 ? WriterExit.TIMED_OUT : null;
    }

    /**
     * {@code rwsem_try_write_lock}, under the wait lock: take the lock for a queued writer, or set HANDOFF if it has
     * waited too long. On success the waiter is unlinked and owns the lock.
     */
    private boolean rwsemTryWriteLock(final RwsemWaiter waiter)
    {
        final RwsemWaiter first = queue().head();
        final RwsemWaiter readerNext = readerClaimingPhaseAfter(waiter, first);
        long c = word.getVolatile();
        long n;
        for (;;)
        {
            final boolean hasHandoff = (c & HANDOFF) != 0;
            if (hasHandoff && first != waiter && first.handoffSet)
            {
                return false; // the head owns the handoff
            }
            n = c;
            if ((c & LOCK_MASK) != 0)
            {
                final HandoffPolicy handoff = choices.handoff();
                if (hasHandoff || handoff == HandoffPolicy.NEVER ||
                    !handoff.writerSetsHandoff(c, waiter.timeout, clock().nanoTime()))
                {
                    return false;
                }
                n |= HANDOFF;
            }
            else
            {
                n |= WRITER_LOCKED;
                n = readerNext == null ? n & ~HANDOFF : n | HANDOFF;
                if (queue().size() == 1)
                {
                    n &= ~WAITERS;
                }
            }
            final long witness = word.compareAndExchange(c, n);
            if (witness == c)
            {
                break;
            }
            c = witness;
        }
        if ((c & LOCK_MASK) != 0) // the CAS set HANDOFF on a held lock (an acquisition may keep HANDOFF too)
        {
            first.handoffSet = true;
            events().inc(LockEvent.WLOCK_HANDOFF);
            return false;
        }
        if ((c & HANDOFF) != 0)
        {
            events().inc(LockEvent.HANDOFF_TAKEN);
        }
        queue().remove(waiter);
        if ((c & HANDOFF) != 0)
        {
            waiter.handedOff = true;
        }
        if (readerNext != null)
        {
            readerNext.handoffSet = true;
        }
        setWriterOwner(waiter.thread);
        return true;
    }

    /**
     * {@link HandoffPolicy#phaseChange}, under the wait lock: if {@code waiter} acquires now, the reader it leaves at
     * the head of the queue claims the next phase (the acquisition keeps HANDOFF set for it instead of clearing it),
     * so this writer's unlock admits it before any other writer. Asked before the try changes anything: the clock and
     * the policy may throw.
     *
     * @return that reader, or null
     */
    private RwsemWaiter readerClaimingPhaseAfter(final RwsemWaiter waiter, final RwsemWaiter first)
    {
        final HandoffPolicy handoff = choices.handoff();
        if (handoff == HandoffPolicy.NEVER || !handoff.phaseChange())
        {
            return null;
        }
        final RwsemWaiter next = first == waiter ? waiter.next : first;
        final boolean claims = next != null && !next.writer && handoff.readerSetsHandoff(next.timeout,
            clock().nanoTime());
        return claims ? next : null;
    }

    /** {@code rwsem_try_write_lock_unqueued}: steal, even past queued waiters, unless held or handed off. */
    private boolean rwsemTryWriteLockUnqueued()
    {
        long c = word.getVolatile();
        while ((c & (LOCK_MASK | HANDOFF)) == 0)
        {
            final long witness = word.compareAndExchange(c, c | WRITER_LOCKED);
            if (witness == c)
            {
                setWriterOwner(Thread.currentThread());
                return true;
            }
            c = witness;
        }
        return false;
    }

    /**
     * {@code rwsem_try_read_lock_unqueued} (reader-spin): add a reader unless a writer or handoff blocks it, or an
     * active reader phase has waiters queued behind it (seed 000's reader trylock: join only a lock with no queue, or
     * a queued lock nobody holds, so spinning readers cannot starve a queued writer).
     */
    private boolean rwsemTryReadLockUnqueued()
    {
        if (!readerMaySteal(word.getVolatile()))
        {
            return false;
        }
        final long c = word.getAndAdd(READER_BIAS);
        if (readerMaySteal(c))
        {
            rwsemSetReaderOwned();
            return true;
        }
        readerBackOut();
        return false;
    }

    private static boolean readerMaySteal(final long c)
    {
        return (c & (WRITER_LOCKED | HANDOFF | READ_FAIL)) == 0 &&
            ((c & (WAITERS | WRITER_WAKING)) == 0 || LockWordBits.readers(c) == 0);
    }

    // ------------------------------------------------------------------------------------------------------------
    // Optimistic spinning
    // ------------------------------------------------------------------------------------------------------------

    /**
     * {@code rwsem_optimistic_spin}: join the OSQ; as its head, spin on the owner and try the unqueued lock while the
     * variant's {@link SpinPolicy} says the owner state is worth it, within the time budget.
     */
    private boolean rwsemOptimisticSpin(final boolean reader, final int mode)
    {
        final long deadline = clock().nanoTime() + VirtualLocker.spinBudget(choices.tunables().spinBudgetNanos());
        final boolean interruptible = mode != UNINTERRUPTIBLE;
        Faults.reach(FaultPoint.OSQ_NODE);
        final Node node = AbstractOsq.newNode();
        // allocated before the OSQ is held: nothing may throw between osq.lock and the finally that unlocks it
        final OptimisticSpinAttempt attempt = new OptimisticSpinAttempt(clock(), ops());
        attempt.reset(reader);
        if (!osq().lock(node, () -> clock().nanoTime() - deadline > 0 ||
            (interruptible && Thread.currentThread().isInterrupted())))
        {
            events().inc(LockEvent.OPT_FAIL);
            return false;
        }
        boolean taken = false;
        boolean countedNull = false;
        boolean countedReaders = false;
        try
        {
            for (;;)
            {
                final OwnerState st = rwsemSpinOnOwner(deadline, choices.ownerSpinExit());
                if (st == OwnerState.NONSPINNABLE)
                {
                    break;
                }
                final long c = word.getVolatile();
                attempt.readers = LockWordBits.readers(c);
                if (!choices.spinPolicy().keepSpinning(st, attempt))
                {
                    if (st == OwnerState.READER)
                    {
                        events().inc(LockEvent.SPIN_STOP_READER);
                    }
                    break;
                }
                if (st == OwnerState.NULL && !countedNull)
                {
                    countedNull = true;
                    events().inc(LockEvent.SPIN_NULL_OWNER);
                }
                else if (st == OwnerState.READER && !countedReaders && !reader)
                {
                    countedReaders = true;
                    events().inc(LockEvent.SPIN_ON_READERS);
                }
                taken = reader ? rwsemTryReadLockUnqueued() : rwsemTryWriteLockUnqueued();
                if (taken || clock().nanoTime() - deadline > 0 ||
                    (interruptible && Thread.currentThread().isInterrupted()))
                {
                    break;
                }
                attempt.previous = st;
                spinPause();
            }
        }
        finally
        {
            osq().unlock(node);
        }
        events().inc(!taken ? LockEvent.OPT_FAIL : reader ? LockEvent.OPT_RLOCK : LockEvent.OPT_LOCK);
        return taken;
    }

    /**
     * W5 (see the notes): with the adaptations on, an optimistic spin starts only if no waiter other than the
     * caller is queued ({@code self}: 1 for a queued writer about to leave the queue to spin, else 0) or readers own
     * the lock; otherwise the locker queues, counted as {@link LockEvent#OPT_NOSPIN_WAITERS}. Racy by design: a
     * stale size or owner only moves one locker between spinning and queueing, and neither is needed for progress.
     */
    private boolean queueLetsSpin(final int self)
    {
        if (!adapt() || queue().sizeRacy() <= self)
        {
            return true;
        }
        final Object o = lvOwner(); // compared only: ownerState() would ask a writer owner's getState()
        if (o == READER_OWNED || o == READER_OWNED_NONSPINNABLE)
        {
            return true;
        }
        events().inc(LockEvent.OPT_NOSPIN_WAITERS);
        return false;
    }

    /**
     * W6 (see the notes): waits {@link #SPIN_PAUSES_MAX} onSpinWaits with the adaptations on, one (the kernel's
     * cpu_relax) without them.
     */
    private void spinPause()
    {
        SpinPause.pause(adapt() ? SPIN_PAUSES_MAX : 1);
    }

    /**
     * {@code rwsem_spin_on_owner}: while a running writer owns the lock and nothing changes, spin; return the state
     * of what changed. Bounded by the deadline and by the owner's liveness hint. The {@link OwnerSpinExit} hook
     * (kernel 5.3's handoff check, which seed 001 removed) may end the spin on a writer owner as NONSPINNABLE; NULL
     * and reader-owned states return before the loop, so the hook never stops a spinner there.
     */
    private OwnerState rwsemSpinOnOwner(final long deadline, final OwnerSpinExit exit)
    {
        final Object o = lvOwner();
        final OwnerState st = ownerState(o);
        if (st != OwnerState.WRITER)
        {
            return st;
        }
        for (int i = 1; ; i++)
        {
            spinPause(); // ownerState(o) has just looked at the owner
            if (exit != OwnerSpinExit.NEVER && exit.quit(word.getVolatile()))
            {
                return OwnerState.NONSPINNABLE;
            }
            final Object now = lvOwner();
            if (now != o)
            {
                return ownerState(now);
            }
            if ((adapt() || (i & 15) == 0) &&
                (!ownerRunning((Thread)o) || clock().nanoTime() - deadline > 0))
            {
                // The owner may have released and then blocked or ended since the read above: a writer that lets
                // go and parks elsewhere is the common case, and the lock it left is free, not unspinnable.
                final Object last = lvOwner();
                return last != o ? ownerState(last) : OwnerState.NONSPINNABLE;
            }
        }
    }

    // ------------------------------------------------------------------------------------------------------------
    // Wake
    // ------------------------------------------------------------------------------------------------------------

    /**
     * {@code rwsem_wake}: an unlock left no lockers and saw waiters ({@link DecisionPoint#UNLOCK_WAKE}). Readers come
     * here when the reader count drops to 0 with waiters queued, where {@code __up_read} clears the non-spinnable
     * mark; a writer's unlock has already cleared the owner word.
     */
    private void rwsemWake()
    {
        clearNonspinnable();
        choices.unlockWake().rwsemWake(ops());
    }

    /**
     * With the wait lock held: mark whoever {@code type} lets in, drop the wait lock, then unpark them (wake_q).
     */
    private void markWakeAndUnlock(final int type)
    {
        final WakeQ wakeQ = WakeQ.create();
        try
        {
            if (!queue().isEmpty())
            {
                rwsemMarkWake(type, wakeQ);
            }
        }
        finally
        {
            waitLock().unlock();
        }
        wakeQ.wakeUp();
    }

    /**
     * {@code rwsem_cond_wake_waiter}: after queueing, wake whoever the lock state lets in. Behind a writer owner
     * nobody is woken; a handoff policy that marks phase changes lets a reader at the head claim the handoff now.
     */
    private void rwsemCondWakeWaiter(final long count, final WakeQ wakeQ)
    {
        if ((count & WRITER_LOCKED) != 0)
        {
            readerClaimsNextPhase(count);
            return;
        }
        rwsemMarkWake((count & READER_MASK) != 0 ? WAKE_READERS : WAKE_ANY, wakeQ);
    }

    /**
     * {@link HandoffPolicy#phaseChange}, under the wait lock: the reader at the head of the queue, behind a writer
     * owner, may set HANDOFF at once instead of at the next wake ({@code count} was read under the wait lock, so its
     * HANDOFF bit is current). The writer's unlock then grants the queued readers before any other writer can take
     * the lock: the fast path's steal (W1) and spinners stop at the bit.
     */
    private void readerClaimsNextPhase(final long count)
    {
        final HandoffPolicy handoff = choices.handoff();
        if (handoff == HandoffPolicy.NEVER || !handoff.phaseChange() ||
            (count & HANDOFF) != 0 && !(Faults.ENABLED && fault() == FAULT_PHASE_HANDOFF_TWICE))
        {
            return;
        }
        final RwsemWaiter head = queue().head();
        if (head == null || head.writer || !handoff.readerSetsHandoff(head.timeout, clock().nanoTime()))
        {
            return;
        }
        word.getAndAdd(HANDOFF);
        head.handoffSet = true;
        events().inc(LockEvent.RLOCK_HANDOFF);
    }

    /**
     * W7 (see the notes) applies: the adaptations are on, and the variant has a handoff that marks no phase changes
     * (without a handoff nothing would bound the readers passing the woken writer; under phase-fair none may).
     */
    private boolean swapsWaitersOut()
    {
        final HandoffPolicy handoff = choices.handoff();
        return W7 && adapt() && handoff != HandoffPolicy.NEVER && !handoff.phaseChange();
    }

    /**
     * W7 (see the notes), under the wait lock, first in the woken head writer's next section and in every departure
     * from the queue: swap the WRITER_WAKING that a wake put in for the awake head writer back for WAITERS (if the
     * queue is still non-empty), so that the rest of the section sees WAITERS exactly when the queue is non-empty. A
     * waiter queueing behind the awake writer does not.
     */
    private void rwsemRestoreWaiters()
    {
        final Contended c = contended();
        if (c.waitersSwapped)
        {
            c.waitersSwapped = false;
            word.getAndAdd((c.queue.isEmpty() ? 0 : WAITERS) - WRITER_WAKING);
        }
    }

    /**
     * {@code rwsem_del_wake_waiter}: a waiter leaves without the lock. If the queue empties, WAITERS and HANDOFF go
     * with it; if the head left, the next head inherits a set HANDOFF and is woken (it may now lock or spin).
     */
    private void rwsemDelWakeWaiter(final RwsemWaiter waiter, final WakeQ wakeQ)
    {
        rwsemRestoreWaiters();
        final boolean first = queue().head() == waiter;
        queue().remove(waiter);
        if (queue().isEmpty())
        {
            final long bits = word.getVolatile() &
                (Faults.ENABLED && fault() == FAULT_KEEP_HANDOFF_ON_EMPTY_QUEUE ? WAITERS : WAITERS | HANDOFF);
            if (bits != 0)
            {
                word.getAndAdd(-bits);
            }
            return;
        }
        if (first)
        {
            if ((word.getVolatile() & HANDOFF) != 0 && !(Faults.ENABLED && fault() == FAULT_NO_HANDOFF_INHERIT))
            {
                queue().head().handoffSet = true;
            }
            rwsemMarkWake(WAKE_ANY, wakeQ);
        }
    }

    /**
     * {@code rwsem_mark_wake}, under the wait lock: a head writer is only woken (never granted); head readers get a
     * trial grant, then the variant's {@link ReaderGrant} collects and grants them.
     */
    private void rwsemMarkWake(final int type, final WakeQ wakeQ)
    {
        final RwsemWaiter head = queue().head();
        if (head.writer)
        {
            if (type == WAKE_ANY)
            {
                if (adapt() && !head.waiting)
                {
                    events().inc(LockEvent.WAKE_WRITER_AWAKE); // it will try again before it sleeps
                    return;
                }
                head.waiting = false;
                head.wakeup = true;
                wakeQ.add(head.thread);
                events().inc(LockEvent.WAKE_WRITER);
                if (swapsWaitersOut() && (word.getVolatile() & (WAITERS | HANDOFF)) == WAITERS)
                {
                    word.getAndAdd(WRITER_WAKING - WAITERS); // W7: unlocks run past the awake writer until it is back
                    contended().waitersSwapped = true;
                }
            }
            return;
        }
        if (word.getVolatile() < 0)
        {
            return; // READ_FAIL: no reader wake
        }
        long trial = 0;
        if (type != WAKE_READ_OWNED)
        {
            trial = READER_BIAS;
            final long old = word.getAndAdd(trial);
            if ((old & WRITER_LOCKED) != 0)
            {
                long undo = -trial;
                try // the clock and the policy may throw: the trial grant goes back all the same
                {
                    if (choices.handoff() != HandoffPolicy.NEVER && (old & HANDOFF) == 0 &&
                        choices.handoff().readerSetsHandoff(head.timeout, clock().nanoTime()))
                    {
                        undo += HANDOFF;
                        head.handoffSet = true;
                        events().inc(LockEvent.RLOCK_HANDOFF);
                    }
                }
                finally
                {
                    word.getAndAdd(undo);
                }
                return;
            }
            rwsemSetReaderOwned(); // early hint for spinners
        }
        batch().begin(trial, wakeQ);
        try
        {
            choices.readerGrant().grantReaders(batch());
        }
        catch (final RuntimeException | Error ex)
        {
            batch().finish();
            wakeQ.wakeUp(); // now, under the wait lock: a caller that sees the throw may never reach its own wakeUp
            throw ex;
        }
        finally
        {
            batch().end();
        }
    }

    /** The engine's side of a {@link WakeBatch}; one per engine, used only under the wait lock. */
    private final class Batch implements WakeBatch
    {
        private long trial;
        private WakeQ wakeQ;
        private int unlinked;
        private boolean granted;
        private int grantedReaders;
        /** The readers unlinked in this wake, in order, chained through {@link RwsemWaiter#batchNext}. */
        private RwsemWaiter unlinkedFirst;
        private RwsemWaiter unlinkedLast;

        void begin(final long trial, final WakeQ wakeQ)
        {
            this.trial = trial;
            this.wakeQ = wakeQ;
            this.unlinked = 0;
            this.granted = false;
            this.grantedReaders = 0;
        }

        void end()
        {
            if (!granted)
            {
                addGrant(0); // a strategy that granted nobody must still return the trial grant
            }
            wakeQ = null;
            unlinkedFirst = null;
            unlinkedLast = null;
        }

        /**
         * The strategy threw part way: finish the wake it started, so that no reader stays unlinked without a grant,
         * no grant stays in the count without its reader, and the trial grant is returned. Before its grant, the
         * readers it unlinked are granted, wherever they stood in the queue; after it (a strategy that adds the grant
         * before it unlinks, as the base's two passes over the head readers do), the rest of the grant goes to the
         * readers at the head, or back to the count if there are none.
         */
        void finish()
        {
            if (!granted)
            {
                addGrant(unlinked);
            }
            while (unlinked < grantedReaders)
            {
                final RwsemWaiter head = queue().head();
                if (head == null || !head.isReader())
                {
                    word.getAndAdd(-(grantedReaders - unlinked) * READER_BIAS);
                    break;
                }
                unlinkReader(head);
            }
            for (RwsemWaiter w = unlinkedFirst; w != null; w = w.batchNext)
            {
                if (!w.granted)
                {
                    publishGrant(w);
                }
            }
        }

        private void unlinkReader(final RwsemWaiter waiter)
        {
            queue().remove(waiter);
            unlinked++;
            waiter.batchNext = null;
            if (unlinkedLast == null)
            {
                unlinkedFirst = waiter;
            }
            else
            {
                unlinkedLast.batchNext = waiter;
            }
            unlinkedLast = waiter;
        }

        @Override
        public Waiter scanHead()
        {
            events().inc(LockEvent.WAKE_LIST_SCAN);
            return queue().head();
        }

        @Override
        public Waiter next(final Waiter waiter)
        {
            return ((RwsemWaiter)waiter).next;
        }

        @Override
        public int limit()
        {
            return MAX_READERS_WAKEUP;
        }

        @Override
        public void unlink(final Waiter waiter)
        {
            unlinkReader((RwsemWaiter)waiter);
            Faults.reach(FaultPoint.READER_GRANT);
        }

        @Override
        public void addGrant(final int readers)
        {
            if (granted)
            {
                throw new IllegalStateException("addGrant called twice in one wake");
            }
            long adjustment = readers * READER_BIAS - trial;
            final long c = word.getVolatile();
            final boolean emptyAfter = queue().size() - (readers - unlinked) == 0;
            RwsemWaiter claimer = null;
            Throwable claimFailed = null;
            if (!emptyAfter && readers > 0 && readers == unlinked)
            {
                try
                {
                    claimer = writerClaimingNextPhase(c + adjustment);
                }
                catch (final RuntimeException | Error ex)
                {
                    claimFailed = ex; // no claim: the grant goes in all the same, then the throw leaves
                }
            }
            granted = true;
            grantedReaders = readers;
            if (emptyAfter)
            {
                adjustment -= c & (WAITERS | HANDOFF);
            }
            else if (claimer != null)
            {
                adjustment += (c & HANDOFF) == 0 ? HANDOFF : 0;
            }
            else if (readers > 0 && (c & HANDOFF) != 0)
            {
                adjustment -= HANDOFF;
            }
            if (adjustment != 0)
            {
                word.getAndAdd(adjustment);
            }
            if (claimer != null)
            {
                claimer.handoffSet = true;
            }
            events().add(LockEvent.WAKE_READER, readers);
            if (claimFailed instanceof RuntimeException ex)
            {
                throw ex;
            }
            if (claimFailed != null)
            {
                throw (Error)claimFailed;
            }
        }

        /**
         * {@link HandoffPolicy#phaseChange}: a reader grant that leaves a writer at the head of the queue (every
         * granted reader is already unlinked) hands it the handoff, asked as if it tried the lock on the count the
         * grant makes. The grant then keeps HANDOFF set (or sets it) in its one add: no reader arriving from now on
         * joins this phase, and the writer inherits the lock when the phase drains. Asked before the grant changes
         * anything, since the clock and the policy may throw.
         *
         * @return the writer that claims the next phase, or null
         */
        private RwsemWaiter writerClaimingNextPhase(final long countAfter)
        {
            final HandoffPolicy handoff = choices.handoff();
            if (handoff == HandoffPolicy.NEVER || !handoff.phaseChange())
            {
                return null;
            }
            final RwsemWaiter next = queue().head();
            if (next == null || !next.writer || !handoff.writerSetsHandoff(countAfter, next.timeout,
                clock().nanoTime()))
            {
                return null;
            }
            return next;
        }

        /**
         * Grant, then publish. A grant of more readers than {@link #limit()} unparks the first {@code limit()} from
         * here and links each later reader to the one {@code limit()} places before it ({@link RwsemWaiter#wakeNext}),
         * which unparks it once woken. Every link is written before the first grant is published, and the grants are
         * published from the tail, so a reader's link target is granted before the reader itself can run: a woken
         * reader never unparks a reader whose grant is not yet published (that unpark would be absorbed by its wait
         * loop and lost).
         */
        @Override
        public void grantUnlinked()
        {
            addGrant(unlinked);
            if (unlinked <= MAX_READERS_WAKEUP)
            {
                for (RwsemWaiter w = unlinkedFirst; w != null; w = w.batchNext)
                {
                    publishGrant(w);
                }
                return;
            }
            RwsemWaiter waker = unlinkedFirst;
            int i = 0;
            for (RwsemWaiter w = unlinkedFirst; w != null; w = w.batchNext)
            {
                if (i++ >= MAX_READERS_WAKEUP)
                {
                    waker.wakeNext = w;
                    waker = waker.batchNext;
                }
            }
            RwsemWaiter reversed = null; // the batch chain, reversed in place: the tail first
            for (RwsemWaiter w = unlinkedFirst; w != null; )
            {
                final RwsemWaiter next = w.batchNext;
                w.batchNext = reversed;
                reversed = w;
                w = next;
            }
            unlinkedLast = unlinkedFirst;
            unlinkedFirst = reversed;
            i = unlinked;
            for (RwsemWaiter w = reversed; w != null; w = w.batchNext)
            {
                if (--i < MAX_READERS_WAKEUP)
                {
                    publishGrant(w);
                }
                else
                {
                    w.granted = true; // its link unparks it
                }
            }
        }

        @Override
        public void publish(final Waiter waiter)
        {
            publishGrant((RwsemWaiter)waiter);
        }

        private void publishGrant(final RwsemWaiter waiter)
        {
            final Thread t = waiter.thread;
            waiter.granted = true;
            wakeQ.add(t);
        }
    }

    /** The engine's side of {@link SlowPath}: what the hooks may do. One per engine, stateless. */
    private final class Ops implements SlowPath
    {
        /**
         * W4: a READ_OWNED wake with no queue or a writer at its head does nothing ({@code rwsem_mark_wake} returns at
         * a writer head for every wake type but ANY), so it need not take the wait lock to find that out. A reader
         * that queues after this racy look runs the conditional wake itself, and a head writer that leaves without
         * the lock wakes the next, so skipping loses no wakeup.
         */
        private boolean noReaderToWake()
        {
            if (!adapt())
            {
                return false;
            }
            final RwsemWaiter head = queue().headRacy();
            return head == null || head.writer;
        }

        /**
         * Platform adaptation: the queue head is a writer that a wake has already unparked and that has not tried
         * the lock since; it will try again before it sleeps, so this wake need not take the wait lock. Read without
         * the wait lock; sound because the writer sets {@link RwsemWaiter#waiting} before it reads the count, and the
         * caller changed the count before this read (see {@link RwsemWaiter#waiting}).
         */
        private boolean nothingToWake()
        {
            if (!adapt())
            {
                return false;
            }
            final RwsemWaiter head = queue().headRacy();
            if (head != null && head.writer && !head.waiting)
            {
                head.awakeSkips++; // counted when the writer leaves its slow path (RwsemWaiter#awakeSkips)
                return true;
            }
            return false;
        }

        @Override
        public long count()
        {
            return word.getVolatile();
        }

        @Override
        public OwnerState ownerState()
        {
            return Engine.this.ownerState();
        }

        @Override
        public boolean spinnersPresent()
        {
            return osq().isLocked();
        }

        @Override
        public boolean maySpin()
        {
            return VirtualLocker.maySpin();
        }

        @Override
        public boolean canSpinOnOwner()
        {
            return choices.spinPolicy().canSpinOnOwner(this);
        }

        @Override
        public boolean ownerNonspinnable()
        {
            return lvOwner() == READER_OWNED_NONSPINNABLE;
        }

        @Override
        public boolean setNonspinnable()
        {
            return rwsemSetNonspinnable();
        }

        @Override
        public void event(final LockEvent event)
        {
            events().inc(event);
        }

        @Override
        public void dropReaderBias(final Waiter acquisition)
        {
            final RwsemWaiter reader = (RwsemWaiter)acquisition;
            if (!reader.biased)
            {
                throw new IllegalStateException("the reader holds no fast-path bias: " + reader);
            }
            reader.biased = false; // first: a throw from the wake below must not make the give-back undo it twice
            readerBackOut();
        }

        @Override
        public void keepReaderBias()
        {
            rwsemSetReaderOwned();
            events().inc(LockEvent.RLOCK_STEAL);
        }

        @Override
        public boolean optimisticSpin(final Waiter acquisition)
        {
            final RwsemWaiter waiter = (RwsemWaiter)acquisition;
            if (waiter.biased)
            {
                throw new IllegalStateException("a reader spins only after giving its bias back: " + waiter);
            }
            if (!queueLetsSpin(0))
            {
                return false;
            }
            waiter.spun = true;
            final boolean taken = rwsemOptimisticSpin(waiter.isReader(), waiter.mode);
            if (taken && waiter.isReader())
            {
                waiter.stole = true;
            }
            return taken;
        }

        @Override
        public void wakeReadersReadOwned()
        {
            if ((word.getVolatile() & WAITERS) != 0 && !noReaderToWake())
            {
                waitLock().lock();
                markWakeAndUnlock(WAKE_READ_OWNED);
            }
        }

        @Override
        public OwnerState spinOnOwner(final Waiter acquisition)
        {
            final RwsemWaiter writer = (RwsemWaiter)acquisition;
            writer.spun = true;
            writer.spunSinceSleep = true;
            final long deadline = clock().nanoTime() + VirtualLocker.spinBudget(choices.tunables().spinBudgetNanos());
            return rwsemSpinOnOwner(deadline, OwnerSpinExit.NEVER);
        }

        @Override
        public boolean mayRetryWithoutSleeping(final Waiter waiter)
        {
            return ((RwsemWaiter)waiter).immediateRetries++ < choices.tunables().nullOwnerRetries();
        }

        @Override
        public void wake()
        {
            if (nothingToWake())
            {
                return;
            }
            waitLock().lock();
            markWakeAndUnlock(WAKE_ANY);
        }

        @Override
        public boolean tryWake()
        {
            if (nothingToWake())
            {
                return true;
            }
            if (!waitLock().tryLock())
            {
                return false;
            }
            markWakeAndUnlock(WAKE_ANY);
            return true;
        }
    }

    // ------------------------------------------------------------------------------------------------------------
    // Diagnostics
    // ------------------------------------------------------------------------------------------------------------

    private IllegalMonitorStateException notReentrant(final String what)
    {
        return new IllegalMonitorStateException(
            Thread.currentThread().getName() + " holds the write lock and asked for the " + what +
            " lock: rwsem locks are not reentrant; use downgrade() to turn the write lock into a read lock");
    }

    /**
     * A consistent look at the lock for diagnostics. The count is read first, then the contended state: a count with
     * WAITERS therefore always comes with the queue that set it. A lock never contended has no queue and no spinners.
     */
    RwsemState state()
    {
        final long count = word.getVolatile();
        final Contended c = contendedOrNull();
        if (c == null)
        {
            return new RwsemState(variant, count, describeOwner(lvOwner()), java.util.List.of(), false, null,
                biasedReaders());
        }
        final java.util.List<String> waiters;
        c.waitLock.lock();
        try
        {
            waiters = c.queue.describe();
        }
        finally
        {
            c.waitLock.unlock();
        }
        final Object o = lvOwner();
        return new RwsemState(variant, word.getVolatile(), describeOwner(o), waiters, c.osq.isLocked(),
            c.osq.describeTail(), biasedReaders());
    }

    private static String describeOwner(final Object o)
    {
        if (o == null)
        {
            return "NULL";
        }
        if (o == READER_OWNED || o == READER_OWNED_NONSPINNABLE)
        {
            return o.toString();
        }
        return ((Thread)o).getName() + "(" + ((Thread)o).getState() + ")";
    }

    boolean isWriteLockedByCurrentThread()
    {
        return ownedByCurrentThread();
    }

    int queueLengthRacy()
    {
        final Contended c = contendedOrNull();
        return c != null ? c.queue.sizeRacy() : 0;
    }

    @Override
    public String toString()
    {
        final long count = word.getVolatile();
        final Contended c = contendedOrNull();
        return "Rwsem[" + (name != null ? name + ", " : "") + "variant=" + variant + ", " +
            LockWordBits.describe(count) + ", owner=" + describeOwner(lvOwner()) + ", queued=" +
            (c != null ? c.queue.sizeRacy() : 0) + (c != null && c.osq.isLocked() ? ", spinners" : "") + "]";
    }
}
