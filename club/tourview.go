package club

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"time"

	"github.com/tabled/tabled/seating"
	"github.com/tabled/tabled/standings"
	"github.com/tabled/tabled/tournament"
)

// seatTime bounds a seating's search: past it, the best found so far.
const seatTime = 10 * time.Second

// TournamentView is what the console's tournament pages read: the state
// in force, with what the console adds at the moment of the view.
type TournamentView struct {
	tournament.State
	// Fit says what the players lack to make tables ("" when nothing).
	Fit string `json:"fit"`
	// Seated is how many players the next seating seats: the page words
	// Fit from it in its reader's language.
	Seated int `json:"seated"`
	// Current is the round being played or next (0: none seated).
	Current int `json:"current"`
	// Clocks are each round's clock as a table gets it now.
	Clocks []RoundClock `json:"clocks"`
	// Published says, per round, whether its results are shown to players.
	Published []bool `json:"published"`
	// Seen are the tables the console sees; Progress each seen table's
	// progress (hand, discards) by name.
	Seen     []string                 `json:"seen"`
	Progress map[string]TableProgress `json:"progress"`
}

// TableProgress is a table's progress in its game, from its events.
type TableProgress struct {
	Online bool   `json:"online"`
	Deal   string `json:"deal,omitempty"`
	Hand   int    `json:"hand"`
	Last   string `json:"last,omitempty"`
}

// current is the round being played: the first whose clock is not over,
// else the last seated.
func current(st tournament.State) int {
	for _, r := range st.Rounds {
		if r.Clock.State != tournament.ClockOver {
			return r.Number
		}
	}
	return len(st.Rounds)
}

// roundClock is a round's clock as a table gets it at now.
func roundClock(c tournament.ClockState, now time.Time) RoundClock {
	left := c.Remaining(now)
	state := c.State
	if state == tournament.ClockRunning && left == 0 {
		state = tournament.ClockOver
	}
	return RoundClock{State: state, RemainingMS: left.Milliseconds()}
}

// View is the tournament as its pages show it now.
func (t *Tournament) View() TournamentView {
	st, _ := t.Store.State()
	return t.view(st)
}

func (t *Tournament) view(st tournament.State) TournamentView {
	now := t.now()
	v := TournamentView{State: st, Fit: st.Fit(), Seated: len(st.Seated()), Current: current(st), Progress: map[string]TableProgress{}}
	for _, r := range st.Rounds {
		v.Clocks = append(v.Clocks, roundClock(r.Clock, now))
		v.Published = append(v.Published, st.Published(r.Number))
	}
	if t.Console != nil {
		tables, _, _ := t.Console.Tables()
		for _, tv := range tables {
			v.Seen = append(v.Seen, tv.Table)
			v.Progress[tv.Table] = TableProgress{Online: tv.Online, Deal: tv.Deal, Hand: tv.Hand, Last: tv.Last}
		}
	}
	return v
}

// PublicView is what the players' pages read: the players (without
// their cards), the seating, the clocks, the results of the rounds
// published, and the standings as published.
type PublicView struct {
	Name      string                  `json:"name"`
	Rounds    int                     `json:"rounds"`
	Players   []PublicPlayer          `json:"players"`
	Seating   []tournament.RoundState `json:"seating"`
	Current   int                     `json:"current"`
	Clocks    []RoundClock            `json:"clocks"`
	Standings *standings.Standings    `json:"standings,omitempty"`
}

// PublicPlayer is a player as the players' pages show them.
type PublicPlayer struct {
	Number  int    `json:"number"`
	Name    string `json:"name"`
	Country string `json:"country,omitempty"`
	Club    string `json:"club,omitempty"`
}

// public is st as the players may see it now.
func (t *Tournament) public(st tournament.State) PublicView {
	v := PublicView{Name: st.Options.Name, Rounds: st.Options.Rounds, Current: current(st), Seating: st.Rounds}
	for _, p := range st.Players {
		v.Players = append(v.Players, PublicPlayer{p.Number, p.Name, p.Country, p.Club})
	}
	now := t.now()
	for i, r := range st.Rounds {
		v.Clocks = append(v.Clocks, roundClock(r.Clock, now))
		if !st.Published(r.Number) {
			for j := range v.Seating[i].Games {
				v.Seating[i].Games[j].Result = nil
			}
		}
	}
	players, games, pens, opts := rankInput(st, false)
	if s, err := standings.Rank(players, games, pens, opts); err == nil {
		v.Standings = &s
	}
	return v
}

