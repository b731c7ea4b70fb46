package seating

import (
	"context"
	"fmt"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestGrid seats every size of the grid organisers use, 16 to 172
// players (multiples of 4) by 4 to 12 hanchan, each with a 10 s deadline
// (TABLED_SEATING_WALL=60s for another),
// and prints a line per size: repeat meetings and the fewest the sizes
// force, pairs meeting more than once, winds off balance, the most visits
// to one table and the most needed, the visits beyond that, players in common among pairs who
// never meet, seconds on the wall clock and of CPU. Then a summary. It runs only when asked, for
// minutes: TABLED_SEATING_GRID=1 go test -run TestGrid -v -timeout 2h
// ./seating (TABLED_SEATING_GRID=16-60 for players 16 to 60 only,
// TABLED_SEATING_GRID=40x7,48x9 for those sizes only).
func TestGrid(t *testing.T) {
	env := os.Getenv("TABLED_SEATING_GRID")
	if env == "" {
		t.Skip("TABLED_SEATING_GRID=1 runs the whole grid (minutes)")
	}
	sizes := gridSizes(env)
	// The deadline a size has, 10 s (the command's); on a machine busy
	// with other work, TABLED_SEATING_WALL=60s keeps the deadline from
	// cutting what the CPU time would not.
	wall := 10 * time.Second
	if w, err := time.ParseDuration(os.Getenv("TABLED_SEATING_WALL")); err == nil {
		wall = w
	}
	fmt.Printf("%7s %8s %6s %6s %5s %10s %5s %7s %6s %6s\n", "size", "repeats", "forced", "pairs", "winds", "visits", "over", "common", "s", "cpu s")
	var atForced, windOK, visitsOK, cut int
	var over []string
	var slowest, total time.Duration
	for _, size := range sizes {
		{
			n, r := size[0], size[1]
			ctx, cancel := context.WithTimeout(context.Background(), wall)
			t0, c0 := time.Now(), cpuTime()
			s, err := Make(ctx, Request{Players: n, Hanchan: r, Seed: 1})
			took, cpu := time.Since(t0), cpuTime()-c0
			done := ctx.Err() != nil
			cancel()
			if err != nil {
				t.Fatal(err)
			}
			for i, round := range s {
				if err := checkRound(round, n); err != nil {
					t.Fatalf("%dx%d round %d: %v", n, r, i+1, err)
				}
			}
			q := Measure(s, n)
			total += took
			slowest = max(slowest, took)
			if done {
				cut++
			}
			if q.Repeats == q.ForcedRepeats {
				atForced++
			} else {
				over = append(over, fmt.Sprintf("%dx%d: %d (forced %d)", n, r, q.Repeats, q.ForcedRepeats))
			}
			if q.WindOff == 0 {
				windOK++
			}
			if q.MaxVisits <= q.NeededVisits {
				visitsOK++
			}
			mark := ""
			if done {
				mark = " (deadline)"
			}
			fmt.Printf("%7s %8d %6d %6d %5d %5d of %2d %5d %7d %6.2f %6.2f%s\n", fmt.Sprintf("%dx%d", n, r),
				q.Repeats, q.ForcedRepeats, q.RepeatPairs, q.WindOff, q.MaxVisits, q.NeededVisits, q.VisitsOver, q.MinCommon, took.Seconds(), cpu.Seconds(), mark)
		}
	}
	fmt.Printf("\n%d sizes: repeats at the forced minimum %d; winds balanced %d; table visits at most ceil(R/T) %d; "+
		"cut by the deadline %d; slowest %.2f s, all %.1f s\nabove the forced minimum: %s\n",
		len(sizes), atForced, windOK, visitsOK, cut, slowest.Seconds(), total.Seconds(), strings.Join(over, ", "))
}

// gridSizes reads TABLED_SEATING_GRID: "1" for the whole grid, "A-B"
// for players A to B by 4 to 12 hanchan, or a list of sizes "40x7,48x9".
func gridSizes(env string) [][2]int {
	var out [][2]int
	if strings.Contains(env, "x") {
		for _, f := range strings.Split(env, ",") {
			var n, r int
			if _, err := fmt.Sscanf(f, "%dx%d", &n, &r); err == nil {
				out = append(out, [2]int{n, r})
			}
		}
		return out
	}
	lo, hi := 16, 172
	if a, b, ok := strings.Cut(env, "-"); ok {
		fmt.Sscan(a, &lo)
		fmt.Sscan(b, &hi)
	}
	for n := lo; n <= hi; n += 4 {
		for r := 4; r <= 12; r++ {
			out = append(out, [2]int{n, r})
		}
	}
	return out
}

// cpuTime is the CPU time the process has used: on a machine shared with
// other work it says what a size costs better than the wall clock.
func cpuTime() time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

// BenchmarkMake seats three sizes: one the construction seats alone (172
// players, 12 hanchan), one where the search adds a round to it and
// spends its whole budget (32 players, 10 hanchan), and one a cyclic
// seating seats (24 players, 7 hanchan: Z_6 gives no construction).
func BenchmarkMake(b *testing.B) {
	for _, r := range []Request{{Players: 172, Hanchan: 12}, {Players: 32, Hanchan: 10}, {Players: 24, Hanchan: 7}} {
		b.Run(fmt.Sprintf("%dx%d", r.Players, r.Hanchan), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Make(context.Background(), r); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
