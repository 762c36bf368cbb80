package org.rwsem4j.torture;

/**
 * Locks the runner must report as FAILURE every time; if it does not, the runner is broken. They are reachable only
 * through {@link TortureRunner.Builder#control} and the CLI ({@code --variant busted}, {@code --variant
 * unsafe-wake-2016}, ...): never through {@code Rwsem.of}, and never registered with {@link java.util.ServiceLoader}.
 */
public enum NegativeControl
{
    /**
     * locktorture's {@code lock_busted}: a {@link java.util.concurrent.locks.ReadWriteLock} whose lock and unlock do
     * nothing.
     */
    BUSTED("busted"),

    /**
     * The 2016 single-pass reader wake (kernel 70800c3c0cc5, fixed by a9e9bcb45b15): each head reader's grant is
     * published before the count includes it, with a test-only delay between publish and add so that the window is
     * wide open. Installed with {@code Rwsem.builder().patch(...)} on top of the run's variant (base by default; a
     * variant with {@code wake-once} is rejected, since both own {@code READER_COLLECT}).
     */
    UNSAFE_WAKE_2016(UnsafeWake2016.NAME),

    /**
     * A control for the liveness watchdog: every unlock skips its wakeup, so waiters sleep on a free lock and the
     * watchdog must report a LOST WAKEUP. Installed on top of the run's variant (base by default; a variant with
     * {@code wake-skip} is rejected, since both own {@code UNLOCK_WAKE}). Unlike the two controls above it is not
     * caught in every run: while the run lasts, arriving lockers run the conditional wake and keep the lock moving, so
     * the watchdog sees it only when waiters are left stranded as the workers stop, in about nine runs out of ten
     * (its test runs it until it is caught, at most five times).
     */
    LOST_WAKEUP(SkipAllWakeups.NAME),

    /**
     * Reader bias whose revoking writer does not wait for the table of visible readers ({@link BlindRevocation}): a
     * writer enters beside biased readers, which the exclusion oracle must see. Installed on {@code reader-bias}
     * (the run's variant is that one; it needs the module rwsem-reader-bias).
     */
    BLIND_REVOCATION(BlindRevocation.NAME);

    /**
     * The interrupt rate (per second) the CLI uses for {@link #UNSAFE_WAKE_2016} unless told otherwise. The unsafe
     * window opens only for a reader that is awake while its grant is published and not yet counted; an interrupted
     * waiter wakes and checks its grant first, so frequent interrupts make the failure certain within a second or two.
     */
    public static final double UNSAFE_WAKE_INTERRUPT_RATE = 5000;

    /**
     * The acquire modes the CLI uses for {@link #LOST_WAKEUP} unless told otherwise: only {@code lock()}, since a
     * waiter that times out or is interrupted runs the wake for the next one on its way out and can rescue the
     * stranded waiters, which would hide the lost wakeup the control is there to show.
     */
    public static final java.util.Set<AcquireMode> LOST_WAKEUP_MODES =
        java.util.Collections.unmodifiableSet(java.util.EnumSet.of(AcquireMode.LOCK));

    private final String cliName;

    NegativeControl(final String cliName)
    {
        this.cliName = cliName;
    }

    /**
     * {@return the name used by the CLI's {@code --variant}}
     */
    public String cliName()
    {
        return cliName;
    }

    /** {@return the variant a control's run is built on} */
    public String spec()
    {
        return this == BLIND_REVOCATION ? "reader-bias" : "base";
    }

    /** {@return every control's CLI name, for messages and listings} */
    public static String cliNames()
    {
        final java.util.StringJoiner names = new java.util.StringJoiner(", ");
        for (final NegativeControl c : values())
        {
            names.add(c.cliName);
        }
        return names.toString();
    }

    /**
     * Looks a control up by its CLI name.
     *
     * @param name a CLI name
     * @return the control, or null if the name is not a control
     */
    public static NegativeControl byCliName(final String name)
    {
        for (final NegativeControl c : values())
        {
            if (c.cliName.equals(name))
            {
                return c;
            }
        }
        return null;
    }
}
