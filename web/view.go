package web

import (
	"encoding/json"
	"sort"
	"time"

	"github.com/tabled/tabled/alert"
	"github.com/tabled/tabled/display"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/outcome"
	"github.com/tabled/tabled/payment"
	"github.com/tabled/tabled/table"
)

// SeatView is one seat as the page shows it.
type SeatView struct {
	Seat int    `json:"seat"`
	Wind string `json:"wind"`
	// Name is the wind's name; Player the player's, "" when not given.
	Name   string `json:"name"`
	Player string `json:"player"`
	// Points are the seat's points now (when the game keeps score); Delta
	// its change in the hand just settled, until the next deal.
	Points int  `json:"points"`
	Delta  *int `json:"delta,omitempty"`
	// ValueDue: the seat won the hand that ended and its value is still
	// to be entered.
	ValueDue bool `json:"value_due,omitempty"`
	// Win is the seat's win in the hand that ended, nil for a seat that
	// did not win.
	Win      *WinView      `json:"win,omitempty"`
	Riichi   bool          `json:"riichi"`
	Dead     bool          `json:"dead"`
	Tenpai   bool          `json:"tenpai"`
	Discards []DiscardView `json:"discards"`
	// Melds are the seat's melds as every view shows them (outcome.Meld).
	Melds []outcome.Meld `json:"melds"`
	// Can are the presses the seat may make now, as the engine decides
	// them (engine.Legal): the page enables those buttons and no other.
	Can []string `json:"can"`
	// LastTurnMS and AvgTurnMS are the seat's turn times this hand: from
	// the previous discard to its own.
	LastTurnMS int64 `json:"last_turn_ms"`
	AvgTurnMS  int64 `json:"avg_turn_ms"`
}

// DiscardView is one tile of a river: Called when a claim took it (the
// page marks it), Riichi for the declaration tile (drawn sideways).
type DiscardView struct {
	Tile   string `json:"tile"`
	Called bool   `json:"called,omitempty"`
	Riichi bool   `json:"riichi,omitempty"`
}

// StateView is the table state as the page and /api/state show it.
type StateView struct {
	Seq       uint64 `json:"seq"`
	Profile   string `json:"profile"`
	RoundWind string `json:"round_wind"`
	// RoundLetter is the round wind's letter (E, S, W, N): the page names
	// it in the reader's language.
	RoundLetter string     `json:"round_letter"`
	Hand        int        `json:"hand"`
	Honba       int        `json:"honba"`
	Sticks      int        `json:"riichi_sticks"`
	Turn        *string    `json:"turn"`
	Wall        int        `json:"wall"`
	Kongs       int        `json:"kongs"`
	Indicators  []string   `json:"indicators"`
	Dora        []string   `json:"dora"`
	KanDoraDue  int        `json:"kan_dora_due"`
	Seats       []SeatView `json:"seats"`
	Ended       bool       `json:"ended"`
	Result      string     `json:"result,omitempty"`
	Winners     []string   `json:"winners,omitempty"`
	// Open is the tile open for calls, if any: Since is when (table time,
	// ms), for the page's countdowns; Window and Deadline the profile's.
	Open *OpenView `json:"open,omitempty"`
	// Pending are the calls in the open simultaneity window.
	Pending []ClaimView `json:"pending"`
	// NowMS is the table time of the state, in ms.
	NowMS int64 `json:"now_ms"`
	// Alerts are the alerts showing until the next deal.
	Alerts []alert.Alert `json:"alerts"`
	// Scoring: the game keeps score (the seats' Points). Game is its
	// length; GameOver once it has ended, with the Standings by seat.
	Scoring   bool               `json:"scoring"`
	Game      string             `json:"game,omitempty"`
	GameOver  bool               `json:"game_over,omitempty"`
	Standings []payment.Standing `json:"standings,omitempty"`
	// Limits are the limits a value may name, for the page's picker;
	// MaxYakuman the most yakuman one hand may count.
	Limits     []string `json:"limits,omitempty"`
	MaxYakuman int      `json:"max_yakuman,omitempty"`
	// Aka is the number of red fives in the set: the hand picker offers
	// them only where there are some.
	Aka int `json:"aka,omitempty"`

	// Round is the tournament round's players by physical seat, nil
	// outside a tournament; Confirmed the seats whose player confirmed the
	// ended game's result.
	Round     *RoundView `json:"round,omitempty"`
	Confirmed []bool     `json:"confirmed,omitempty"`
}

// RoundView is a tournament round at the table: its players by physical
// seat, with their cards (the simulated table lays them on its readers).
type RoundView struct {
	Tournament string                 `json:"tournament"`
	Round      int                    `json:"round"`
	Players    [4]engine.SeatedPlayer `json:"players"`
}

