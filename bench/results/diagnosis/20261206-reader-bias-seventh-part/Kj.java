import java.util.concurrent.locks.*;
import org.rwsem4j.Rwsem;
/**
 * A biased read and unlock of an armed lock of the spec given (argument 1), interleaved in one JVM with a count read
 * and unlock of a recommended lock: 14 rounds of 5,000,000 each, the last 10 printed, ns per read and unlock.
 * Run by kj-run.sh; see README.md.
 */
public class Kj {
    static long loop(Lock read, int ops) { for (int i = 0; i < ops; i++) { read.lock(); read.unlock(); } return ops; }
    public static void main(String[] a) throws Exception {
        Rwsem rb = Rwsem.builder().variant(a[0]).build();
        Rwsem rec = Rwsem.builder().variant("recommended").build();
        for (int k = 0; k < 1000 && !rb.state().readBiased(); k++) { rb.readLock().lock(); rb.readLock().lock(); rb.readLock().unlock(); rb.readLock().unlock(); }
        StringBuilder s1 = new StringBuilder(), s2 = new StringBuilder();
        for (int r = 0; r < 14; r++) {
            long t0 = System.nanoTime(); loop(rb.readLock(), 5_000_000); long t1 = System.nanoTime(); loop(rec.readLock(), 5_000_000); long t2 = System.nanoTime();
            if (r >= 4) { s1.append(String.format(" %.1f", (t1 - t0) / 5e6)); s2.append(String.format(" %.1f", (t2 - t1) / 5e6)); }
        }
        System.out.println("RB" + s1 + " | rec" + s2 + " biased=" + rb.state().readBiased());
    }
}
