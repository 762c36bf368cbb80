// The scratch make-and-drop loop behind the bench README's "What the per-lock reference cost" list (issue 13,
// fourth session). Not part of the build. Run it against a bench jar:
//   javac -cp bench/target/rwsem4j-bench.jar Churn.java
//   java --add-opens java.base/jdk.internal.misc=ALL-UNNAMED -Xms2g -Xmx2g \
//     -cp bench/target/rwsem4j-bench.jar:. Churn 30 base
// It prints, per batch of 1M locks, ns per lock, the arena's reserved MB, its sweeps and the GC count.
import org.rwsem4j.Rwsem;
import java.lang.reflect.*;
import java.lang.management.*;
public class Churn {
    static Object sink;
    public static void main(String[] a) throws Exception {
        Rwsem.of("base");
        Class<?> c = Class.forName("org.rwsem4j.OffHeapSlotArena");
        Field f = c.getDeclaredField("INSTANCE"); f.setAccessible(true); Object arena = f.get(null);
        Method res = c.getDeclaredMethod("reservedBytes"); res.setAccessible(true);
        Method sw = c.getDeclaredMethod("sweeps"); sw.setAccessible(true);
        long end = System.nanoTime() + Long.parseLong(a[0]) * 1_000_000_000L;
        long t0 = System.nanoTime();
        while (System.nanoTime() < end) {
            for (int i = 0; i < 1_000_000; i++) sink = Rwsem.of(a[1]);
            long t = System.nanoTime();
            long gcs = 0; for (GarbageCollectorMXBean g : ManagementFactory.getGarbageCollectorMXBeans()) gcs += g.getCollectionCount();
            System.out.printf("%.0f ns/op reserved %d MB sweeps %s gcs %d%n", (t - t0) / 1e6, ((Long)res.invoke(arena)) >> 20, sw.invoke(arena), gcs); t0 = t;
        }
    }
}
