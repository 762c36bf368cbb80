import java.lang.reflect.*;
import java.util.concurrent.*;
import java.util.concurrent.locks.*;
import org.rwsem4j.Rwsem;

/**
 * Ke's 2-thread biased read, with where things landed: each thread's entry of the table (index, and its address
 * modulo 128), the table's start, the off-heap word's address. One JVM, one line of output. Argument: a variant spec.
 */
public class Kf {
    static final int OPS = 5_000_000;
    static final sun.misc.Unsafe U;
    static { try { Field f = sun.misc.Unsafe.class.getDeclaredField("theUnsafe"); f.setAccessible(true); U = (sun.misc.Unsafe)f.get(null); } catch (Exception e) { throw new Error(e); } }

    static long addressOf(Object o) {
        Object[] h = { o };
        return (U.getInt(h, (long)U.arrayBaseOffset(Object[].class)) & 0xFFFFFFFFL) << 3;
    }

    static long loop(Lock read, int ops) {
        for (int i = 0; i < ops; i++) { read.lock(); read.unlock(); }
        return ops;
    }

    static Object field(Object o, String name) throws Exception {
        for (Class<?> c = o.getClass(); c != null; c = c.getSuperclass()) {
            try { Field f = c.getDeclaredField(name); f.setAccessible(true); return f.get(o); } catch (NoSuchFieldException e) { }
        }
        throw new NoSuchFieldException(name);
    }

    public static void main(String[] a) throws Exception {
        String spec = a[0];
        Rwsem lock = Rwsem.builder().variant(spec).build();
        ExecutorService pool = Executors.newFixedThreadPool(2);
        long[] tids = new long[2];
        for (int t = 0; t < 2; t++) { final int tt = t; pool.submit(() -> { tids[tt] = Thread.currentThread().getId(); return null; }).get(); }
        double[] best = new double[2];
        java.util.List<String> runs = new java.util.ArrayList<>();
        for (int r = 0; r < 10; r++) {
            for (int k = 0; k < 1000 && !lock.state().readBiased(); k++) {
                lock.readLock().lock(); lock.readLock().lock(); lock.readLock().unlock(); lock.readLock().unlock();
            }
            CyclicBarrier go = new CyclicBarrier(2);
            Future<Double>[] f = new Future[2];
            for (int t = 0; t < 2; t++) {
                f[t] = pool.submit(() -> { go.await(); long t0 = System.nanoTime(); loop(lock.readLock(), OPS); return (System.nanoTime() - t0) / (double)OPS; }); }
            double x = f[0].get(), y = f[1].get();
            if (r >= 4) runs.add(String.format("%.1f/%.1f", x, y));
        }
        pool.shutdown();
        Object engine = field(lock, "engine");
        Method tagM = null;
        for (Class<?> c = engine.getClass(); c != null; c = c.getSuperclass()) {
            try { tagM = c.getDeclaredMethod("biasTag"); break; } catch (NoSuchMethodException e) { }
        }
        tagM.setAccessible(true);
        long tag = (long)tagM.invoke(engine);
        Class<?> vr = Class.forName("org.rwsem4j.readerbias.VisibleReaders");
        Field inst = vr.getDeclaredField("INSTANCE"); inst.setAccessible(true);
        Object table = inst.get(null);
        Method lf = vr.getDeclaredMethod("lockField", long.class, long.class); lf.setAccessible(true);
        long[] arr = (long[])field(table, "table");
        long base = addressOf(arr) + U.arrayBaseOffset(long[].class);
        Object word = field(engine, "word");
        long wordAddr = -1;
        try { wordAddr = (long)field(word, "address"); } catch (Exception e) { }
        StringBuilder sb = new StringBuilder();
        for (int t = 0; t < 2; t++) {
            int i = (int)lf.invoke(table, tids[t], tag);
            long addr = base + 8L * i;
            sb.append(String.format(" thread %d: entry %d, addr%%128=%d;", tids[t], i / 16, addr % 128));
        }
        System.out.printf("runs %s |%s table data%%128=%d, word%%128=%d%n", runs, sb, base % 128, wordAddr % 128);
    }
}
