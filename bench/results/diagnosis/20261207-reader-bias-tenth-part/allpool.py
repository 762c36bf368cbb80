"""Pools every round of several abrun.sh folders (same ratio): each jar's RB fork over the median of its round's
recommended forks; prints the median, quartiles, and the count of rounds, per jar."""
import collections, glob, json, statistics as st, sys
ratios = collections.defaultdict(list)
for d in sys.argv[1:]:
    rec = collections.defaultdict(dict); rb = collections.defaultdict(dict)
    for f in glob.glob(d + '/*.json'):
        n = f.split('/')[-1].rsplit('-', 1)[0]; r = int(f.rsplit('-', 1)[1].split('.')[0])
        for b in json.load(open(f)):
            v = st.mean(b["secondaryMetrics"]["opsPerMs"]["rawData"][0])
            (rb if "reader-bias" in b["params"]["impl"] else rec)[n][r] = v
    for n in rb:
        for r in rb[n]:
            ratios[n].append(rb[n][r] / st.median(rec[m][r] for m in rec if r in rec[m]))
for n, rs in sorted(ratios.items()):
    rs.sort(); q = len(rs) // 4
    print("%-6s rounds %2d  median %.2f  quartiles %.2f-%.2f  below 0.6: %d" % (n, len(rs), st.median(rs), rs[q], rs[-q - 1], sum(x < 0.6 for x in rs)))
