import java.lang.reflect.*;
import java.util.concurrent.*;
import java.util.concurrent.locks.*;
import org.rwsem4j.Rwsem;

/**
 * Is the slow mode of a biased read a property of the thread? Four threads of their own executors take turns, each
 * alone, reading one armed lock; prints ns per read+unlock per thread per round and where each thread's entry and
 * the word landed (address modulo 4096). Arguments: spec [rounds].
 */
public class Kp {
    static final int OPS = 5_000_000;
    static final sun.misc.Unsafe U;
    static { try { Field f = sun.misc.Unsafe.class.getDeclaredField("theUnsafe"); f.setAccessible(true); U = (sun.misc.Unsafe)f.get(null); } catch (Exception e) { throw new Error(e); } }
    static long addressOf(Object o) { Object[] h = { o }; return (U.getInt(h, (long)U.arrayBaseOffset(Object[].class)) & 0xFFFFFFFFL) << 3; }
    static Object field(Object o, String name) throws Exception {
        for (Class<?> c = o.getClass(); c != null; c = c.getSuperclass()) {
            try { Field f = c.getDeclaredField(name); f.setAccessible(true); return f.get(o); } catch (NoSuchFieldException e) { }
        }
        throw new NoSuchFieldException(name);
    }
    static void loop(Lock read) { for (int i = 0; i < OPS; i++) { read.lock(); read.unlock(); } }

    public static void main(String[] a) throws Exception {
        String spec = a[0]; int rounds = a.length > 1 ? Integer.parseInt(a[1]) : 6;
        Rwsem lock = Rwsem.builder().variant(spec).build();
        int n = 4;
        ExecutorService[] ex = new ExecutorService[n];
        long[] tids = new long[n];
        for (int t = 0; t < n; t++) { ex[t] = Executors.newSingleThreadExecutor(); final int tt = t; ex[t].submit(() -> { tids[tt] = Thread.currentThread().getId(); }).get(); }
        StringBuilder[] res = new StringBuilder[n];
        for (int t = 0; t < n; t++) res[t] = new StringBuilder();
        for (int r = 0; r < rounds; r++) {
            for (int t = 0; t < n; t++) {
                for (int k = 0; k < 1000 && !lock.state().readBiased(); k++) { lock.readLock().lock(); lock.readLock().lock(); lock.readLock().unlock(); lock.readLock().unlock(); }
                double ns = ex[t].submit(() -> { long t0 = System.nanoTime(); loop(lock.readLock()); return (System.nanoTime() - t0) / (double)OPS; }).get();
                if (r >= 2) res[t].append(String.format(" %.1f", ns));
            }
        }
        Object engine = field(lock, "engine");
        Method tagM = null;
        for (Class<?> c = engine.getClass(); c != null; c = c.getSuperclass()) { try { tagM = c.getDeclaredMethod("biasTag"); break; } catch (NoSuchMethodException e) { } }
        tagM.setAccessible(true);
        long tag = (long)tagM.invoke(engine);
        Class<?> vr = Class.forName("org.rwsem4j.readerbias.VisibleReaders");
        Field inst = vr.getDeclaredField("INSTANCE"); inst.setAccessible(true);
        Object table = inst.get(null);
        Method lf = vr.getDeclaredMethod("lockField", long.class, long.class); lf.setAccessible(true);
        long base = addressOf(field(table, "table")) + U.arrayBaseOffset(long[].class);
        long wordAddr = -1;
        try { wordAddr = (long)field(field(engine, "word"), "address"); } catch (Exception e) { }
        System.out.printf("word%%4096=%d table%%4096=%d%n", wordAddr % 4096, base % 4096);
        for (int t = 0; t < n; t++) {
            int i = (int)lf.invoke(table, tids[t], tag);
            System.out.printf("  thread %d entry%%4096=%4d:%s%n", tids[t], (base + 8L * i) % 4096, res[t]);
            ex[t].shutdown();
        }
    }
}
