#!/usr/bin/env bash
# CI for the packages (run as root on a Debian machine; .ci/run calls it):
# checks the unit with systemd-analyze, builds the three packages, then on
# amd64 installs, upgrades (the same version rebuilt), removes and purges
# the amd64 one, checking the files at each step. No running systemd is
# needed: the maintainer scripts leave it alone when it is not there.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/usr/local/go/bin:$PATH"

need=()
command -v systemd-analyze >/dev/null || need+=(systemd)
command -v dpkg-deb >/dev/null || need+=(dpkg)
command -v deb-systemd-helper >/dev/null || need+=(init-system-helpers)
command -v avr-gcc >/dev/null || need+=(gcc-avr binutils-avr avr-libc) # the seat firmware in the package
if [ ${#need[@]} -gt 0 ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

fail() { echo "packaging: $*" >&2; exit 1; }

echo "== unit: systemd-analyze verify and security"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# verify wants the ExecStart binary to exist: point it at a fresh build.
go build -o "$tmp/tabled" ./cmd/tabled
sed "s#/usr/bin/tabled#$tmp/tabled#" systemd/tabled.service >"$tmp/tabled.service"
systemd-analyze verify "$tmp/tabled.service"
exposure=$(systemd-analyze security --offline=true "$tmp/tabled.service" | sed -n 's/.*Overall exposure level for tabled.service: \([0-9.]*\).*/\1/p')
echo "exposure $exposure"
awk -v e="$exposure" 'BEGIN { exit !(e != "" && e <= 3.0) }' || fail "exposure $exposure is above 3.0"

echo "== build the packages"
rm -f dist/tabled_*.deb
bash packaging/build.sh
for a in amd64 arm64 armhf; do
  ls dist/tabled_*_$a.deb >/dev/null || fail "no $a package"
  [ "$(dpkg-deb -f dist/tabled_*_$a.deb Architecture)" = $a ] || fail "$a package has the wrong Architecture"
done

[ "$(dpkg --print-architecture)" = amd64 ] || { echo "not amd64: install test skipped"; echo "packaging passed"; exit 0; }

deb=$(ls dist/tabled_*_amd64.deb)
installed() {
  for f in /usr/bin/tabled /usr/lib/systemd/system/tabled.service /etc/tabled/tabled.toml /etc/avahi/services/tabled.service /usr/share/tabled/firmware/tabled-seat.hex; do
    [ -e "$f" ] || fail "$1: $f missing"
  done
  [ -d /var/lib/tabled/log ] || fail "$1: no state directory"
  [ "$(stat -c %U /var/lib/tabled)" = tabled ] || fail "$1: /var/lib/tabled is not tabled's"
  [ -L /etc/systemd/system/multi-user.target.wants/tabled.service ] || fail "$1: tabled.service not enabled"
  dpkg-query -W -f '${Conffiles}\n' tabled | grep -q /etc/tabled/tabled.toml || fail "$1: tabled.toml is not a conffile"
  [ "$(stat -c '%a %U:%G' /etc/tabled/tabled.toml)" = "640 root:tabled" ] || fail "$1: tabled.toml is $(stat -c '%a %U:%G' /etc/tabled/tabled.toml), want 640 root:tabled (it holds the secrets)"
  [ -f /usr/share/doc/tabled/mosquitto/tabled.acl ] || fail "$1: the broker's ACL is not shipped"
  # Every page README.md links to is shipped beside it, where its link points.
  for d in $(grep -o 'docs/[a-z0-9-]*\.\(md\|png\|svg\)' README.md | sort -u); do
    [ -f "/usr/share/doc/tabled/$d" ] || fail "$1: README.md links to $d, not shipped"
  done
  /usr/bin/tabled version | grep -q "^tabled " || fail "$1: tabled version does not run"
  echo "$1: files, user, enabled unit, conffile ok; $(/usr/bin/tabled version)"
}

echo "== install"
dpkg --purge tabled >/dev/null 2>&1 || true
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "./$deb" >/dev/null
installed install

echo "== a referee in the tabled group reads the claim log without root"
# The log as the daemon writes it (its unit's UMask=0027: files 0640), then
# tabled log as a user in the group and as one outside it.
install -o tabled -g tabled -m 0640 claimlog/testdata/golden/*.jsonl /var/lib/tabled/log/
[ "$(stat -c %a:%G /var/lib/tabled/log)" = 2750:tabled ] || fail "the log directory is $(stat -c %a:%G /var/lib/tabled/log), want 2750:tabled"
id referee >/dev/null 2>&1 || useradd --no-create-home --shell /usr/sbin/nologin referee
usermod -aG tabled referee
runuser -u referee -- /usr/bin/tabled log --kind note --type session | grep -q "SESSION ema2008" || fail "a referee in the tabled group cannot read the claim log"
said=$(runuser -u nobody -- /usr/bin/tabled log 2>&1 >/dev/null || true)
echo "$said" | grep -q 'sudo adduser $USER tabled' || fail "tabled log outside the group says: $said"
userdel referee
rm -f /var/lib/tabled/log/*.jsonl
echo "referee: reads the log in the group; outside it, told how to join"
# An admin's edit, which must survive the upgrade and the removal.
echo '# edited by the admin' >>/etc/tabled/tabled.toml
echo state >/var/lib/tabled/log/keep

echo "== upgrade (the same version rebuilt)"
bash packaging/build.sh amd64 >/dev/null
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --reinstall -o Dpkg::Options::=--force-confold "./$deb" >/dev/null
installed upgrade
grep -q 'edited by the admin' /etc/tabled/tabled.toml || fail "upgrade: the admin's edit of tabled.toml was lost"
[ -f /var/lib/tabled/log/keep ] || fail "upgrade: state lost"

echo "== remove"
DEBIAN_FRONTEND=noninteractive apt-get remove -y -qq tabled >/dev/null
[ ! -e /usr/bin/tabled ] || fail "remove: /usr/bin/tabled left"
[ ! -e /usr/lib/systemd/system/tabled.service ] || fail "remove: unit left"
grep -q 'edited by the admin' /etc/tabled/tabled.toml || fail "remove: the conffile must stay until purge"
[ -f /var/lib/tabled/log/keep ] || fail "remove: state must stay until purge"
echo "remove: binary and unit gone; config and state kept"

echo "== purge"
DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq tabled >/dev/null
for f in /etc/tabled/tabled.toml /var/lib/tabled /var/log/tabled /etc/systemd/system/multi-user.target.wants/tabled.service /etc/systemd/system/tabled.service; do
  [ ! -e "$f" ] && [ ! -L "$f" ] || fail "purge: $f left"
done
dpkg-query -W tabled >/dev/null 2>&1 && [ "$(dpkg-query -W -f '${db:Status-Status}' tabled)" != not-installed ] && fail "purge: dpkg still knows tabled"
echo "purge: config, state and unit links gone"
echo "packaging passed"
