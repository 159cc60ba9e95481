#!/usr/bin/env bash
# The adversarial run docs/bad-input.md reports: every fuzz target for SECONDS
# (default 60) from seed 36, the concurrency stress for as long, the HTTP fuzz step against a live
# server with 2,000 variants, and the input shapes at 1x, 2x and 4x their size. A crash ends a fuzz target with its input saved.
# Usage: scripts/adversarial.sh [SECONDS]   (debug build; `swift build` first)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
for target in sse providers jsonl trace markdown manifest; do
  .build/debug/streamshot-fuzz "$target" "$seconds" 36 | tail -1
done
# Renders side by side (issue 50): 2 x cores + 1 threads for SECONDS, every frame compared with the render made alone.
.build/debug/streamshot-fuzz stress "$seconds" | tail -1
STREAMSHOT_HTTP_FUZZ=2000 swift test --skip-build --filter HTTPFuzzTests 2>&1 | grep -E "Test run with"
.build/debug/streamshot-bench shapes
