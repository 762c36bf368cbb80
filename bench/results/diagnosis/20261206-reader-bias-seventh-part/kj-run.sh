#!/bin/bash
# Kj over N JVMs (argument 1, default 4) with the working tree's engine and table classes ahead of the bench jar;
# /tmp/ki holds Kj.class (javac -cp bench/target/rwsem4j-bench.jar -d /tmp/ki Kj.java).
cd "$(git rev-parse --show-toplevel)" && mvn -q -o compile -pl rwsem-xadd,rwsem-reader-bias 2>&1 | tail -5
CP=rwsem-xadd/target/classes:rwsem-reader-bias/target/classes:bench/target/rwsem4j-bench.jar:/tmp/ki
RB=reader-owned+spin-on-readers+reader-spin+reader-steal+wake-once+handoff+handoff-spin+handoff-on-readers+reader-bias
for j in $(seq ${1:-4}); do java --add-opens java.base/jdk.internal.misc=ALL-UNNAMED -cp $CP Kj $RB; done | tee /tmp/ki/last.txt | python3 -c '
import sys,statistics as s
rb=[];rc=[]
for l in sys.stdin:
    a,b=l.split("|"); rb+= [float(x) for x in a.split()[1:]]; rc+=[float(x) for x in b.split()[1:-1]]
    print(l.strip())
print("RB median %.2f min %.2f p25 %.2f | rec median %.2f min %.2f" % (s.median(rb), min(rb), sorted(rb)[len(rb)//4], s.median(rc), min(rc)))'
