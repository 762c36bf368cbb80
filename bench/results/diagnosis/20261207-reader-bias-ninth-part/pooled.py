"""For an abrun.sh folder whose jars all run `recommended` unchanged: each jar's RB fork over the median of the round's
`recommended` forks (one per jar), a steadier reference than the one fork beside it."""
import collections
import glob
import json
import statistics as st
import sys

d = collections.defaultdict(dict)
for f in glob.glob(sys.argv[1] + '/*.json'):
    n = f.split('/')[-1].rsplit('-', 1)[0]
    r = int(f.rsplit('-', 1)[1].split('.')[0])
    for b in json.load(open(f)):
        impl = "RB" if "reader-bias" in b["params"]["impl"] else "rec"
        d[(n, impl)][r] = st.mean(b["secondaryMetrics"]["opsPerMs"]["rawData"][0])
jars = sorted({n for n, _ in d})
rounds = sorted(d[(jars[0], "rec")])
for n in jars:
    rs = sorted(d[(n, "RB")][r] / st.median(d[(m, "rec")][r] for m in jars) for r in rounds)
    q = len(rs) // 4
    print(n, "RB over the median of the round's recommended forks: median %.2f, quartiles %.2f-%.2f"
          % (st.median(rs), rs[q - 1], rs[-q]))
