#!/usr/bin/env bash
# Compresses the raw JMH JSON of committed run folders in place: RUN/jmh.json -> RUN/jmh.json.gz (what new runs
# write; 'report --from' reads either). A folder with a metadata.json is checked first: its report must rebuild byte
# for byte from the compressed file with this build's jar, or the plain file is kept and the folder is listed.
# FORCE=1 compresses those too (their reports then rebuild only with a jar that reads jmh.json.gz).
# Usage (from the project root, after 'mvn -B -ntp -o -q package -DskipTests -pl bench -am'):
#   bench/compress-runs.sh [RUN_DIR...]        (default: every bench/results/runs/*/ holding a jmh.json)
# Then review and commit: git add -A bench/results/runs
set -euo pipefail
jar=bench/target/rwsem4j-bench.jar
[ -f "$jar" ] || { echo "build the bench jar first ($jar)" >&2; exit 2; }
[ $# -gt 0 ] || set -- bench/results/runs/*/
for run in "$@"; do
    run=${run%/}
    [ -f "$run/jmh.json" ] || continue
    [ ! -e "$run/jmh.json.gz" ] || { echo "$run: jmh.json.gz exists already, skipped" >&2; continue; }
    gzip -9 -n -k "$run/jmh.json"
    if [ -f "$run/metadata.json" ] && [ -f "$run/report.md" ]; then
        # the gz is preferred when both exist, so this rebuilds from the compressed file
        if [ "${FORCE:-0}" != 1 ] && ! java -jar "$jar" report --from "$run" 2>/dev/null | cmp -s - "$run/report.md"
        then
            rm "$run/jmh.json.gz"
            echo "$run: report does not rebuild with this jar; kept jmh.json" >&2
            continue
        fi
    fi
    rm "$run/jmh.json"
    echo "$run: $(stat -c %s "$run/jmh.json.gz") bytes gzipped"
done
