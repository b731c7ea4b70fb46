#!/usr/bin/env bash
# An upgrade in the middle of a game (run as root on a Debian machine;
# .ci/run calls it after packaging/ci-test.sh): builds the amd64 package
# of the previous commit (TABLED_PREV, default HEAD's first parent: on
# main, the release before this one) and of this tree, then runs
# TestUpgradeMidGame (cmd/tabled/upgrade_test.go), which installs the
# old one, plays, installs the new one over it while presses come in,
# restarts the daemon as the postinst has systemd do, and checks the
# session resumes with the same decisions and nothing acknowledged lost.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/usr/local/go/bin:$PATH"

prev=${TABLED_PREV:-HEAD^1}
if ! git rev-parse -q --verify "$prev^{commit}" >/dev/null; then
  echo "no commit $prev to upgrade from (a shallow clone?): upgrade test skipped"
  exit 0
fi
command -v setpriv >/dev/null || { echo "upgrade test: setpriv (util-linux) missing" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The version build.sh gives an untagged commit, for the previous one too.
version() { echo "0.0.0~git$(git log -1 --format=%cd --date=format:%Y%m%d%H%M%S "$1").$(git rev-parse --short "$1")"; }
mkdir "$tmp/prev"
git archive "$prev" | tar -x -C "$tmp/prev"
tools=${TABLED_TOOLS:-$PWD/.tools}
prev_version=$(version "$prev")
(cd "$tmp/prev" && VERSION=$prev_version TABLED_TOOLS=$tools bash packaging/build.sh amd64 >/dev/null)
bash packaging/build.sh amd64 >/dev/null
old=$(ls "$tmp"/prev/dist/tabled_*_amd64.deb)
new=$(ls "$PWD"/dist/tabled_*_amd64.deb)
echo "upgrade $(basename "$old") -> $(basename "$new")"
TABLED_UPGRADE="$old $new" go test -count=1 -run '^TestUpgradeMidGame$' -v ./cmd/tabled
