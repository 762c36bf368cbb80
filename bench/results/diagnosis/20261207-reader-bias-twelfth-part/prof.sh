#!/bin/bash
# prof.sh OUT : RB at 100:1, 2 threads, base and never-armed, and recommended; one fork each, 3 s pre-warm;
# async-profiler as an agent (cpu, 1 ms), collapsed stacks written at the fork's exit
OUT=$1; mkdir -p $OUT
J=/tmp/P/bench/target/rwsem4j-bench.jar
RB=reader-owned+spin-on-readers+reader-spin+reader-steal+wake-once+handoff+handoff-spin+handoff-on-readers+reader-bias
for set in base noarm rec; do
  case $set in base) F=""; I=$RB;; noarm) F="-Dprobe.noarm=true"; I=$RB;; rec) F=""; I=recommended;; esac
  java -jar $J jmh ReadScalingBenchmark -f 1 -wi 3 -i 10 -p threads=2 -p ratio=100:1 -p prewarmMillis=3000 -p millis=200 -p impl=$I \
    -jvmArgsAppend "--add-opens java.base/jdk.internal.misc=ALL-UNNAMED $F -agentpath:/tmp/ap/linux-x64/libasyncProfiler.so=start,event=cpu,interval=1ms,file=$OUT/$set.collapsed,collapsed" \
    -rf json -rff $OUT/$set.json > $OUT/$set.log 2>&1
done
