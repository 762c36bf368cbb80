/**
 * rwsem4j's engine and user API. {@code org.rwsem4j} is what an application uses ({@code Rwsem},
 * {@code RwsemBuilder}); {@code org.rwsem4j.spi} is what a patch module implements, found by
 * {@link java.util.ServiceLoader} as an {@code org.rwsem4j.spi.Patch} provider; {@code org.rwsem4j.slot} is where lock
 * words live, and {@code org.rwsem4j.stats} the stats file that {@code rwsem-stat} reads.
 *
 * <p>The off-heap lock word uses Agrona 2.x, an automatic module here, which needs
 * {@code --add-opens java.base/jdk.internal.misc=org.agrona} on the module path.
 */
module org.rwsem4j
{
    requires org.rwsem4j.osq;
    requires org.agrona;
    requires jdk.jfr;

    exports org.rwsem4j;
    exports org.rwsem4j.spi;
    exports org.rwsem4j.slot;
    exports org.rwsem4j.stats;

    uses org.rwsem4j.spi.Patch;
}
