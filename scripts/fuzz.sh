#!/usr/bin/env bash
# Coverage-guided fuzzing of Streamshot's input decoding and manifest reader with libFuzzer.
#
#   scripts/fuzz.sh TARGET [SECONDS] [libFuzzer flags...]    TARGET: sse | providers | jsonl | manifest
#
# Builds streamshot-fuzz in release with -sanitize=fuzzer into .build-fuzz/ (apart from the
# normal build), seeds TARGET's corpus from Examples/ (Tests/Fuzz/corpus/ for manifests) and runs
# it for SECONDS (600). A crash leaves its input in .build-fuzz/artifacts/; replay it with
# `.build-fuzz/release/streamshot-fuzz FILE` (same STREAMSHOT_FUZZ_TARGET). Without libFuzzer,
# `swift run -c release streamshot-fuzz TARGET SECONDS` runs the seeded mutation fuzzer instead.
set -euo pipefail
target=${1:?usage: scripts/fuzz.sh sse|providers|jsonl|manifest [SECONDS] [libFuzzer flags...]}
seconds=${2:-600}
shift $(( $# >= 2 ? 2 : 1 ))
root=$(cd "$(dirname "$0")/.." && pwd)
scratch="$root/.build-fuzz"
cd "$root"
swift build -c release --scratch-path "$scratch" --product streamshot-fuzz \
    -Xswiftc -sanitize=fuzzer -Xswiftc -DLIBFUZZER -Xswiftc -parse-as-library
corpus="$scratch/corpus/$target"
mkdir -p "$corpus" "$scratch/artifacts"
case "$target" in
    sse|providers) cp -n Examples/*.sse Examples/providers/*.sse "$corpus"/ ;;
    jsonl) cp -n Examples/*.jsonl Examples/providers/*.jsonl "$corpus"/ ;;
    manifest) cp -n Tests/Fuzz/corpus/manifest/*.json "$corpus"/ ;;
    *) echo "unknown target $target (sse, providers, jsonl, manifest)" >&2; exit 2 ;;
esac
STREAMSHOT_FUZZ_TARGET="$target" "$scratch/release/streamshot-fuzz" "$corpus" \
    -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="$scratch/artifacts/$target-" -print_final_stats=1 "$@"
