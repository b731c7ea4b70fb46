package engine

import (
	"math/rand/v2"
	"sort"
	"testing"
	"time"

	"github.com/tabled/tabled/payment"
)

// player plays whole games at an engine with random hands: discards,
// riichi, rons (several under 2008), tsumo, draws with tenpai, chombo, and
// random values, checking the invariant after every input.
type player struct {
	t   *testing.T
	rng *rand.Rand
	e   *Engine
	at  time.Duration
	out []Outcome
}

func (p *player) apply(ev Event) {
	p.t.Helper()
	if ev.Dealer == 0 {
		ev.Dealer = NoSeat
	}
	ev.At = p.at
	var err error
	if p.out, err = p.e.Apply(ev, p.out); err != nil {
		p.t.Fatalf("Apply(%+v): %v", ev, err)
	}
	if err := p.e.CheckInvariant(); err != nil {
		p.t.Fatal(err)
	}
}

// value is a random value the rules accept for a ron or a tsumo.
func (p *player) value(tsumo bool) *HandValue {
	v := &HandValue{Pao: NoSeat}
	switch k := p.rng.IntN(20); {
	case k < 12:
		v.Han = 1 + p.rng.IntN(4)
		v.Fu = 30 + 10*p.rng.IntN(5)
		if tsumo && k < 3 {
			v.Fu = 20 + 10*p.rng.IntN(2)
			v.Han = max(v.Han, 2) // 20 fu is a pinfu tsumo: 2 han at least
		}
	case k < 14:
		v.Han, v.Fu = 2+p.rng.IntN(3), 25
	case k < 19:
		v.Limit = payment.Limit(1 + p.rng.IntN(4))
	default:
		v.Limit = payment.Yakuman
	}
	return v
}

// hand plays one hand and reports whether East keeps the deal.
func (p *player) hand() (dealerKeeps bool) {
	st := p.e.State()
	seat := st.Dealer
	n := 1 + p.rng.IntN(12)
	var riichi [4]bool
	var last Seat
	for i := 0; i < n; i++ {
		if !riichi[seat] && p.rng.IntN(8) == 0 {
			p.apply(Event{Seat: seat, Action: Riichi})
			riichi[seat] = true
		}
		p.apply(Event{Seat: seat, Action: Discard, Tile: Tile(1 + p.rng.IntN(34))})
		last, seat = seat, seat.Next()
		p.at += 4 * time.Second
	}
	dealer := st.Dealer
	switch k := p.rng.IntN(20); {
	case k < 9: // ron on the last discard, or two under rules without head bump
		p.at -= 3500 * time.Millisecond
		winners := []Seat{(last + Seat(1+p.rng.IntN(3))) & 3}
		p.apply(Event{Seat: winners[0], Action: Ron})
		if !p.e.p.HeadBump && p.rng.IntN(3) == 0 {
			if w := (winners[0] + 1) & 3; w != last {
				p.at += 50 * time.Millisecond
				p.apply(Event{Seat: w, Action: Ron})
				winners = append(winners, w)
			}
		}
		p.at += 5 * time.Second
		for _, w := range winners {
			p.apply(Event{Seat: w, Action: Value, Value: p.value(false)})
			p.at += time.Second
			dealerKeeps = dealerKeeps || w == dealer
		}
	case k < 14: // tsumo by the seat on turn
		p.apply(Event{Seat: seat, Action: Tsumo})
		p.at += 4 * time.Second
		v := p.value(true)
		if v.Limit == payment.Yakuman && p.rng.IntN(2) == 0 {
			v.Pao = (seat + 2) & 3
		}
		p.apply(Event{Seat: seat, Action: Value, Value: v})
		dealerKeeps = seat == dealer
	case k < 19: // a draw, with the tenpai shown
		for s := Seat(0); s < 4; s++ {
			if p.rng.IntN(2) == 0 {
				p.apply(Event{Seat: s, Action: Tenpai})
				dealerKeeps = dealerKeeps || s == dealer
			}
		}
	default:
		p.apply(Event{Seat: Seat(p.rng.IntN(4)), Action: Chombo})
		dealerKeeps = true
	}
	p.at += 5 * time.Second
	return dealerKeeps
}

