package display

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/outcome"
	"github.com/tabled/tabled/payment"
	"github.com/tabled/tabled/tile"
)

// ClockWords is the round's time left as the panels say it, in l (nil:
// English): whole minutes above two, then minutes and seconds; "TIME UP"
// at none; a "!" before it within the last ten minutes (the panels'
// warning, as the status page turns amber then red).
func ClockWords(l *catalog.Lang, left time.Duration, state string) string {
	w := In(l)
	if state == "over" || left <= 0 {
		return w.Text("panel.clock.up")
	}
	s := w.Text("panel.clock.min", "n", strconv.Itoa(int(left.Minutes())))
	if left < 2*time.Minute {
		secs := int(left.Round(time.Second).Seconds())
		s = w.Text("panel.clock.sec", "m", strconv.Itoa(secs/60), "s", fmt.Sprintf("%02d", secs%60))
	}
	switch state {
	case "paused":
		s = w.Text("panel.clock.paused", "time", s)
	case "waiting":
		s = w.Text("panel.clock.waiting", "time", s)
	}
	if left <= 10*time.Minute {
		s = w.Text("panel.clock.warn", "time", s)
	}
	return s
}

// scores sets the board's score: the points, the names, a settled hand's
// changes (a detail line too, for a panel with room), and at the game's
// end the standings in place of the hand.
func (w Words) scores(b *Board, st engine.State) {
	b.Names = st.Names
	if !st.Scoring {
		return
	}
	b.Scoring, b.Scores, b.ValueDue = true, st.Scores, st.ValueDue
	var due []string
	for x := engine.East; x <= engine.North; x++ {
		if s := x.Seat(st.Dealer); st.ValueDue[s] {
			due = append(due, w.who(st, s, st.Dealer))
		}
	}
	if len(due) > 0 {
		b.Detail = append(b.Detail, w.Text("panel.value_due", "who", strings.Join(due, ", ")))
	}
	for x := engine.East; x <= engine.North; x++ {
		if s := x.Seat(st.Dealer); len(st.Laid[s]) > 0 {
			b.Detail = append(b.Detail, w.Text("panel.laid", "who", w.who(st, s, st.Dealer), "n", strconv.Itoa(len(st.Laid[s])),
				"count", strconv.Itoa(st.LayCount[s]), "tiles", tile.Format(st.Laid[s])))
		}
	}
	if HandSettled(st) {
		b.Settled, b.Deltas = true, st.LastScore.Deltas
		var lines []string
		for _, win := range st.LastScore.Wins {
			lines = append(lines, w.Text("panel.win", "who", w.who(st, win.Seat, st.Dealer),
				"value", outcome.ValueWords(w.l, win.Value), "points", strconv.Itoa(win.Points)))
			if win.Hand != nil {
				lines = append(lines, outcome.YakuList(w.l, win.Hand.Result.Yaku))
				if b.Hand == nil {
					b.Hand = handTiles(win.Hand, st.Melds[win.Seat], win.Seat, st.Dealer)
				}
			}
		}
		b.Detail = append(append(lines, w.deltaLine(st.LastScore.Deltas, st.Dealer)), b.Detail...)
	}
	if st.GameOver && st.GameEnd != nil {
		b.Mode, b.Tags, b.Tile, b.Brief = ModeGameEnd, []string{w.Tag("game_over")}, engine.NoTile, ""
		b.Headline = w.Text("panel.standings")
		b.Standings = slices.Clone(st.GameEnd.Standings)
		slices.SortStableFunc(b.Standings, func(x, y payment.Standing) int { return x.Place - y.Place })
		b.Detail = nil
		for _, s := range b.Standings {
			b.Detail = append(b.Detail, w.StandingLine(s, st.Names[s.Seat], engine.Seat(s.Seat).Wind(st.Dealer)))
		}
	}
}

// deltaLine is a settled hand's changes by wind: "E -5200  S ±0  W +5200  N ±0".
func (w Words) deltaLine(d [4]int, dealer engine.Seat) string {
	var parts []string
	for x := engine.East; x <= engine.North; x++ {
		parts = append(parts, w.Text("panel.delta", "wind", w.Letter(x), "change", Signed(d[x.Seat(dealer)])))
	}
	return strings.Join(parts, "  ")
}

// StandingLine is one place of the final standings: "1 Ana (E) 41000
// +46.0"; the wind is the seat's in the last hand, as the points were
// kept; a seat without a name is its wind alone.
func (w Words) StandingLine(s payment.Standing, name string, x engine.Wind) string {
	who := w.Wind(x)
	if name != "" {
		who = w.Text("panel.named", "name", name, "wind", w.Letter(x))
	}
	return w.Text("panel.standing", "place", strconv.Itoa(s.Place), "who", who, "points", strconv.Itoa(s.Points), "result", w.Result(s.Result))
}

