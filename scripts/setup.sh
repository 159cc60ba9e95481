#!/usr/bin/env bash
# Installs what a fresh Debian/Ubuntu machine with Swift lacks, builds streamshot, and renders
# the bundled Arabic legal stream to out/ar-lease/. `--deps-only` stops after the packages.
set -euo pipefail
cd "$(dirname "$0")/.."

sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
# chromium: the HTML report is tested in a real browser (the test skips, saying so, without it).
# libjs-katex, fonts-katex: our math typesetting is measured against KaTeX's in that browser.
# libgraphviz-dev, graphviz: mermaid flowcharts are laid out by Graphviz's dot, in process (graphviz
# brings the layout and JSON plugins libgvc loads).
# nodejs, node-typescript: the TypeScript trace emitter is compiled and run in its test (likewise).
# kotlin, openjdk-17-jdk-headless: the Android trace emitter (Kotlin 1.3: Debian's kotlinc, which
# runs on JDK 17) is compiled and run in its tests (likewise).
# libsqlite3-dev: the service's job store (GRDB uses the system SQLite).
# postgresql: the shared job store's tests start a server of their own in a temporary folder (the
# package's own cluster is not used).
packages=(pkg-config libcairo2-dev libpango1.0-dev libglib2.0-dev libspng-dev libjpeg62-turbo-dev libcmark-gfm-dev libcmark-gfm-extensions-dev chromium
          libjs-katex fonts-katex libgraphviz-dev graphviz nodejs node-typescript kotlin openjdk-17-jdk-headless libsqlite3-dev postgresql)
missing=()
for package in "${packages[@]}"; do
  dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}"
  $sudo apt-get update -qq
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
fi
# schemathesis (PyPI): the test suite checks the service against its OpenAPI document with it.
if ! command -v schemathesis >/dev/null 2>&1; then
  echo "installing: schemathesis (PyPI)"
  python3 -m pip install --quiet schemathesis
  if command -v pyenv >/dev/null 2>&1; then pyenv rehash; fi
fi
# junitparser (PyPI): the tests read `check --junit` and `matrix --junit` as CI systems do.
if ! python3 -c "import junitparser" >/dev/null 2>&1; then
  echo "installing: junitparser (PyPI)"
  python3 -m pip install --quiet junitparser
fi
if [ "${1:-}" = "--deps-only" ]; then exit 0; fi

# The Tools trait alone: render, check, review, matrix and merge, without the server stack that
# `serve` and `record` need (Hummingbird, GRDB, postgres-nio, NIO SSL) — minutes, not a quarter
# of an hour. `swift build -c release --product streamshot` (default traits) adds them.
swift build -c release --product streamshot --traits Tools
.build/release/streamshot render Examples/ar-lease.sse --out out/ar-lease
echo "frames in out/ar-lease/frames, manifest in out/ar-lease/manifest.json"
