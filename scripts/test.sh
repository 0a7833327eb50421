#!/usr/bin/env bash
# The test command of README.md: builds zaochka and runs the whole test suite.
# .ci/run calls exactly this after installing what the tests need.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo test --locked "$@"
