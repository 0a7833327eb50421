#!/usr/bin/env bash
# The test command of README.md: starts the loopback mail stack (Postfix + Dovecot,
# scripts/mailstack.sh) when this machine has it and we are root, then builds zaochka
# and runs the whole test suite. .ci/run calls exactly this after installing packages.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "$(id -u)" = 0 ] && command -v postfix >/dev/null 2>&1 && command -v dovecot >/dev/null 2>&1; then
  scripts/mailstack.sh start
  export ZAOCHKA_MAILSTACK=1
  trap 'scripts/mailstack.sh stop >/dev/null 2>&1 || true' EXIT
else
  echo "scripts/test.sh: no Postfix/Dovecot (or not root): the mail-server tests will say they are skipped" >&2
fi
cargo test --locked "$@"
