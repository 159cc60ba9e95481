#!/usr/bin/env bash
# The test suite, in three runs: everything but the live-network suites, then the recorder's
# tests and the service's tests, each on their own.
# Those two drive live servers on 127.0.0.1 and bound how long an answer, a read or a retry may
# take; run beside the rendering suites on a 2-core machine, their server waited on a CPU the
# renders held (a 20 s read timeout was seen for the service; an NDJSON recording that received
# its first line and then nothing for 60 s, for the recorder), so they get the machine to themselves.
# Each run has a time limit: a hang fails in minutes, not at CI's limit. Each live run is tried
# once more when it fails or hangs: the Swift emitter's upload (URLSession on Linux) was seen to
# deadlock once in FoundationNetworking, and the second try says whether that was it.
set -euo pipefail
cd "$(dirname "$0")/.."
timeout --kill-after=10s 1800 swift test --skip StreamshotServiceTests --skip StreamshotRecorderTests "$@"
alone() { local suite=$1; shift; timeout --kill-after=10s 600 swift test --skip-build --filter "$suite" "$@"; }
for suite in StreamshotRecorderTests StreamshotServiceTests; do
  if ! alone "$suite" "$@"; then
    echo "$suite failed or hung; running it once more" >&2
    alone "$suite" "$@"
  fi
done