// OpenView is what may be claimed now.
type OpenView struct {
	Seat       int    `json:"seat"`
	Wind       string `json:"wind"`
	Tile       string `json:"tile"`
	Kong       bool   `json:"kong,omitempty"`
	SinceMS    int64  `json:"since_ms"`
	WindowMS   int64  `json:"window_ms"`
	DeadlineMS int64  `json:"deadline_ms"`
}

// ClaimView is one claim as the page shows it: the seat, its wind, the
// call, and for a claim that lost the rule (Code, a stable name) and the
// engine's words for it (Why), in the page's language (reword).
type ClaimView struct {
	Seat int    `json:"seat"`
	Wind string `json:"wind"`
	Call string `json:"call"`
	Late bool   `json:"late,omitempty"`
	Code string `json:"code,omitempty"`
	Why  string `json:"why,omitempty"`
	// AtMS is when the call was stamped (table time, ms).
	AtMS int64 `json:"at_ms"`
}

func claimViews(cs []engine.Claim, dealer engine.Seat) []ClaimView {
	var out []ClaimView
	for _, c := range cs {
		cv := ClaimView{Seat: int(c.Seat), Wind: c.Seat.Wind(dealer).Letter(), Call: c.Call.String(), Late: c.Late, Why: c.Why, AtMS: c.At.Milliseconds()}
		if c.Code != engine.CodeNone {
			cv.Code = c.Code.String()
		}
		out = append(out, cv)
	}
	return out
}

// tileText is a tile in mpsz, "" when not seen.
func tileText(t engine.Tile) string {
	if !t.Known() {
		return ""
	}
	return t.String()
}

// stateView is the page's view of st; p is the table's rule profile (for
// the countdowns) and alerts those showing.
func stateView(st engine.State, seq uint64, p engine.Profile, alerts []alert.Alert) StateView {
	v := StateView{Seq: seq, Profile: st.Profile, RoundWind: st.RoundWind.String(), RoundLetter: st.RoundWind.Letter(), Hand: st.HandNumber,
		Honba: st.Honba, Sticks: st.RiichiSticks, Wall: st.Wall, Kongs: st.Kongs, KanDoraDue: st.KanDoraDue,
		Ended: st.Ended, Result: st.Result.String(), Indicators: []string{}, Dora: []string{},
		Pending: claimViews(st.Pending, st.Dealer), NowMS: st.Now.Milliseconds(), Alerts: alerts}
	if v.Pending == nil {
		v.Pending = []ClaimView{}
	}
	if v.Alerts == nil {
		v.Alerts = []alert.Alert{}
	}
	for _, w := range st.Winners {
		v.Winners = append(v.Winners, w.Wind(st.Dealer).Letter())
	}
	if o := st.Open; o != nil && !st.Ended {
		v.Open = &OpenView{Seat: int(o.Seat), Wind: o.Seat.Wind(st.Dealer).Letter(), Tile: tileText(o.Tile), Kong: o.Kong,
			SinceMS: st.OpenAt.Milliseconds(), WindowMS: p.Window.Milliseconds(), DeadlineMS: p.CallDeadline.Milliseconds()}
	}
	for _, t := range st.Indicators {
		v.Indicators = append(v.Indicators, t.String())
		v.Dora = append(v.Dora, t.Dora().String())
	}
	if !st.Ended && st.Turn.Valid() {
		w := st.Turn.Wind(st.Dealer).Letter()
		v.Turn = &w
	}
	for s := engine.Seat(0); s < 4; s++ {
		w := s.Wind(st.Dealer)
		sv := SeatView{Seat: int(s), Wind: w.Letter(), Name: w.String(), Riichi: st.Riichi[s], Dead: st.Dead[s], Tenpai: st.Tenpai[s],
			Discards: []DiscardView{}, Melds: []outcome.Meld{}, Can: []string{}}
		for _, a := range st.Can[s] {
			sv.Can = append(sv.Can, a.String())
		}
		for _, d := range st.Discards[s] {
			sv.Discards = append(sv.Discards, DiscardView{Tile: tileText(d.Tile), Called: d.Called, Riichi: d.Riichi})
		}
		for _, m := range st.Melds[s] {
			sv.Melds = append(sv.Melds, outcome.MeldOf(m, s, st.Dealer))
		}
		v.Seats = append(v.Seats, sv)
	}
	turnTimes(st, v.Seats)
	scoreView(&v, st, p)
	winViews(&v, st)
	return v
}

