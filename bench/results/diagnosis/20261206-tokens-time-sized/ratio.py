"""Bonferroni intervals over the cells. Ratio of medians (impl / peer) per cell from a JMH JSON of LockTestBenchmark, with a bootstrap 95% interval over
forks (each fork's figure: the median of its iterations' timedMs)."""
import json, sys, random, statistics as st
d = json.load(open(sys.argv[1]))
metric = sys.argv[2] if len(sys.argv) > 2 else 'timedMs'
peer = sys.argv[3] if len(sys.argv) > 3 else 'rrwl'
cells = {}
for r in d:
    p = r['params']
    key = tuple((k, v) for k, v in sorted(p.items()) if k != 'impl')
    raw = r['secondaryMetrics'][metric]['rawData'] if metric != 'primary' else r['primaryMetric']['rawData']
    forks = [st.median(f) for f in raw]
    cells.setdefault(key, {})[p['impl']] = forks
random.seed(1)
ncells = sum(1 for by in cells.values() if peer in by)
alpha = 0.05 / max(ncells, 1)
for key, by in sorted(cells.items()):
    if peer not in by: continue
    b = by[peer]
    for impl, a in by.items():
        if impl == peer: continue
        ratio = st.median(a) / st.median(b)
        boots = sorted(st.median(random.choices(a, k=len(a))) / st.median(random.choices(b, k=len(b))) for _ in range(4000))
        lo, hi = boots[int(alpha / 2 * len(boots))], boots[min(len(boots) - 1, int((1 - alpha / 2) * len(boots)))]
        kd = dict(key)
        print(f"{kd.get('threads')}t {kd.get('ratio')} load {kd.get('load')} {kd.get('unit')}: {impl} {st.median(a):.2f} / {peer} {st.median(b):.2f} = {ratio:.2f}x [{lo:.2f}, {hi:.2f}]  forks {len(a)}/{len(b)}")
