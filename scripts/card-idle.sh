#!/bin/sh
# card-idle.sh: what an idle tabled writes to its card, as the block
# device counts it, every 10 s from the start: tabled run --sim with a
# seat controller (tabled fwsim on a pty), its log directory on a fresh
# ext4 of 4 KiB blocks on a loop device, default mount options. Nothing is
# pressed. Root: it sets up the loop device and mounts it.
#
#   sudo scripts/card-idle.sh            # 120 s
#   sudo DURATION=600 scripts/card-idle.sh
#
# TABLED names a binary to measure instead of building one. The count is
# the seventh field of /sys/block/loopN/stat (512-byte sectors written),
# from the moment the status page answers, without a sync: the start's
# own pages, written back by the kernel 30 s after they were written, are
# in it, and what comes after them is the idle rate.
set -eu
duration=${DURATION:-120}
dir=$(mktemp -d)
dev=""
pids=""
cleanup() {
	for p in $pids; do kill "$p" 2>/dev/null || true; done
	wait 2>/dev/null || true
	mountpoint -q "$dir/mnt" 2>/dev/null && umount "$dir/mnt"
	[ -n "$dev" ] && losetup -d "$dev"
	rm -rf "$dir"
}
trap cleanup EXIT INT TERM
bin=${TABLED:-}
if [ -z "$bin" ]; then
	bin=$dir/tabled
	(cd "$(dirname "$0")/.." && CGO_ENABLED=0 go build -o "$bin" ./cmd/tabled)
fi
truncate -s 512M "$dir/card.img"
dev=$(losetup --find --show "$dir/card.img")
mkfs.ext4 -q -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 "$dev"
mkdir "$dir/mnt"
mount -t ext4 "$dev" "$dir/mnt"
stat=/sys/block/$(basename "$dev")/stat
# The controller and the daemon each keep an input that is never written:
# they serve until they are stopped.
mkfifo "$dir/fwsim.in" "$dir/run.in"
"$bin" fwsim --link "$dir/seats" <"$dir/fwsim.in" >"$dir/fwsim.out" 2>&1 &
pids="$!"
exec 3>"$dir/fwsim.in"
for _ in $(seq 50); do [ -e "$dir/seats" ] && break; sleep 0.1; done
port=$(( 20000 + $$ % 20000 ))
cat >"$dir/tabled.toml" <<EOT
[table]
name = "idle"
[log]
dir = "$dir/mnt/log"
[web]
listen = "127.0.0.1:$port"
[serial]
path = "$dir/seats"
EOT
"$bin" run --sim --config "$dir/tabled.toml" <"$dir/run.in" >"$dir/run.out" 2>&1 &
pids="$pids $!"
exec 4>"$dir/run.in"
up=""
for _ in $(seq 300); do
	if curl -fs -o /dev/null "http://127.0.0.1:$port/api/state"; then up=1; break; fi
	sleep 0.1
done
[ -n "$up" ] || { echo "card-idle: the status page never answered" >&2; cat "$dir/run.out" >&2; exit 1; }
s0=$(awk '{print $7}' "$stat")
t=0
while [ "$t" -lt "$duration" ]; do
	sleep 10
	t=$((t + 10))
	echo "${t}s: $(( $(awk '{print $7}' "$stat") - s0 )) sectors written"
done
