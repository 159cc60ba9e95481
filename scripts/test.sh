#!/usr/bin/env bash
# The test suite, in two runs: everything but the service, then the service's tests on their own.
# The service's tests drive a live server and bound how long it takes to answer, time out and
# retry; run beside the rendering suites on a 2-core machine, their server waited on a CPU the
# renders held (a 20 s read timeout was seen), so they get the machine to themselves.
set -euo pipefail
cd "$(dirname "$0")/.."
swift test --skip StreamshotServiceTests "$@"
swift test --skip-build --filter StreamshotServiceTests "$@"
