#!/usr/bin/env bash
# The test suite, in two runs, each once: everything but the live-network suites, then the
# recorder's and the service's suites together.
# Why two processes: Swift Testing runs a synchronous test on a thread of Swift's cooperative pool
# (as wide as the machine has cores), and a render test holds its thread for seconds. The live
# suites run their own tasks on threads of their own (`.onOwnThreads`, Tests/LiveTestSupport; the
# service's with `ServiceConfiguration.taskExecutor`), but the libraries they drive start tasks of
# their own on the shared pool (Hummingbird's WebSocket upgrade among them), and in one
# process with the rendering suites those waited behind the renders: a 408 for a WebSocket
# upgrade, a recording idle after its first line. That is the reason, not the machine's load:
# each run passes on a machine whose cores another process keeps busy (scripts/repeat-suite.sh).
# Each run has a time limit: a hang fails in minutes, not at CI's limit.
set -euo pipefail
cd "$(dirname "$0")/.."
# A crash inside a C library (cairo has no frame pointers) is unwound by its DWARF unwind tables,
# so the report reaches the Swift code that called it; the default, fast unwinder stops at the
# library's first frame (issue 50: a SIGSEGV "in libcairo" and nothing above it).
export SWIFT_BACKTRACE="${SWIFT_BACKTRACE:-unwind=precise}"
# The suites write their renders (frames, stores, browser profiles) to the temporary folder; they
# get one of their own, emptied when the run ends, so a run leaves nothing behind (every run
# left about 0.7 GB in /tmp before, and a day of runs filled a disk).
scratch="$(mktemp -d "${TMPDIR:-/tmp}/streamshot-tests.XXXXXX")"
trap 'rm -rf "$scratch"' EXIT
chmod 755 "$scratch" # the PostgreSQL harness runs the server as `postgres`, in a folder inside it
export TMPDIR="$scratch"
timeout --kill-after=10s 1800 swift test --skip StreamshotServiceTests --skip StreamshotRecorderTests "$@"
timeout --kill-after=10s 900 swift test --skip-build --filter "StreamshotRecorderTests|StreamshotServiceTests" "$@"