// stream serves GET /api/tournament/stream (the referee's view) and
// /api/tournament/stream?public=1 (the players' view) as server-sent
// events: at once, at each change of the tournament, at a table's event
// (the referee's view, at most two a second: the tables' progress), and
// every 15 s; the pages count the clock down between.
func (t *Tournament) stream(w http.ResponseWriter, r *http.Request) {
	public := r.URL.Query().Get("public") != ""
	rc := http.NewResponseController(w)
	rc.SetReadDeadline(time.Time{})
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	for {
		st, changed := t.Store.State()
		var v any = t.view(st)
		if public {
			v = t.public(st)
		}
		b, err := json.Marshal(v)
		if err != nil {
			return
		}
		rc.SetWriteDeadline(time.Now().Add(5 * time.Second))
		if _, err := fmt.Fprintf(w, "data: %s\n\n", b); err != nil || rc.Flush() != nil {
			return
		}
		var tables <-chan struct{}
		if t.Console != nil && !public {
			_, _, tables = t.Console.Tables()
		}
		select {
		case <-r.Context().Done():
			return
		case <-changed:
		case <-tables:
			// A table's event: its progress, at most two views a second.
			pace := time.NewTimer(500 * time.Millisecond)
			select {
			case <-r.Context().Done():
				pace.Stop()
				return
			case <-pace.C:
			}
		case <-time.After(15 * time.Second): // a keep-alive
		}
	}
}

// SeatBody is the body of POST /api/tournament/seat: seat the rounds
// from From to the last, keeping those before.
type SeatBody struct {
	By   string `json:"by"`
	Why  string `json:"why"`
	From int    `json:"from"`
	Seed int64  `json:"seed"`
}

func (t *Tournament) seat(w http.ResponseWriter, r *http.Request) {
	var b SeatBody
	if !decode(w, r, maxBody, &b) {
		return
	}
	st, _ := t.Store.State()
	seated, err := t.seating(st, b.From, b.Seed)
	if err != nil {
		failErr(w, http.StatusConflict, err)
		return
	}
	rec := newRecord(tournament.KindSeated, b.By, b.Why, t.now())
	rec.Seated = seated
	if t.add(w, b.By, rec) {
		t.sendRound()
	}
}

// seating makes the seating of rounds from..last for the seated
// players, keeping the rounds before as played; the tables it names must
// be tables the console sees.
func (t *Tournament) seating(st tournament.State, from int, seed int64) (*tournament.Seated, error) {
	o := st.Options
	if o.Rounds == 0 {
		return nil, tournament.Refuse("seat_options", nil, "set the options (rounds, tables) before seating")
	}
	if from < 1 || from > len(st.Rounds)+1 || from > o.Rounds {
		return nil, tournament.Refuse("seat_from", map[string]any{"from": from, "seated": len(st.Rounds), "rounds": o.Rounds},
			"field from: round %d does not follow the %d seated of %d", from, len(st.Rounds), o.Rounds)
	}
	if f := st.Fit(); f != "" {
		return nil, tournament.Refuse("fit", map[string]any{"seated": len(st.Seated())}, "%s", f)
	}
	players := st.Seated()
	if n := len(players) / 4; n > len(o.Tables) {
		return nil, tournament.Refuse("seat_tables", map[string]any{"players": len(players), "need": n, "named": len(o.Tables)},
			"%d players need %d tables, the options name %d", len(players), n, len(o.Tables))
	}
	if t.Console != nil {
		seen, _, _ := t.Console.Tables()
		for _, name := range o.Tables[:len(players)/4] {
			if !slices.ContainsFunc(seen, func(v TableView) bool { return v.Table == name }) {
				return nil, tournament.Refuse("seat_unseen", map[string]any{"table": name},
					"table %q is not one the console sees: start it, or name the tables it sees in the options", name)
			}
		}
	}
	// Positions 1..n are the seated players in number order; a
	// substitute takes the place of the player replaced in what was
	// played, so the seating keeps apart who met there.
	pos := map[int]int{}
	for i, p := range players {
		pos[p] = i + 1
	}
	for _, p := range st.Players {
		if p.ReplacedBy != 0 {
			pos[p.Number] = pos[p.ReplacedBy]
		}
	}
	var played [][][4]int
	for _, r := range st.Rounds[:from-1] {
		var tables [][4]int
		for _, g := range r.Games {
			var tb [4]int
			for i, p := range g.Players {
				tb[i] = pos[p]
			}
			tables = append(tables, tb)
		}
		played = append(played, tables)
	}
	clubs := make([]string, len(players))
	for i, p := range players {
		pl, _ := st.Player(p)
		clubs[i] = pl.Club
	}
	ctx, cancel := context.WithTimeout(context.Background(), seatTime)
	defer cancel()
	rounds, err := seating.Make(ctx, seating.Request{Players: len(players), Hanchan: o.Rounds, Seed: seed, Played: played, Clubs: clubs})
	if err != nil {
		return nil, err
	}
	return &tournament.Seated{From: from, Rounds: rounds[from-1:], Players: players}, nil
}
