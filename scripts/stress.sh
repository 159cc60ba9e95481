#!/usr/bin/env bash
# The concurrency stress of docs/performance.md ("Renders side by side"): JOBS threads render the
# stress workloads at once in one process for SECONDS, every frame compared with the same render
# made alone (`streamshot-fuzz stress`). With `tsan`, the same under ThreadSanitizer, in its own
# build folder (.build-tsan; the first build takes a quarter of an hour on 2 cores).
# Usage: scripts/stress.sh [tsan] [SECONDS] [JOBS]    (defaults: 600 s, 2 x cores + 1 threads)
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ "${1:-}" == tsan ]]; then
  shift
  swift build --sanitize=thread --scratch-path .build-tsan --product streamshot-fuzz
  # halt_on_error: the first race ends the run with its report, as a crash would.
  TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 ${TSAN_OPTIONS:-}" \
    .build-tsan/debug/streamshot-fuzz stress "${1:-600}" "${2:-}"
else
  swift build --product streamshot-fuzz
  .build/debug/streamshot-fuzz stress "${1:-600}" "${2:-}"
fi
