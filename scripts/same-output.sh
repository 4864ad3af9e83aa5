#!/usr/bin/env bash
# Whether two checkouts of jtc write the same tests, byte for byte: a refactoring's check. Compiles
# every sample project, runs `jtc generate --all` on each from both checkouts side by side and
# compares every file the two wrote. A run is deterministic with a fixed seed, an execution budget
# the search stops at, a time budget that never ends first, one worker, no incremental cache and a
# fixed PYTHONHASHSEED (what a class's tests hold can follow Python's string hashing: dungeon's
# LevelFactory), in the quick mode: the default mode's later stages (extensions, scenarios, loops, the
# mutation run) each fill a share of the time budget, so what they find depends on the machine's
# speed. What still varies with the load: a solver query that times out in one run and not the other.
#
#   scripts/same-output.sh CHECKOUT_A CHECKOUT_B [WORK_DIR] [MAX_EXECUTIONS]
#
# Each checkout needs its .venv (./scripts/setup.sh). Exits 0 when every file is the same.
set -euo pipefail

a=$(realpath "$1")
b=$(realpath "$2")
work=${3:-/tmp/jtc-same-output}
executions=${4:-300}
jdk17=/usr/lib/jvm/java-17-openjdk-amd64
jdk25=/usr/lib/jvm/temurin-25-jdk-amd64
samples=$a/sample-projects

rm -rf "$work"
mkdir -p "$work/classes" "$work/a" "$work/b" "$work/cache"
# project:release; a release above 17 is compiled and run with the JDK 25
projects="basics:11 containers:11 dungeon:11 modern:17 modern21:21 modern25:25"
for entry in $projects; do
    project=${entry%%:*} release=${entry##*:}
    home=$jdk17
    [ "$release" -gt 17 ] && home=$jdk25
    "$home/bin/javac" -g --release "$release" -d "$work/classes/$project" \
        $(find "$samples/$project/src/main/java" -name '*.java')
done

export PYTHONHASHSEED=0
generate() {  # checkout, output folder
    for entry in $projects; do
        project=${entry%%:*} release=${entry##*:}
        home=$jdk17
        [ "$release" -gt 17 ] && home=$jdk25
        JTC_CACHE_DIR=$work/cache/$(basename "$2") "$1/.venv/bin/jtc" generate --all \
            --classpath "$work/classes/$project" --output "$2/$project" --java-home "$home" --seed 0 \
            --max-executions "$executions" --time-budget 300 --quick -j 1 --no-cache --no-coverage \
            >"$2/$project.log" 2>&1 || echo "$project: jtc exited $? (see $2/$project.log)"
    done
}

generate "$a" "$work/a" &
generate "$b" "$work/b" &
wait

count=$(cd "$work/a" && find . -name '*.java' | wc -l)
if diff -r "$work/a" "$work/b" --exclude '*.log' >"$work/diff.txt"; then
    echo "same: $count test sources compared ($work/a, $work/b)"
else
    echo "different: see $work/diff.txt ($count test sources in $work/a)"
    exit 1
fi
