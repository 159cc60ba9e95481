#!/usr/bin/env bash
# Runs the test suite (scripts/test.sh, CI's command) RUNS times in a work tree of its own, each
# run checked out anew from the repository's HEAD (`git clean -xdf` but the build folder, so the
# first run ever builds from scratch and later ones rebuild what changed), while LOAD busy
# processes keep the cores working. Reports each run's result and time, then passes and failures.
# Usage: [REPEAT_TREE=DIR] scripts/repeat-suite.sh [RUNS] [LOAD]   (defaults: 10 runs, one busy process per core;
# DIR: a clone of this repository whose build folder to reuse)
set -uo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
runs="${1:-10}"
load="${2:-$(nproc)}"
tree="${REPEAT_TREE:-${TMPDIR:-/tmp}/streamshot-repeat}"
log="$tree.log"
# The work tree is kept between invocations for its build folder; every run checks it out anew.
[[ -d "$tree/.git" ]] || git clone --quiet "$repo" "$tree" || exit 1
busy=()
for _ in $(seq "$load"); do (while :; do :; done) & busy+=($!); done
trap 'kill "${busy[@]}" 2>/dev/null' EXIT
passed=0; failed=0
: > "$log"
# A crash leaves a core file (in the work tree, where `core_pattern` is the kernel's default
# `core`): kept beside the log, since the next run cleans the tree.
ulimit -c unlimited 2>/dev/null || true
for run in $(seq "$runs"); do
  (cd "$tree" && git fetch --quiet "$repo" HEAD && git reset --quiet --hard FETCH_HEAD && git clean -xdfq -e .build -e .build-tsan)
  start=$(date +%s)
  if (cd "$tree" && STREAMSHOT_RECORD=never bash scripts/test.sh) >> "$log" 2>&1; then
    passed=$((passed + 1)); result=passed
  else
    failed=$((failed + 1)); result=FAILED
    grep -E "✘|error:|Fatal|signal" "$log" | tail -5
    cores=$(find "$tree" -maxdepth 1 -name 'core*' -type f)
    if [[ -n $cores ]]; then mkdir -p "$tree.cores/run-$run" && mv $cores "$tree.cores/run-$run/"; fi
  fi
  echo "run $run: $result in $(( $(date +%s) - start )) s (load: $load busy processes)"
done
echo "$passed passed, $failed failed of $runs runs; the output is in $log"
[[ $failed == 0 ]]
