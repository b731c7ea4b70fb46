package seating

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"
)

// valid fails t unless s seats each of players 1..n once a round, in
// rounds hanchan.
func valid(t *testing.T, s Seating, n, rounds int) {
	t.Helper()
	if len(s) != rounds {
		t.Fatalf("%d rounds, want %d", len(s), rounds)
	}
	for r, round := range s {
		if err := checkRound(round, n); err != nil {
			t.Fatalf("round %d: %v", r+1, err)
		}
	}
}

// make seats r with a deadline long enough for the search's own bound
// on a loaded machine.
func make_(t *testing.T, r Request) Seating {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	s, err := Make(ctx, r)
	if err != nil {
		t.Fatal(err)
	}
	valid(t, s, r.Players, r.Hanchan)
	return s
}

// TestMakeMeetsTheTargets: on a spread of sizes, no repeat meeting beyond
// what the sizes force, every player each wind floor(R/4)..ceil(R/4)
// times, and no table visited more than ceil(R/T) times.
func TestMakeMeetsTheTargets(t *testing.T) {
	for _, c := range []struct {
		players, hanchan int
		long             bool
		maxVisits        int // 0: ceil(R/T)
	}{
		// 16 players in 5 rounds with no repeat is the affine plane of
		// order 4, where any two tables of different rounds share a
		// player: someone sits at a table 3 times.
		{players: 16, hanchan: 5, maxVisits: 3},
		// Past 5 rounds 16 players must repeat; the search meets the forced
		// minimum, and a player then sits 4 times at a table, not the 3
		// of an even spread.
		{players: 16, hanchan: 12, maxVisits: 4},
		{players: 20, hanchan: 4},
		{players: 32, hanchan: 8},
		{players: 36, hanchan: 7},
		// Table numbers by assignment and the golf search on visits:
		// every player at 7 (11) different tables of 10 (15).
		{players: 40, hanchan: 7},
		{players: 60, hanchan: 11, long: true},
		{players: 100, hanchan: 10, long: true},
		{players: 172, hanchan: 12, long: true},
	} {
		t.Run(fmt.Sprintf("%dx%d", c.players, c.hanchan), func(t *testing.T) {
			if c.long && testing.Short() {
				t.Skip("a large size")
			}
			if c.maxVisits != 0 && raceEnabled {
				// Above the bound, the visits pass spends its whole budget.
				t.Skip("a minute under the race detector: runs without it (.ci/run)")
			}
			q := Measure(make_(t, Request{Players: c.players, Hanchan: c.hanchan, Seed: 7}), c.players)
			if q.Repeats != q.ForcedRepeats {
				t.Errorf("%d repeat meetings, the sizes force %d", q.Repeats, q.ForcedRepeats)
			}
			if q.WindOff != 0 {
				t.Errorf("winds %d..%d a player, want %d..%d", q.WindMin, q.WindMax, c.hanchan/4, (c.hanchan+3)/4)
			}
			want := c.maxVisits
			if want == 0 {
				want = q.NeededVisits
			}
			if q.MaxVisits > want {
				t.Errorf("a player at one table %d times, want at most %d", q.MaxVisits, want)
			}
		})
	}
}

// TestMakeIsDeterministic: the same request and seed give the same
// seating; another seed another.
func TestMakeIsDeterministic(t *testing.T) {
	if raceEnabled {
		t.Skip("a minute under the race detector: runs without it (.ci/run)")
	}
	// 28 players are seated by the construction alone; 24 (Z_6 has no
	// four elements differing by units) go through the search.
	for _, r := range []Request{{Players: 28, Hanchan: 7, Seed: 3}, {Players: 24, Hanchan: 5, Seed: 3}} {
		a, b := make_(t, r), make_(t, r)
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("%d players, seed 3 twice:\n%v\n%v", r.Players, a, b)
		}
		r.Seed = 4
		if c := make_(t, r); reflect.DeepEqual(a, c) {
			t.Fatalf("%d players: seeds 3 and 4 gave the same seating %v", r.Players, a)
		}
	}
}

// TestPlayedRoundsKept: after a substitution the rounds left are seated
// again; the played rounds come back exactly, winds are balanced over the
// whole tournament, and the repeat meetings are the fewest the played
// rounds force (playedBound: none here, where a seating of all the rounds
// at once has none). 28 players in 9 hanchan with 4 played leave exactly
// the pairs the 5 rounds left need: the search alone left 23 repeats
// there, the renamed fresh seating none.
func TestPlayedRoundsKept(t *testing.T) {
	if raceEnabled {
		t.Skip("a minute under the race detector: runs without it (.ci/run)")
	}
	for _, c := range []struct{ players, hanchan, played int }{{32, 8, 3}, {32, 8, 5}, {28, 9, 4}} {
		first := make_(t, Request{Players: c.players, Hanchan: c.hanchan, Seed: 1})
		played := first[:c.played]
		again := make_(t, Request{Players: c.players, Hanchan: c.hanchan, Seed: 2, Played: played})
		if !reflect.DeepEqual(again[:c.played], played) {
			t.Fatalf("%dx%d: played rounds changed:\n%v\n%v", c.players, c.hanchan, again[:c.played], played)
		}
		if reflect.DeepEqual(again[c.played:], first[c.played:]) {
			t.Fatalf("%dx%d: the rounds left are the first seating's: nothing was seated again", c.players, c.hanchan)
		}
		s := newSearch(context.Background(), Request{Players: c.players, Hanchan: c.played, Played: played})
		forced := playedBound(s.meet, c.players, c.played, c.hanchan)
		q := Measure(again, c.players)
		if q.Repeats != forced || q.WindOff != 0 {
			t.Errorf("%dx%d re-seated after %d: %d repeats (the played rounds force %d), winds %d off", c.players, c.hanchan, c.played, q.Repeats, forced, q.WindOff)
		}
	}
	first := make_(t, Request{Players: 32, Hanchan: 8, Seed: 1})
	// A played round that repeats meetings is kept all the same.
	same := [][][4]int{first[0], first[0]}
	kept := make_(t, Request{Players: 32, Hanchan: 4, Seed: 2, Played: same})
	if !reflect.DeepEqual(kept[:2], Seating(same)) {
		t.Fatalf("played rounds changed:\n%v\n%v", kept[:2], same)
	}
	if q := Measure(kept, 32); q.Repeats != 48 {
		t.Errorf("%d repeat meetings, want the 48 of the played rounds alone", q.Repeats)
	}
}

