package outcome

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/engine"
)

// This file words a record's reasons in a reader's language: a record
// keeps its reasons in English with their rule codes and arguments, and a
// record logged before the arguments were kept has them told from the
// record itself, only when that is sure (the English they give is the
// English logged); otherwise its English stands.

// Reason is the record's reason in the language: in English as logged; in
// another language its code and arguments in that language's words, or
// the English when the record has no code.
func (w Words) Reason(r Record) string {
	if w.english() || r.Code == engine.CodeNone || r.Reason == "" {
		return r.Reason
	}
	a := r.Args
	if a == nil {
		if a = w.told(r.Code, r.Reason, w.candidates(r)); a == nil {
			return r.Reason
		}
	}
	s, ok := Reason(w.l, r.Code, *a)
	if !ok {
		return r.Reason
	}
	for _, n := range r.Notes {
		if ns, ok := Reason(w.l, n.Code, n.Args); ok {
			s = noted(w.l, s, ns)
		}
	}
	return w.redecidedIn(s, r.Reason)
}

// lostWhy is a lost claim's rule (whole: the whole sentence naming the
// winner) in the language, false when it keeps its English. rec is the
// decision, to tell an old record's arguments from (nil: not told).
func (w Words) lostWhy(c SeatCall, rec *Record, whole bool) (string, bool) {
	if w.english() || c.Code == engine.CodeNone {
		return "", false
	}
	a := c.Args
	if a == nil && rec != nil && len(rec.Won) > 0 && rec.Discard != nil && c.Why != "" {
		base := engine.Args{Seat: seatOf(rec.Won[0].Seat), Other: seatOf(rec.Discard.Seat), Lost: called([]SeatCall{c}),
			Window: w.Window, Deadline: w.Deadline}
		base.Call, _ = engine.ParseAction(rec.Won[0].Call)
		decided := base
		decided.Decided = called(rec.Won)
		a = w.told(c.Code, c.Why, []engine.Args{base, decided})
	}
	if a == nil {
		return "", false
	}
	why, ok := Reason(w.l, c.Code, *a)
	if !ok {
		return "", false
	}
	if !whole || c.Code == engine.CodeAlreadyDecided {
		return why, true
	}
	return reasonWords{l: w.l, a: *a}.lostReason(why), true
}

// told is the first of the candidate arguments whose English is the
// English logged, nil when none is.
func (w Words) told(code engine.RuleCode, logged string, cands []engine.Args) *engine.Args {
	for _, a := range cands {
		if s, ok := Reason(catalog.English(), code, a); ok && s == logged {
			return &a
		}
	}
	return nil
}

// candidates are the arguments an old record's reason may have named, as
// far as the record tells them (winds as seats, East at seat 0).
func (w Words) candidates(r Record) []engine.Args {
	a := engine.Args{Seat: seatOf(r.Seat), Window: w.Window, Deadline: w.Deadline, Name: r.Name}
	a.Call, _ = engine.ParseAction(r.Call)
	switch r.Type {
	case TypeDecision:
		a.Won, a.Lost = called(r.Won), called(r.Lost)
		if r.Discard != nil {
			a.Other = seatOf(r.Discard.Seat)
		}
	case TypeKongStands:
		if r.Kong != nil {
			a.Other, a.Tile = seatOf(r.Kong.Seat), tileOf(r.Kong.Tile)
		}
		read := a
		read.N = 1
		return []engine.Args{a, read}
	}
	return []engine.Args{a}
}

// seatOf is a wind's letter as the seat it is when East is seat 0.
func seatOf(letter string) engine.Seat {
	wd, err := engine.ParseWind(letter)
	if err != nil {
		return engine.NoSeat
	}
	return wd.Seat(0)
}

func tileOf(s string) engine.Tile {
	t, _ := engine.ParseTile(s)
	return t
}

// called are a record's claims as a reason names them.
func called(cs []SeatCall) []engine.Called {
	out := make([]engine.Called, 0, len(cs))
	for _, c := range cs {
		call, _ := engine.ParseAction(c.Call)
		out = append(out, engine.Called{Seat: seatOf(c.Seat), Call: call})
	}
	return out
}

// GameEnd is the final standings in words and why the game ended: "1.
// North 35200 (+20200), 2. East 35000 (+10000), ... (the round's time was
// up and the hands after the signal were played)".
func (w Words) GameEnd(r Record) string {
	// By place, then seat: the order people read a result sheet in.
	st := slices.SortedStableFunc(slices.Values(r.Standings), func(a, b Standing) int {
		return cmp.Or(cmp.Compare(a.Place, b.Place), cmp.Compare(a.Seat, b.Seat))
	})
	parts := make([]string, 0, len(st))
	for _, s := range st {
		parts = append(parts, fmt.Sprintf("%d. %s %d (%+d)", s.Place, w.WindName(s.Wind), s.Points, s.Result))
	}
	s := strings.Join(parts, ", ")
	if r.Reason != "" {
		s = w.l.Text("record.game_end_why", "standings", s, "why", EndWords(w.l, engine.End(r.Reason)))
	}
	for _, wind := range windOrder {
		if p := r.Penalty[wind]; p != 0 {
			s += "; " + w.l.Text("record.game_end_penalty", "seat", w.WindName(wind), "points", strconv.Itoa(-p)) // a part of the result
		}
	}
	return s
}

// GameEnd is Words.GameEnd in English.
func GameEnd(r Record) string { return In(nil).GameEnd(r) }

// Reworded is r with the reasons it carries in the language: its Reason
// (Words.Reason) and each lost claim's Why and Reason, for a view whose
// reader reads the record's fields (the status page); in English r as it
// is. A game_end's Reason is a word (engine.End), kept as it is.
func (w Words) Reworded(r Record) Record {
	if w.english() {
		return r
	}
	out := r
	if r.Type != TypeGameEnd {
		out.Reason = w.Reason(r)
	}
	if len(r.Lost) > 0 {
		out.Lost = make([]SeatCall, len(r.Lost))
		for i, c := range r.Lost {
			if why, ok := w.lostWhy(c, &r, false); ok {
				c.Why = why
			}
			if reason, ok := w.lostWhy(c, &r, true); ok {
				c.Reason = reason
			}
			out.Lost[i] = c
		}
	}
	return out
}
