"""Per jar: RB's revocations per 1,000 ops, mean wait per revocation (ns) and arms per 1,000 ops, medians over rounds."""
import collections, glob, json, statistics as st, sys
d = collections.defaultdict(lambda: collections.defaultdict(list))
for f in sorted(glob.glob(sys.argv[1] + '/*.json')):
    n = f.split('/')[-1].rsplit('-', 1)[0]
    for b in json.load(open(f)):
        if "reader-bias" not in b["params"]["impl"]:
            continue
        sm = b["secondaryMetrics"]
        for k in ("revokesPerKop", "revokeWaitNs", "armsPerKop", "opsPerMs"):
            if k in sm:
                d[n][k].append(st.mean(sm[k]["rawData"][0]))
for n in sorted(d):
    print(n, {k: round(st.median(v), 3) for k, v in d[n].items()})