// scoreView fills in the score: each seat's points and player, the
// change in the hand just settled, the values due, the standings.
func scoreView(v *StateView, st engine.State, p engine.Profile) {
	for s := range v.Seats {
		v.Seats[s].Player = st.Names[s]
	}
	if !st.Scoring {
		return
	}
	v.Scoring, v.Game, v.GameOver = true, st.Game.String(), st.GameOver
	if v.MaxYakuman = 1; p.Score != nil {
		v.MaxYakuman, v.Aka = max(1, p.Score.MaxYakuman), p.Score.Aka
	}
	for l := payment.Mangan; l <= payment.Yakuman; l++ {
		v.Limits = append(v.Limits, l.String())
	}
	for s := range v.Seats {
		v.Seats[s].Points = st.Scores[s]
		v.Seats[s].ValueDue = st.ValueDue[s]
		if display.HandSettled(st) {
			d := st.LastScore.Deltas[s]
			v.Seats[s].Delta = &d
		}
	}
	if st.GameEnd != nil {
		v.Standings = st.GameEnd.Standings
		v.Confirmed = st.Confirmed[:]
	}
	if r := st.Seating; r != nil {
		v.Round = &RoundView{Tournament: r.Tournament, Round: r.Round}
		for i, p := range r.Players {
			v.Round.Players[(int(st.FirstDealer)+i)&3] = p
		}
	}
}

// turnTimes fills each seat's turn times from the discards' stamps: a turn
// lasts from the previous discard (by anyone) to the seat's own.
func turnTimes(st engine.State, seats []SeatView) {
	type discard struct {
		seat int
		at   time.Duration
	}
	var all []discard
	for s, ds := range st.Discards {
		for _, d := range ds {
			all = append(all, discard{s, d.At})
		}
	}
	sort.Slice(all, func(i, j int) bool { return all[i].at < all[j].at })
	var sum [4]time.Duration
	var n [4]int64
	for i := 1; i < len(all); i++ {
		d := all[i].at - all[i-1].at
		s := all[i].seat
		sum[s] += d
		n[s]++
		seats[s].LastTurnMS = d.Milliseconds()
	}
	for s := range seats {
		if n[s] > 0 {
			seats[s].AvgTurnMS = sum[s].Milliseconds() / n[s]
		}
	}
}

// entryJSON is one journaled entry on the event stream: an outcome as its
// record (the claim log's shape, with its rule codes; Text is it in
// words), an input as the engine event.
type entryJSON struct {
	Seq     uint64          `json:"seq"`
	Input   *engine.Event   `json:"input,omitempty"`
	Outcome *outcome.Record `json:"outcome,omitempty"`
	Text    string          `json:"text,omitempty"`
	Note    string          `json:"note,omitempty"`
	// Void is the input a referee voided; the state was rebuilt without it.
	Void uint64 `json:"void,omitempty"`
	// Revision: inputs arrived late and were decided at their stamps; the
	// outcomes it retracted are replaced by those that follow it.
	Revision *table.Revision `json:"revision,omitempty"`
	// NoteKind names a note (a controller that rebooted, lost events).
	NoteKind string `json:"note_kind,omitempty"`
	// AtMS is the entry's table time in ms.
	AtMS int64 `json:"at_ms"`
	// Alert: the note is an alert (alert.Is).
	Alert bool `json:"alert,omitempty"`
}

// entryView is a journaled entry as the page reads it, its outcome's
// reasons and its text in w's language (English: the record as logged).
func entryView(w outcome.Words, e table.Entry) (entryJSON, error) {
	j := entryJSON{Seq: e.Seq, Input: e.Input, Note: e.Note, Void: e.Void, Revision: e.Revision, NoteKind: e.NoteKind,
		AtMS: e.At.Milliseconds(), Alert: e.NoteKind != "" && alert.Is(e.NoteKind)}
	l := w.Lang()
	switch {
	case e.Void != 0 && e.Note == "":
		j.Text = l.Text("status.entry.void", "input", e.Void)
	case e.Revision != nil && len(e.Revision.Retracted) > 0:
		j.Text = l.Text("status.entry.revised", "note", w.TableNote(e.Said, e.Note))
	case e.Revision != nil:
		j.Text = l.Text("status.entry.late", "note", w.TableNote(e.Said, e.Note))
	case e.NoteKind != "":
		j.Text = l.Text("status.entry.note", "note", e.Note)
	}
	if e.Outcome != nil {
		r := outcome.Of(*e.Outcome)
		j.Text = w.Line(r)
		r = w.Reworded(r)
		j.Outcome = &r
	}
	return j, nil
}

// encodeEntry is a journaled entry as the event stream carries it.
func encodeEntry(w outcome.Words, e table.Entry) ([]byte, error) {
	j, err := entryView(w, e)
	if err != nil {
		return nil, err
	}
	return json.Marshal(j)
}
