#!/bin/bash
# usage: rounds.sh OUT ROUNDS RATIOS SETS...   (set = name:flags)
OUT=$1; R=$2; RATIOS=$3; shift 3
J=/tmp/P/bench/target/rwsem4j-bench.jar
RB=reader-owned+spin-on-readers+reader-spin+reader-steal+wake-once+handoff+handoff-spin+handoff-on-readers+reader-bias
mkdir -p $OUT
for r in $(seq 1 $R); do for ratio in ${RATIOS//,/ }; do
  java -jar $J jmh ReadScalingBenchmark -f 1 -p threads=2 -p ratio=$ratio -p prewarmMillis=1500 -p millis=120 -p impl=recommended -rf json -rff $OUT/rec-$ratio-$r.json >/dev/null 2>&1
  for set in "$@"; do name=${set%%:*}; flags=${set#*:}
    java -jar $J jmh ReadScalingBenchmark -f 1 -p threads=2 -p ratio=$ratio -p prewarmMillis=1500 -p millis=120 -p impl=$RB -jvmArgsAppend "--add-opens java.base/jdk.internal.misc=ALL-UNNAMED $flags" -rf json -rff $OUT/$name-$ratio-$r.json >/dev/null 2>&1
  done
done; done
