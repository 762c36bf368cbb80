"""Leaf frames of the measured part of FirstWriteBenchmark.readThenWrite (stacks through the invocation's setup,
armLocks, left out) in an async-profiler collapsed profile. Usage: python3 profile_summary.py FILE.collapsed.gz"""
import gzip, sys
from collections import Counter
leaf, path, total = Counter(), Counter(), 0
for line in gzip.open(sys.argv[1], 'rt'):
    stack, n = line.rstrip().rsplit(' ', 1)
    n = int(n)
    if 'readThenWrite' not in stack or 'armLocks' in stack:
        continue
    frames = stack.split(';')
    i = max(k for k, f in enumerate(frames) if 'readThenWrite' in f)
    total += n
    leaf[frames[-1]] += n
    path[';'.join(f.split('/')[-1] for f in frames[i + 1:i + 4])] += n
print('samples in the measured part:', total)
for k, v in leaf.most_common(12):
    print('  %5.1f%%  %s' % (100 * v / total, k))
print('by call path (three frames below readThenWrite):')
for k, v in path.most_common(6):
    print('  %5.1f%%  %s' % (100 * v / total, k or '(readThenWrite itself)'))
