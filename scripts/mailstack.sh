#!/usr/bin/env bash
# Starts (or stops) a real mail stack on loopback for zaochka's integration tests:
# Postfix (SMTP 127.0.0.1:2525) -> LMTP -> Dovecot 2.3 (IMAP 127.0.0.1:1143), with
# mailboxes bot, alice, bob, carol, referee (and idlebot, idlewhite, idleblack for the
# wake-up test and bench, restorebot for the replay of a restore) @example.test
# (password = name + "pw").
# Usage: scripts/mailstack.sh start|stop|status   (state in $ZAOCHKA_MAILSTACK_DIR,
# default /tmp/zaochka-mailstack). Needs root and Debian's postfix, dovecot-imapd,
# dovecot-lmtpd (.ci/run installs them). Facts: ../shared/notes/MAIL-STACK.md.
set -euo pipefail
C="$(cd "$(dirname "$0")/mailstack" && pwd)"
T="${ZAOCHKA_MAILSTACK_DIR:-/tmp/zaochka-mailstack}"
USERS="bot alice bob carol referee idlebot idlewhite idleblack restorebot"

wait_port() {
  for _ in $(seq 100); do (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null && return 0; sleep 0.1; done
  echo "mailstack: port $1 did not open; see $T/log" >&2; return 1
}

stop() {
  if [ -d "$T/pfconf" ]; then postfix -c "$T/pfconf" stop </dev/null >/dev/null 2>&1 || true; fi
  if [ -f "$T/run/dovecot/master.pid" ]; then
    pid=$(cat "$T/run/dovecot/master.pid")
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  fi
}

start() {
  stop
  rm -rf "$T"
  id vmail >/dev/null 2>&1 || useradd --system --no-create-home --home-dir "$T/mail" --shell /usr/sbin/nologin vmail
  mkdir -p "$T/run" "$T/state/dovecot" "$T/log" "$T/mail" "$T/postfix" "$T/pfconf"
  chown vmail:vmail "$T/mail"
  : > "$T/users.passwd"; : > "$T/postfix/vmailbox"
  for u in $USERS; do
    echo "$u:{PLAIN}${u}pw" >> "$T/users.passwd"
    echo "$u@example.test OK" >> "$T/postfix/vmailbox"
  done
  chown root:dovecot "$T/users.passwd"; chmod 640 "$T/users.passwd"
  sed "s#@T@#$T#g" "$C/dovecot.conf.in" > "$T/dovecot.conf"
  sed "s#@T@#$T#g" "$C/main.cf.in" > "$T/pfconf/main.cf"
  cp "$C/master.cf" "$T/pfconf/master.cf"
  dovecot -c "$T/dovecot.conf" </dev/null >>"$T/log/start.log" 2>&1
  postfix -c "$T/pfconf" check </dev/null >>"$T/log/start.log" 2>&1
  postfix -c "$T/pfconf" start </dev/null >>"$T/log/start.log" 2>&1
  for p in 1143 2424 2525; do wait_port "$p"; done
  echo "mailstack: running (SMTP 127.0.0.1:2525, IMAP 127.0.0.1:1143, state $T)"
}

case "${1:-start}" in
  start) start ;;
  stop) stop; echo "mailstack: stopped" ;;
  status) for p in 1143 2525; do (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null && echo "port $p open" || echo "port $p closed"; done ;;
  *) echo "usage: $0 start|stop|status" >&2; exit 2 ;;
esac
