#!/usr/bin/env bash
# The benchmark suite: builds the release binaries and prints every ratio, measured side by side.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product streamshot
swift build -c release --product streamshot-bench
.build/release/streamshot-bench
python3 Benchmarks/chromium_peer.py
