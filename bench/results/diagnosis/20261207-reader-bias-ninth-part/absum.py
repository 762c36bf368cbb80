"""Summarises an abrun.sh folder: per jar, lock and ratio, the forks' opsPerMs (one fork per round, rounds in order),
the RB/recommended ratio within each round (the two run one after the other in one JMH invocation), and RB's arms per
1,000 operations."""
import collections
import glob
import json
import statistics as st
import sys

d = collections.defaultdict(list)
arms = collections.defaultdict(list)
out = sys.argv[1]
for f in sorted(glob.glob(out + '/*.json')):
    n = f.split('/')[-1].rsplit('-', 1)[0]
    r = int(f.rsplit('-', 1)[1].split('.')[0])
    for b in json.load(open(f)):
        p = b["params"]
        impl = "RB" if "reader-bias" in p["impl"] else "rec"
        sm = b["secondaryMetrics"]
        d[(n, impl, p["ratio"])].append((r, st.mean(sm["opsPerMs"]["rawData"][0])))
        if impl == "RB":
            arms[(n, p["ratio"])].append(st.mean(sm["armsPerKop"]["rawData"][0]))
for k in sorted(d):
    vs = [v for r, v in sorted(d[k])]
    print(k, "median %.0f min %.0f" % (st.median(vs), min(vs)), [round(v / 1000) for v in vs])
for n, ratio in sorted(arms):
    rb = dict(d[(n, "RB", ratio)])
    rc = dict(d[(n, "rec", ratio)])
    rs = [rb[r] / rc[r] for r in rb if r in rc]
    print(n, ratio, "RB/rec per round median %.2f" % st.median(rs), [round(x, 2) for x in rs],
          "RB arms/kop median %.2f" % st.median(arms[(n, ratio)]))