// TestClubsKeptApart: players of one club do not share a table where the
// sizes allow it: in every round for 32 players of 8 clubs of 4 in 8
// rounds, and for 48 players (a third without a club, the others in 5
// clubs) in 7; for 16 players of 4 clubs of 4 in 5 rounds (where each
// player meets every other once, clubmates too) in the first 4 rounds.
func TestClubsKeptApart(t *testing.T) {
	for _, c := range []struct {
		players, hanchan, clubs, apart int
		none                           int // every none-th player has no club
	}{
		{players: 32, hanchan: 8, clubs: 8, apart: 8},
		{players: 16, hanchan: 5, clubs: 4, apart: 4},
		{players: 48, hanchan: 7, clubs: 5, apart: 7, none: 3},
	} {
		t.Run(fmt.Sprintf("%dx%d", c.players, c.hanchan), func(t *testing.T) {
			clubs := make([]string, c.players)
			for i := range clubs {
				// Interleaved, so that player numbers say nothing of clubs;
				// with none set, every player of a club.
				if c.none == 0 || i%c.none != 0 {
					clubs[i] = fmt.Sprintf("club %d", i%c.clubs)
				}
			}
			s := make_(t, Request{Players: c.players, Hanchan: c.hanchan, Seed: 1, Clubs: clubs})
			for r, round := range s[:c.apart] {
				for tb, table := range round {
					for i, p := range table {
						for _, o := range table[i+1:] {
							if clubs[p-1] != "" && clubs[p-1] == clubs[o-1] {
								t.Errorf("round %d, table %d: %d and %d of %s", r+1, tb+1, p, o, clubs[p-1])
							}
						}
					}
				}
			}
			if q := Measure(s, c.players); q.Repeats != q.ForcedRepeats || q.WindOff != 0 {
				t.Errorf("with clubs: %v", q)
			}
		})
	}
}

// TestBadRequests: each error says what is wrong.
func TestBadRequests(t *testing.T) {
	dup := [][][4]int{{{1, 2, 3, 4}, {5, 6, 7, 1}}}
	for _, c := range []struct {
		r    Request
		want string
	}{
		{Request{Players: 18, Hanchan: 4}, "18 players is not a multiple of 4: add 2 substitutes to make 20"},
		{Request{Players: 23, Hanchan: 4}, "add 1 substitute to make 24"},
		{Request{Players: 0, Hanchan: 4}, "0 players: a table needs 4"},
		{Request{Players: 8, Hanchan: 0}, "0 hanchan: at least 1"},
		{Request{Players: 2048, Hanchan: 4}, "2048 players: at most 1024"},
		{Request{Players: 8, Hanchan: 1, Played: [][][4]int{{{1, 2, 3, 4}, {5, 6, 7, 8}}, {{1, 2, 3, 4}, {5, 6, 7, 8}}}}, "2 rounds played but only 1 hanchan"},
		{Request{Players: 8, Hanchan: 2, Played: dup}, "played round 1: table 2, North: player 1 already seated at table 1"},
		{Request{Players: 8, Hanchan: 2, Played: [][][4]int{{{1, 2, 3, 4}}}}, "played round 1: 1 tables, want 2 for 8 players"},
		{Request{Players: 8, Hanchan: 2, Played: [][][4]int{{{1, 2, 3, 4}, {5, 6, 7, 9}}}}, "table 2, North: player 9 is not in 1..8"},
		{Request{Players: 8, Hanchan: 2, Clubs: []string{"a"}}, "1 clubs given for 8 players"},
	} {
		_, err := Make(context.Background(), c.r)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: error %v, want %q", c.r, err, c.want)
		}
	}
}

// TestDeadlineGivesAValidSeating: a context already done still gets a
// whole seating, the best the search had.
func TestDeadlineGivesAValidSeating(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, r := range []Request{{Players: 24, Hanchan: 9}, {Players: 40, Hanchan: 12, Played: nil}} {
		s, err := Make(ctx, r)
		if err != nil {
			t.Fatal(err)
		}
		valid(t, s, r.Players, r.Hanchan)
	}
}
