#!/usr/bin/env bash
# Builds the DocC catalogs of Streamshot and StreamshotTesting with the toolchain's own tools, as
# swift-docc-plugin does: swift-symbolgraph-extract reads each module's public API from the
# build, then `docc convert` joins it to the catalog; a warning (a broken symbol link, a missing
# article) fails the build.
# Why not the plugin: its build enables every trait, so it cannot reuse the tests' build and
# compiled the whole library a second time (2.5 of CI's 21 minutes). Here the modules come from
# the tests' own build (scripts/test.sh's, or `swift build --build-tests`): run it after one.
# Usage: scripts/docs.sh [OUTPUT_DIR]   (default: .build/docs; one folder per module)
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-.build/docs}"
modules="$(swift build --build-tests --show-bin-path)/Modules"
# Built only when the tests' build is not there: a second `swift build` right after `swift test`
# sometimes compiles the whole library again (a fresh-clone CI run: 31 s one time, 4 minutes the
# next; the likely cause, not proven, is SwiftPM writing the trait defines -DTools -DServer in an
# order that differs between runs). After scripts/test.sh the modules are the ones just tested.
if [ ! -f "$modules/StreamshotTesting.swiftmodule" ] || [ ! -f "$modules/Streamshot.swiftmodule" ]; then
  swift build --build-tests
fi
# The C modules the documented ones import: their module maps and the headers they include.
c_flags=()
for map in Sources/CPangoCairo Sources/CCmarkGFM Sources/CSPNG Sources/CGLib Sources/CGraphviz; do
  c_flags+=(-Xcc "-fmodule-map-file=$map/module.modulemap")
done
for include in $(pkg-config --cflags-only-I pangocairo pangoft2 fontconfig cairo libcmark-gfm glib-2.0 libgvc); do
  c_flags+=(-Xcc "$include")
done
# A C target of our own (CJPEG): SwiftPM writes its module map beside its build.
c_flags+=(-Xcc "-fmodule-map-file=$(dirname "$modules")/CJPEG.build/module.modulemap")
graphs="$(mktemp -d)"
trap 'rm -rf "$graphs"' EXIT
mkdir -p "$out"
for target in Streamshot StreamshotTesting; do
  mkdir -p "$graphs/$target"
  swift symbolgraph-extract -module-name "$target" -target "$(uname -m)-unknown-linux-gnu" -I "$modules" "${c_flags[@]}" \
    -minimum-access-level public -emit-extension-block-symbols -output-dir "$graphs/$target"
  rm -rf "${out:?}/$target"
  docc convert "Sources/$target/$target.docc" --additional-symbol-graph-dir "$graphs/$target" \
    --fallback-display-name "$target" --fallback-bundle-identifier "$target" --warnings-as-errors \
    --transform-for-static-hosting --hosting-base-path "$target" --output-path "$out/$target"
done
echo "documentation in $out/Streamshot and $out/StreamshotTesting"
