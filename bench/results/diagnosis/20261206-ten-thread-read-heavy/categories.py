"""Splits an async-profiler text output (summary-cpu.txt) into categories by the frames on each stack.

Usage: python3 categories.py summary-cpu.txt 'Pause.spin' 'SpinPause' 'ReadLock.unlock' ...
A stack goes to the first category one of whose '|'-separated patterns occurs in any of its frames; the rest is
'other'. Prints the samples and the share of each category.
"""
import re
import sys

path, cats = sys.argv[1], sys.argv[2:]
blocks, cur = [], None
for line in open(path):
    m = re.match(r'--- (\d+) ns \(([\d.]+)%\), (\d+) samples', line)
    if m:
        cur = [int(m.group(3)), []]
        blocks.append(cur)
        continue
    m = re.match(r'\s+\[\s*\d+\] (.*)', line)
    if m and cur is not None:
        cur[1].append(m.group(1))
    elif line.startswith('          ns  percent'):
        break
total = sum(b[0] for b in blocks)
counts = {c: 0 for c in cats}
counts['other'] = 0
for n, frames in blocks:
    for c in cats:
        if any(p in f for p in c.split('|') for f in frames):
            counts[c] += n
            break
    else:
        counts['other'] += n
print('total', total)
for c, v in counts.items():
    print(f'{v:7d} {100 * v / total:5.1f}%  {c}')
