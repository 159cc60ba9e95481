#!/usr/bin/env bash
# Builds the DocC catalogs of Streamshot and StreamshotTesting with swift-docc-plugin; a warning
# (a broken symbol link, a missing article) fails the build. The plugin is resolved only here
# (STREAMSHOT_DOCC=1: Package.swift adds it), so a team depending on Streamshot never resolves it.
# Usage: scripts/docs.sh [OUTPUT_DIR]   (default: .build/docs; one folder per module)
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-.build/docs}"
export STREAMSHOT_DOCC=1
mkdir -p "$out"
for target in Streamshot StreamshotTesting; do
  # A build folder of its own: the plugin's symbol-graph build in the tests' folder made the next
  # test build recompile everything (477 files, 5 minutes on 2 cores).
  swift package --scratch-path .build/docc --allow-writing-to-directory "$out" \
    generate-documentation --target "$target" --warnings-as-errors --output-path "$out/$target" \
    --transform-for-static-hosting --hosting-base-path "$target"
done
echo "documentation in $out/Streamshot and $out/StreamshotTesting"
