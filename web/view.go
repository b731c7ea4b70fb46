package web

import (
	"encoding/json"
	"fmt"
	"sort"
	"time"

	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/script"
	"github.com/tabled/tabled/table"
)

// SeatView is one seat as the page shows it.
type SeatView struct {
	Seat     int      `json:"seat"`
	Wind     string   `json:"wind"`
	Name     string   `json:"name"`
	Riichi   bool     `json:"riichi"`
	Dead     bool     `json:"dead"`
	Discards []string `json:"discards"`
	Melds    []string `json:"melds"`
	// LastTurnMS and AvgTurnMS are the seat's turn times this hand: from
	// the previous discard to its own.
	LastTurnMS int64 `json:"last_turn_ms"`
	AvgTurnMS  int64 `json:"avg_turn_ms"`
}

// StateView is the table state as the page and /api/state show it.
type StateView struct {
	Seq        uint64     `json:"seq"`
	Profile    string     `json:"profile"`
	RoundWind  string     `json:"round_wind"`
	Hand       int        `json:"hand"`
	Honba      int        `json:"honba"`
	Sticks     int        `json:"riichi_sticks"`
	Turn       *string    `json:"turn"`
	Wall       int        `json:"wall"`
	Kongs      int        `json:"kongs"`
	Indicators []string   `json:"indicators"`
	Dora       []string   `json:"dora"`
	KanDoraDue int        `json:"kan_dora_due"`
	Seats      []SeatView `json:"seats"`
	Ended      bool       `json:"ended"`
	Result     string     `json:"result,omitempty"`
}

func stateView(st engine.State, seq uint64) StateView {
	v := StateView{Seq: seq, Profile: st.Profile, RoundWind: st.RoundWind.String(), Hand: st.HandNumber,
		Honba: st.Honba, Sticks: st.RiichiSticks, Wall: st.Wall, Kongs: st.Kongs, KanDoraDue: st.KanDoraDue,
		Ended: st.Ended, Result: st.Result.String(), Indicators: []string{}, Dora: []string{}}
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
		sv := SeatView{Seat: int(s), Wind: w.Letter(), Name: w.String(), Riichi: st.Riichi[s], Dead: st.Dead[s], Discards: []string{}, Melds: []string{}}
		for _, d := range st.Discards[s] {
			sv.Discards = append(sv.Discards, d.Tile.String())
		}
		for _, m := range st.Melds[s] {
			sv.Melds = append(sv.Melds, m.Call.String()+" "+m.Tile.String())
		}
		v.Seats = append(v.Seats, sv)
	}
	turnTimes(st, v.Seats)
	return v
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

// entryJSON is one journaled entry on the event stream: outcomes in the
// scenario-contract shape, inputs as the engine event.
type entryJSON struct {
	Seq     uint64          `json:"seq"`
	Input   *engine.Event   `json:"input,omitempty"`
	Outcome json.RawMessage `json:"outcome,omitempty"`
	Text    string          `json:"text,omitempty"`
	Note    string          `json:"note,omitempty"`
	// Void is the input a referee voided; the state was rebuilt without it.
	Void uint64 `json:"void,omitempty"`
	// Revision: inputs arrived late and were decided at their stamps; the
	// outcomes it retracted are replaced by those that follow it.
	Revision *table.Revision `json:"revision,omitempty"`
	// NoteKind names a note (a controller that rebooted, lost events).
	NoteKind string `json:"note_kind,omitempty"`
}

func entryView(e table.Entry) (entryJSON, error) {
	j := entryJSON{Seq: e.Seq, Input: e.Input, Note: e.Note, Void: e.Void, Revision: e.Revision, NoteKind: e.NoteKind}
	switch {
	case e.Void != 0 && e.Note == "":
		j.Text = fmt.Sprintf("REFEREE  input %d voided: the state is rebuilt without it", e.Void)
	case e.Revision != nil && len(e.Revision.Retracted) > 0:
		j.Text = "REVISED  " + e.Note
	case e.Revision != nil:
		j.Text = "LATE  " + e.Note
	case e.NoteKind != "":
		j.Text = "NOTE  " + e.Note
	}
	if e.Outcome != nil {
		b, err := script.MarshalOutcome(*e.Outcome)
		if err != nil {
			return j, err
		}
		j.Outcome, j.Text = b, script.Describe(*e.Outcome)
	}
	return j, nil
}

// EncodeEntry is a journaled entry as the event stream and the club
// publisher carry it: outcomes in the scenario-contract shape.
func EncodeEntry(e table.Entry) ([]byte, error) {
	j, err := entryView(e)
	if err != nil {
		return nil, err
	}
	return json.Marshal(j)
}
