#!/usr/bin/env bash
# The GitHub Action's step (action.yml): installs the libraries streamshot renders with, builds
# the command once (release, the Tools trait: no server stack), runs INPUT_COMMAND and sets the
# step's outputs. The command's own exit status is the step's.
# Environment: INPUT_COMMAND (shell words), INPUT_JUNIT (a file, for check and matrix);
# STREAMSHOT_BIN, a streamshot already built, skips the install and the build.
set -uo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
bin="${STREAMSHOT_BIN:-}"
if [ -z "$bin" ]; then
  packages=(pkg-config libcairo2-dev libpango1.0-dev libspng-dev libcmark-gfm-dev libcmark-gfm-extensions-dev)
  missing=()
  for package in "${packages[@]}"; do dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package"); done
  if [ ${#missing[@]} -gt 0 ]; then
    sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get update -qq && $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" || exit 1
  fi
  swift build -c release --product streamshot --traits Tools --package-path "$here" || exit 1
  bin="$here/.build/release/streamshot"
fi
# Shell words without a shell: quotes group, nothing is expanded or run.
words_file="$(mktemp)"
trap 'rm -f "$words_file"' EXIT
if ! python3 -c 'import shlex, sys; sys.stdout.write("".join(w + "\0" for w in shlex.split(sys.argv[1])))' "${INPUT_COMMAND:-}" \
     > "$words_file" 2>/dev/null; then
  echo "::error title=streamshot::the action's 'command' input is not shell words (a quote left open?): ${INPUT_COMMAND:-}"
  exit 2
fi
mapfile -d '' -t words < "$words_file"
if [ ${#words[@]} -eq 0 ]; then
  echo "::error title=streamshot::the action's 'command' input is empty: give a command, e.g. check out/answer"
  exit 2
fi
if [ -n "${INPUT_JUNIT:-}" ]; then
  case "${words[0]}" in
    check|matrix) words+=(--junit "$INPUT_JUNIT") ;;
    *) echo "::warning title=streamshot::'junit' is written by check and matrix only, not ${words[0]}" ;;
  esac
fi
"$bin" "${words[@]}"
status=$?
if [ -n "${GITHUB_OUTPUT:-}" ]; then
  { [ $status -eq 0 ] && echo "passed=true" || echo "passed=false"
    [ -n "${INPUT_JUNIT:-}" ] && [ -f "$INPUT_JUNIT" ] && echo "junit=$INPUT_JUNIT"
  } >> "$GITHUB_OUTPUT"
fi
exit $status
