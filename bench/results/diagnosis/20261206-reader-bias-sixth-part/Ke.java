import java.util.concurrent.*;
import java.util.concurrent.locks.*;
import org.rwsem4j.Rwsem;

/**
 * What a biased read costs by itself and beside a second core's: T threads of a pool read one lock armed beforehand
 * (two reads held at once by one thread arm it), empty sections, OPS reads per thread per run. Arguments: a variant
 * spec, threads, and "heap" for the on-heap word.
 */
public class Ke {
    static final int OPS = 5_000_000;

    static long loop(Lock read, int ops) {
        for (int i = 0; i < ops; i++) { read.lock(); read.unlock(); }
        return ops;
    }

    public static void main(String[] a) throws Exception {
        String spec = a[0]; int threads = Integer.parseInt(a[1]);
        boolean heap = a.length > 2 && a[2].equals("heap");
        Rwsem lock = heap ? Rwsem.builder().variant(spec).onHeap().build() : Rwsem.builder().variant(spec).build();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        for (int r = 0; r < 12; r++) {
            for (int k = 0; k < 1000 && !lock.state().readBiased(); k++) {
                lock.readLock().lock(); lock.readLock().lock(); lock.readLock().unlock(); lock.readLock().unlock();
            }
            CyclicBarrier go = new CyclicBarrier(threads);
            Future<Double>[] f = new Future[threads];
            for (int t = 0; t < threads; t++) {
                f[t] = pool.submit(() -> { go.await(); long t0 = System.nanoTime(); loop(lock.readLock(), OPS); return (System.nanoTime() - t0) / (double)OPS; }); }
            StringBuilder sb = new StringBuilder();
            for (Future<Double> q : f) sb.append(String.format(" %.2f", q.get()));
            if (r >= 4) System.out.printf("%s%s threads %d run %d: ns per read per thread:%s biased=%s%n",
                spec.length() > 20 ? "RB" : spec, heap ? "@heap" : "", threads, r, sb, lock.state().readBiased());
        }
        pool.shutdown();
    }
}
