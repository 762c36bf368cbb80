#!/usr/bin/env bash
# A/B of two builds of this repository: builds the shaded bench jar at two git revisions and measures them with
# `ab`, which alternates forks of the two jars in one run (see "A/B of two builds" in bench/README.md).
#
# usage: bench/ab.sh <rev A> <rev B> [ab options]
#   rev A, rev B  any git revision of this repository (commit, tag, branch, HEAD~1); A is the reference
#   ab options    passed on, e.g. --impl recommended,rrwl --ratio 1:1 --forks 5 --param ops=200000 --dry-run
#
# Each revision is built in its own `git clone` of this repository under a temp dir (not `git worktree`: the build
# records the wrong commit in a linked worktree), with `mvn -B -ntp -q -DskipTests package -pl bench -am`, offline
# first. The jars, the children's JMH JSON and report.md stay in that dir (AB_WORK=<dir> chooses it).
# `ab` itself runs from B's jar, else A's, else this checkout's bench/target/rwsem4j-bench.jar (a revision older
# than `ab` has no AbCommand), unless AB_RUNNER=<jar> names one.
set -euo pipefail

die() { echo "ab.sh: $*" >&2; exit 2; }

case "${1:-}" in
    -h | --help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
esac
[ $# -ge 2 ] || die "usage: bench/ab.sh <rev A> <rev B> [ab options] (--help says more)"
rev_a=$1
rev_b=$2
shift 2

repo=$(git -C "$(dirname "$0")" rev-parse --show-toplevel 2>/dev/null) || die "not inside a git checkout"
sha_a=$(git -C "$repo" rev-parse --verify --quiet "$rev_a^{commit}") || die "unknown revision '$rev_a'"
sha_b=$(git -C "$repo" rev-parse --verify --quiet "$rev_b^{commit}") || die "unknown revision '$rev_b'"
work=${AB_WORK:-$(mktemp -d "${TMPDIR:-/tmp}/rwsem4j-ab.XXXXXX")}
mkdir -p "$work"

# build <A|B> <sha>: clone, check out, build; prints the jar's path
build() {
    local side=$1 sha=$2 dir="$work/$1"
    local log="$work/build-$side.log"
    rm -rf "$dir"
    git clone -q "$repo" "$dir" >"$log" 2>&1
    if ! git -C "$dir" checkout -q "$sha" >>"$log" 2>&1; then
        # a commit no branch reaches is not in the clone: fetch it from the checkout
        git -C "$dir" fetch -q "$repo" "$sha" >>"$log" 2>&1 && git -C "$dir" checkout -q "$sha" >>"$log" 2>&1 ||
            { cat "$log" >&2; die "cannot check out $sha in $dir"; }
    fi
    echo "ab.sh: building $side = $(git -C "$dir" log -1 --format='%h %s' "$sha") in $dir" >&2
    if ! (cd "$dir" && mvn -B -ntp -q -o -DskipTests package -pl bench -am) >>"$log" 2>&1; then
        echo "ab.sh: offline build of $side failed, trying online" >&2
        (cd "$dir" && mvn -B -ntp -q -DskipTests package -pl bench -am) >>"$log" 2>&1 ||
            { tail -30 "$log" >&2; echo "ab.sh: build of $side failed, log: $log" >&2; exit 1; }
    fi
    [ -f "$dir/bench/target/rwsem4j-bench.jar" ] || die "$side: no bench/target/rwsem4j-bench.jar after the build"
    echo "$dir/bench/target/rwsem4j-bench.jar"
}

jar_a=$(build A "$sha_a")
jar_b=$(build B "$sha_b")

has_ab() { java -cp "$1" org.rwsem4j.bench.AbCommand --help >/dev/null 2>&1; }
runner=${AB_RUNNER:-}
if [ -z "$runner" ]; then
    for candidate in "$jar_b" "$jar_a" "$repo/bench/target/rwsem4j-bench.jar"; do
        if [ -f "$candidate" ] && has_ab "$candidate"; then
            runner=$candidate
            break
        fi
    done
    [ -n "$runner" ] || die "neither build has 'ab' (AbCommand): build this checkout first" \
        "(mvn -B -ntp -q -DskipTests package -pl bench -am) or set AB_RUNNER=<jar>"
fi
has_ab "$runner" || die "AB_RUNNER=$runner has no org.rwsem4j.bench.AbCommand"

out=()
case " $* " in
    *" --out "* | *" --out="* | *" --dry-run "*) ;;
    *) out=(--out "$work/ab") ;;
esac
echo "ab.sh: running ab from $runner" >&2
status=0
java -cp "$runner" org.rwsem4j.bench.AbCommand "$jar_a" "$jar_b" ${out[@]+"${out[@]}"} "$@" || status=$?
echo "ab.sh: jars, build logs and results in $work (remove it with: rm -rf $work)" >&2
exit "$status"
