public class Smt {
    static volatile long sink;
    static long work(long n, long seed) {
        long x = seed | 1, acc = 0;
        for (long i = 0; i < n; i++) { x ^= x << 13; x ^= x >>> 7; x ^= x << 17; acc += x * 0x9E3779B97F4A7C15L; }
        return acc;
    }
    static long[] arr = new long[1 << 12];
    static long loads(long n, long seed) { // independent loads + adds: port-bound, not latency-bound
        long a = 0, b = 0, c = 0, d = 0;
        for (long i = 0; i < n; i++) { int k = (int) (i & 4095); a += arr[k]; b ^= arr[k ^ 1] + i; c += b >>> 3; d ^= a + c; }
        return a + b + c + d;
    }
    public static void main(String[] a) throws Exception {
        long n = 400_000_000L;
        for (int w = 0; w < 3; w++) { sink = work(n / 4, w); sink = loads(n / 4, w); }
        for (String kind : new String[]{"alu", "ports"}) for (int threads : new int[]{1, 2, 1, 2}) {
            Thread[] ts = new Thread[threads];
            long t0 = System.nanoTime();
            for (int t = 0; t < threads; t++) { final int s = t; ts[t] = new Thread(() -> sink = kind.equals("alu") ? work(n, s + 7) : loads(n, s + 7)); ts[t].start(); }
            for (Thread t : ts) t.join();
            double ms = (System.nanoTime() - t0) / 1e6;
            System.out.printf("%s threads=%d  %.0f ms  per-thread rate vs 1t: see ratio%n", kind, threads, ms);
        }
    }
}