// TestWholeGames plays whole hanchan and tonpuu games of random hands
// under every profile: the scores always add up, the game ends after the
// last round's last hand when East passes (never before), and the
// standings rank the points with the uma.
func TestWholeGames(t *testing.T) {
	seen := map[string]int{}
	defer func() {
		// The random hands reach every kind of settlement.
		for _, k := range []string{"ron", "tsumo", "draw", "chombo", "ron2", "game_end", "pao"} {
			if seen[k] == 0 {
				t.Errorf("no %s in the games played: %v", k, seen)
			}
		}
		// Every input was one the rules allow: none may be refused.
		if seen["rejected"] > 0 {
			t.Errorf("%d inputs refused", seen["rejected"])
		}
	}()
	for _, name := range ProfileNames() {
		for _, length := range []payment.Length{payment.Hanchan, payment.Tonpuu} {
			for seed := range uint64(20) {
				prof, _ := ProfileByName(name)
				r := *prof.Score
				r.Game = length
				prof.Score = &r
				e, err := New(prof, Seat(seed%4))
				if err != nil {
					t.Fatal(err)
				}
				p := &player{t: t, rng: rand.New(rand.NewPCG(seed, 23)), e: e}
				for hands := 0; ; hands++ {
					if hands > 400 {
						t.Fatalf("%s %s seed %d: no end after %d hands", name, length, seed, hands)
					}
					before := e.State()
					keeps := p.hand()
					p.apply(Event{Action: NewHand})
					lastRound := Wind(length.Rounds() - 1)
					last := before.RoundWind == lastRound && before.HandNumber == 4 && !keeps
					var end *GameEnd
					for _, o := range p.out {
						switch o.Kind {
						case KindGameEnd:
							end = o.GameEnd
							seen["game_end"]++
						case KindRejection:
							seen["rejected"]++
						case KindScore:
							seen[o.Score.Result.String()]++
							if len(o.Score.Wins) > 1 {
								seen["ron2"]++
							}
							for _, w := range o.Score.Wins {
								if w.Pao != NoSeat {
									seen["pao"]++
								}
							}
						}
					}
					p.out = p.out[:0]
					if (end != nil) != last {
						t.Fatalf("%s %s seed %d: %s %d, East keeps %v: game over %v", name, length, seed, before.RoundWind, before.HandNumber, keeps, end != nil)
					}
					if end != nil {
						checkStandings(t, r, end)
						break
					}
				}
			}
		}
	}
}

// checkStandings: places follow the points, the results add up to the
// points and leftover deposits less the start, less the penalties.
func checkStandings(t *testing.T, r payment.Rules, g *GameEnd) {
	t.Helper()
	st := append([]payment.Standing(nil), g.Standings...)
	sort.Slice(st, func(i, j int) bool { return st[i].Place < st[j].Place })
	sum, pts, pen := 0, 0, 0
	for i, s := range st {
		if i > 0 && (s.Points > st[i-1].Points || (s.Points == st[i-1].Points && s.Place != st[i-1].Place && r.TiesSplit)) {
			t.Fatalf("standings out of order: %+v", st)
		}
		if g.Scores[s.Seat] != s.Points {
			t.Fatalf("standing %+v, scores %v", s, g.Scores)
		}
		sum, pts, pen = sum+s.Result, pts+s.Points, pen+s.Penalty
	}
	want := pts + g.Sticks*r.Riichi - 4*r.StartPoints - pen
	if !r.LeftoverToFirst {
		want -= g.Sticks * r.Riichi
	}
	if sum != want {
		t.Fatalf("results add up to %d, want %d: %+v", sum, want, st)
	}
}
