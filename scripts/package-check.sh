#!/usr/bin/env bash
# Builds the Debian package (scripts/package.sh), installs it with dpkg on this
# machine and checks what Debian policy and docs/admin.md promise:
#   - install: the zaochka system user, /var/lib/zaochka owned by it,
#     /etc/zaochka/config.toml, the unit, manual pages and completions in place;
#     as the user, `zaochka --version`, `zaochka demo` in the data folder, and
#     `zaochka status` on the installed configuration (which creates the database);
#   - upgrade (the same package again): a backup of the database first, into
#     /var/lib/zaochka/backups/;
#   - `dpkg -r`: the binary gone, the data, the user and the configuration kept;
#   - `dpkg -P`: the data, the user and the configuration gone.
# Needs root on Debian (CI runs it after the tests). Packages the binary the
# tests built (scripts/package.sh, ZAOCHKA_PACKAGE_PROFILE=test) unless
# ZAOCHKA_PACKAGE_PROFILE=release is set.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "$(id -u)" != 0 ] || ! command -v dpkg >/dev/null 2>&1; then
  echo "scripts/package-check.sh: needs root on Debian (dpkg); skipped" >&2
  exit 0
fi

passed=0
fail() { echo "package-check: FAILED: $*" >&2; echo "package-check: $passed passed, 1 failed"; exit 1; }
ok() { echo "package-check: ok: $*"; passed=$((passed + 1)); }
as_user() { (cd /var/lib/zaochka && runuser -u zaochka -- "$@"); }

# A package left by an interrupted run would hide what this one installs.
if dpkg -s zaochka >/dev/null 2>&1; then
  dpkg -P zaochka >/dev/null
fi

export ZAOCHKA_PACKAGE_PROFILE="${ZAOCHKA_PACKAGE_PROFILE:-test}"
deb=$(scripts/package.sh | tail -n 1)
[ -f "$deb" ] || fail "scripts/package.sh made no package ($deb)"
ok "built $deb ($(du -h "$deb" | cut -f1))"

dpkg -i "$deb" >/dev/null || fail "dpkg -i"
getent passwd zaochka >/dev/null || fail "no zaochka user after install"
[ "$(stat -c %U /var/lib/zaochka)" = zaochka ] || fail "/var/lib/zaochka is not owned by zaochka"
for f in /usr/bin/zaochka /etc/zaochka/config.toml /usr/lib/systemd/system/zaochka.service \
  /usr/share/man/man1/zaochka.1.gz /usr/share/man/man1/zaochka-serve.1.gz \
  /usr/share/bash-completion/completions/zaochka /usr/share/zsh/vendor-completions/_zaochka \
  /usr/share/fish/vendor_completions.d/zaochka.fish /usr/share/doc/zaochka/admin.md; do
  [ -e "$f" ] || fail "$f is missing after install"
done
grep -qx /etc/zaochka/config.toml /var/lib/dpkg/info/zaochka.conffiles \
  || fail "/etc/zaochka/config.toml is not a conffile"
ok "installed: user, data folder, configuration, unit, manual pages, completions"

version=$(as_user zaochka --version) || fail "zaochka --version as the user"
echo "$version" | grep -Eq '^zaochka [0-9.]+ \(commit ([0-9a-f]+|unknown), built [0-9]{4}-[0-9]{2}-[0-9]{2}\)$' \
  || fail "--version says: $version"
ok "$version"

demo=$(as_user zaochka demo --dir /var/lib/zaochka/demo) || fail "zaochka demo as the user: $demo"
echo "$demo" | grep -q 'zaochka #1' || fail "the demo printed no reply: $demo"
[ "$(stat -c %U /var/lib/zaochka/demo/zaochka.db)" = zaochka ] || fail "the demo database is not the user's"
ok "zaochka demo in /var/lib/zaochka/demo as the user"

as_user env ZAOCHKA_CONFIG=/etc/zaochka/config.toml zaochka status >/dev/null \
  || fail "zaochka status on /etc/zaochka/config.toml"
[ -f /var/lib/zaochka/zaochka.db ] || fail "no database at /var/lib/zaochka/zaochka.db"
[ "$(stat -c %a /var/lib/zaochka/zaochka.db)" = 600 ] || fail "the database is not 0600"
ok "zaochka status on the installed configuration (database created, 0600)"

echo "# an administrator's line" >>/etc/zaochka/config.toml
dpkg -i "$deb" >/dev/null || fail "dpkg -i over the installed package (upgrade)"
ls /var/lib/zaochka/backups/zaochka-before-*.db >/dev/null 2>&1 || fail "no backup before the upgrade"
grep -q "an administrator's line" /etc/zaochka/config.toml || fail "the upgrade replaced the edited configuration"
ok "upgrade: backup $(ls /var/lib/zaochka/backups/), configuration kept"

dpkg -r zaochka >/dev/null || fail "dpkg -r"
[ ! -e /usr/bin/zaochka ] || fail "/usr/bin/zaochka left after remove"
[ -f /var/lib/zaochka/zaochka.db ] || fail "remove deleted the database"
getent passwd zaochka >/dev/null || fail "remove deleted the user"
[ -f /etc/zaochka/config.toml ] || fail "remove deleted the configuration"
ok "dpkg -r: binary gone; data, user and configuration kept"

dpkg -P zaochka >/dev/null || fail "dpkg -P"
[ ! -e /var/lib/zaochka ] || fail "purge left /var/lib/zaochka"
! getent passwd zaochka >/dev/null || fail "purge left the user"
! getent group zaochka >/dev/null || fail "purge left the group"
[ ! -e /etc/zaochka ] || fail "purge left /etc/zaochka"
ok "dpkg -P: data, user, group and configuration gone"
echo "package-check: $passed passed, 0 failed"