// board sets the panel's mode, headline and detail.
func (w Words) board(b *Board, st engine.State, hand []engine.Outcome) {
	last := lastDiscard(st)
	// The news is the hand's latest outcome, unless a discard came since.
	var news *engine.Outcome
	if n := len(hand); n > 0 {
		o := &hand[n-1]
		d := n - 2
		for d > 0 && hand[d].Code == engine.CodeDoraWithdrawn {
			d-- // a robbed kong's kan dora, withdrawn between the ron and the hand's end
		}
		switch {
		case o.Kind == engine.KindHandEnd && d >= 0 && hand[d].Kind == engine.KindDecision && hand[d].At == o.At:
			news = &hand[d] // a ron ended the hand: the decision says who and why
		case o.Kind == engine.KindDora && last < 0:
			// The first indicator, read before play: the panel stays idle.
		case o.Kind == engine.KindScore || o.Kind == engine.KindGameEnd:
			// The settlement is shown by scores, under the hand's own news.
			news = lastNews(hand[:n-1], last)
		case o.At >= last || o.Kind == engine.KindHandEnd:
			news = o
		}
	}
	switch {
	case st.Open != nil && len(st.Pending) > 0:
		b.Mode, b.Tags, b.Tile = ModePending, []string{w.Tag("deciding")}, st.Open.Tile
		var calls []string
		for _, c := range st.Pending {
			calls = append(calls, w.Label(c.Call, c.Seat, st.Dealer))
		}
		b.Headline = strings.Join(calls, ", ")
		b.Detail = []string{w.Text("panel.on", "what", w.tileOf(st.Open.Seat, st.Dealer, *st.Open))}
	case news != nil:
		w.announce(b, st, *news)
	case st.Open != nil:
		b.Mode, b.Tile = ModeOpen, st.Open.Tile
		b.Headline = w.Text("panel.open", "wind", w.Wind(st.Open.Seat.Wind(st.Dealer)), "tile", outcome.TileWords(w.l, st.Open.Tile))
		if st.Open.Kong {
			b.Tags = []string{w.Tag("kong")}
			b.Detail = []string{w.Text("panel.robbable")}
		}
		b.Detail = append(b.Detail, w.turnLine(st))
	case last < 0 && !st.Ended:
		b.Mode = ModeIdle
		b.Headline = w.Round(st.RoundWind, st.HandNumber)
		b.Detail = []string{w.turnLine(st)}
	default:
		b.Mode = ModePlay
		b.Headline = w.turnLine(st)
	}
	if st.Ended {
		b.Tags = append(b.Tags, w.Tag("hand_over"))
	}
}

// lastNews is the news among outcomes before a settlement: the decision
// of a ron that ended the hand, else the hand's end, else the latest.
func lastNews(hand []engine.Outcome, last time.Duration) *engine.Outcome {
	for i := len(hand) - 1; i >= 0; i-- {
		o := &hand[i]
		if o.Kind != engine.KindHandEnd {
			continue
		}
		if i > 0 && hand[i-1].Kind == engine.KindDecision && hand[i-1].At == o.At {
			return &hand[i-1]
		}
		return o
	}
	if n := len(hand); n > 0 && hand[n-1].At >= last {
		return &hand[n-1]
	}
	return nil
}

// who is a seat as a headline names it: the player's name, or the
// seat's wind when no name is given.
func (w Words) who(st engine.State, s, dealer engine.Seat) string {
	if s.Valid() && st.Names[s] != "" {
		return st.Names[s]
	}
	return w.Wind(s.Wind(dealer))
}

// tileOf is "South's 5m" or "South's kong 5m".
func (w Words) tileOf(s, dealer engine.Seat, c engine.Claimed) string {
	key := "panel.discard_of"
	if c.Kong {
		key = "panel.kong_of"
	}
	return w.Text(key, "wind", w.Wind(s.Wind(dealer)), "tile", c.Tile.String())
}

// turnLine says whose turn it is.
func (w Words) turnLine(st engine.State) string {
	switch {
	case st.GameOver:
		return w.Text("panel.game_over")
	case st.Ended || !st.Turn.Valid():
		return w.Text("panel.hand_over")
	}
	key := "panel.to_discard"
	if st.Phase == engine.ToDraw {
		key = "panel.to_draw"
	}
	return w.Text(key, "wind", w.Wind(st.Turn.Wind(st.Dealer)))
}

// lastDiscard is the time of the latest discard of the hand, -1 for none.
func lastDiscard(st engine.State) time.Duration {
	last := time.Duration(-1)
	for _, d := range st.Discards {
		if n := len(d); n > 0 && d[n-1].At > last {
			last = d[n-1].At
		}
	}
	return last
}
