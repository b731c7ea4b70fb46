#!/bin/sh
# idle-cpu.sh: the idle CPU of tabled, as a share of one core, measured from
# /proc/PID/stat (utime+stime) over a window after a warm-up.
#
#   scripts/idle-cpu.sh serial   # tabled run with a serial controller (tabled fwsim in its own process)
#   scripts/idle-cpu.sh sim      # tabled run --sim
#
# WINDOW (seconds, default 20) and WARMUP (default 120) change the timing;
# TABLED names a binary to measure instead of building one. The warm-up
# covers the serial link's first 100 s, in which it pings the controller
# ever less often (every 100 ms at first, every 500 ms once its clock fit
# is settled): an idle table is measured, not a starting one.
set -eu
mode=${1:-serial}
window=${WINDOW:-20}
warmup=${WARMUP:-120}
dir=$(mktemp -d)
pids=""
cleanup() {
	for p in $pids; do kill "$p" 2>/dev/null || true; done
	wait 2>/dev/null || true
	rm -rf "$dir"
}
trap cleanup EXIT INT TERM
bin=${TABLED:-}
if [ -z "$bin" ]; then
	bin=$dir/tabled
	(cd "$(dirname "$0")/.." && go build -o "$bin" ./cmd/tabled)
fi
hz=$(getconf CLK_TCK)
# cpu PID: utime+stime of PID in clock ticks (fields 14 and 15; the name
# in field 2 has no spaces here).
cpu() { awk '{print $14 + $15}' "/proc/$1/stat"; }
port=$(( 20000 + $$ % 20000 ))
case $mode in
serial)
	# The controller stays attached to a fifo that is never written, so
	# it keeps serving (it quits when its input ends).
	mkfifo "$dir/fwsim.in"
	"$bin" fwsim --link "$dir/seats" <"$dir/fwsim.in" >"$dir/fwsim.out" 2>&1 &
	pids="$!"
	exec 3>"$dir/fwsim.in"
	for _ in $(seq 50); do [ -e "$dir/seats" ] && break; sleep 0.1; done
	cat >"$dir/tabled.toml" <<EOT
[table]
name = "idle"
[log]
dir = "$dir/log"
[web]
listen = "127.0.0.1:$port"
[serial]
path = "$dir/seats"
EOT
	"$bin" run --config "$dir/tabled.toml" >"$dir/run.out" 2>&1 &
	;;
sim)
	mkfifo "$dir/run.in"
	XDG_CACHE_HOME=$dir "$bin" run --sim --listen "127.0.0.1:$port" <"$dir/run.in" >"$dir/run.out" 2>&1 &
	pid=$!
	exec 3>"$dir/run.in"
	;;
*)
	echo "usage: $0 serial|sim" >&2
	exit 2
	;;
esac
pid=$!
pids="$pids $pid"
sleep "$warmup"
kill -0 "$pid" || { cat "$dir/run.out" >&2; exit 1; }
a=$(cpu "$pid")
sleep "$window"
b=$(cpu "$pid")
awk -v t=$((b - a)) -v hz="$hz" -v w="$window" -v m="$mode" \
	'BEGIN { printf "%s: %.2f%% of a core over %d s (%d ticks of 1/%d s)\n", m, 100 * t / hz / w, w, t, hz }'
# The controller must have been up the whole time: its link's counters.
curl -s "http://127.0.0.1:$port/metrics" | grep -E '^tabled_serial_(up|losses_total|sync_samples) ' | tr '\n' ' '
echo
if [ "$mode" = serial ]; then
	f=${pids%% *}
	c=$(cpu "$f")
	awk -v t="$c" -v hz="$hz" 'BEGIN { printf "(tabled fwsim: %.1f s of CPU since it started)\n", t / hz }'
fi
