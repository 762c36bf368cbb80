#!/bin/bash
# usage: abrun.sh OUT ROUNDS RATIO JAR1 JAR2 ...
out=$1; rounds=$2; ratio=$3; shift 3
RB=reader-owned+spin-on-readers+reader-spin+reader-steal+wake-once+handoff+handoff-spin+handoff-on-readers+reader-bias
mkdir -p $out
for r in $(seq 1 $rounds); do
  for jar in "$@"; do
    n=$(basename $jar .jar)
    java -jar $jar jmh ReadScalingBenchmark -f 1 -wi 3 -i 3 -p millis=120 -p prewarmMillis=1500 -p threads=2 -p ratio=$ratio -p impl=recommended,$RB -rf json -rff $out/$n-$r.json > $out/$n-$r.log 2>&1
  done
done
