#!/usr/bin/env bash
# Builds tabled's Debian packages for arm64 (Pi 3/4/5, Zero 2 W on a 64-bit
# OS), armhf (ARMv6: every Pi on 32-bit Raspberry Pi OS, the Zero too) and
# amd64 (a laptop trial) into dist/:
#
#   bash packaging/build.sh            # all three
#   bash packaging/build.sh amd64      # just one
#
# VERSION overrides the package version (default: from git). The packager
# is nfpm's library at the version packaging/nfpm/go.mod pins, built into
# .tools/ (TABLED_TOOLS to put it elsewhere).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/usr/local/go/bin:$PATH"

if [ -z "${VERSION:-}" ]; then
  # A Debian version must start with a digit; untagged builds sort by commit time.
  if tag=$(git describe --tags --match 'v[0-9]*' 2>/dev/null); then
    VERSION=${tag#v}
    VERSION=${VERSION//-/+}
  else
    VERSION="0.0.0~git$(git log -1 --format=%cd --date=format:%Y%m%d%H%M%S).$(git rev-parse --short HEAD)"
  fi
fi
export VERSION

tools=${TABLED_TOOLS:-$PWD/.tools}
mkdir -p "$tools" dist
go build -C packaging/nfpm -o "$tools/nfpm-deb" .

# The seat controller's firmware, for avrdude: the same .hex in every
# architecture's package (docs/firmware.md).
command -v avr-gcc >/dev/null || { echo "build.sh: the seat firmware needs avr-gcc: apt-get install gcc-avr avr-libc binutils-avr" >&2; exit 1; }
make -s -C firmware build/tabled-seat.hex

arches=("$@")
[ ${#arches[@]} -gt 0 ] || arches=(arm64 armhf amd64)
for deb_arch in "${arches[@]}"; do
  case $deb_arch in
    amd64) goarch=amd64 goarm= ARCH=amd64 ;;
    arm64) goarch=arm64 goarm= ARCH=arm64 ;;
    armhf) goarch=arm goarm=6 ARCH=arm6 ;; # nfpm names arm6 armhf
    *) echo "build.sh: unknown architecture $deb_arch (amd64, arm64 or armhf)" >&2; exit 2 ;;
  esac
  export ARCH BUILD
  BUILD=$(mktemp -d)
  rm -f dist/tabled_*_"$deb_arch".deb # one package per architecture in dist/
  GOOS=linux GOARCH=$goarch GOARM=$goarm CGO_ENABLED=0 \
    go build -trimpath -ldflags "-s -w -X main.version=$VERSION" -o "$BUILD/tabled" ./cmd/tabled
  cp firmware/build/tabled-seat.hex "$BUILD/"
  "$tools/nfpm-deb" --config packaging/nfpm.yaml --target dist
  rm -rf "$BUILD"
done
