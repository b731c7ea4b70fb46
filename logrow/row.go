// Package logrow is the claim log in words, a row per record: what the
// referee's log page shows (GET /api/log's rows) and the one CSV, a column
// per field, that the page's export and "tabled log --format csv" both
// write (WriteCSV), with each record's time in its hand from one clock
// (claimlog.HandClock) and its marks (claimlog.Marks).
package logrow

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/tabled/tabled/alert"
	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/journal"
	"github.com/tabled/tabled/outcome"
	"github.com/tabled/tabled/tile"
)

// Row is one claim-log record in words, as the referee's log page and
// its CSV show it: no JSON anywhere.
type Row struct {
	Seq  uint64 `json:"seq"`
	Hand int    `json:"hand"`
	// InHandMS is the time in the record's hand (claimlog.HandClock: from
	// its deal), in ms; nil for a record of no hand (a session's notes).
	InHandMS *int64    `json:"in_hand_ms,omitempty"`
	TableMS  int64     `json:"table_ms"`
	Wall     time.Time `json:"wall"`
	Source   string    `json:"source"`
	// PlusMinusMS is the estimated error of a stamp (serial), in ms; 0 exact.
	PlusMinusMS float64 `json:"plus_minus_ms,omitempty"`
	Seat        string  `json:"seat,omitempty"`
	Kind        string  `json:"kind"`
	Type        string  `json:"type"`
	// What is the record in words; Tiles the tiles it names, for pictures.
	What  string   `json:"what"`
	Tiles []string `json:"tiles,omitempty"`
	// Melds are the melds a decision gave its callers, as every view
	// draws a meld (outcome.Meld; a chii's shown tiles are the input's,
	// not seen here); none for a win.
	Melds []outcome.Meld `json:"melds,omitempty"`
	// Lost are a decision's losers, each with its rule.
	Lost []string `json:"lost,omitempty"`
	// Flags are what a referee should notice: late, override, alert.
	Flags []string `json:"flags,omitempty"`
	// Voidable: an input a referee may void (POST /api/referee); not one
	// already voided.
	Voidable bool `json:"voidable,omitempty"`
	// VoidedBy is the void that took this input out, WithdrawnBy the void
	// or revision that withdrew this outcome (claimlog.Marked); 0: none.
	VoidedBy    uint64 `json:"voided_by,omitempty"`
	WithdrawnBy uint64 `json:"withdrawn_by,omitempty"`
}

// recordBody is what the words read from the body of an input or a note
// (an outcome reads as its outcome.Record, a void as its
// claimlog.VoidBody, a revision as its claimlog.RevisionBody).
type recordBody struct {
	Event *struct {
		Action      string   `json:"action"`
		Tile        string   `json:"tile"`
		Shown       []string `json:"shown"`
		Dealer      int      `json:"dealer"`
		Uncertainty int64    `json:"uncertainty"`
		// A value's, a name's and a hand's.
		Value *engine.HandValue `json:"value"`
		Name  string            `json:"name"`
		Hand  []engine.Tile     `json:"hand"`
	} `json:"event"`
	Note string `json:"note"`
	// A session note's fields.
	Rules  string `json:"rules"`
	Table  string `json:"table"`
	Dealer *int   `json:"dealer"`
}

// known tiles only: "?" is a tile not seen.
func seen(ts ...string) []string {
	var out []string
	for _, t := range ts {
		if t != "" && t != "?" {
			out = append(out, t)
		}
	}
	return out
}

var inputWords = map[string]string{
	"discard": "discards", "chii": "calls chii", "pon": "calls pon", "kan": "calls kan", "ron": "calls ron",
	"tsumo": "declares tsumo", "riichi": "declares riichi", "cancel": "cancels its call",
}

// Of is a record in words, with its marks; InHandMS is left to the
// caller, who knows the record's hand clock.
func Of(m claimlog.Marked) Row {
	r := m.Record
	row := Row{Seq: r.Seq, Hand: r.Hand, TableMS: r.Mono / int64(time.Millisecond), Wall: r.Wall, Source: r.Source, Seat: r.Seat, Kind: r.Kind, Type: r.Type,
		VoidedBy: m.VoidedBy, WithdrawnBy: m.WithdrawnBy}
	var b recordBody
	// The body was written by this daemon; one that does not read leaves
	// the words to the type alone.
	var badBody bool
	if r.Kind != claimlog.KindOutcome && r.Kind != claimlog.KindVoid {
		badBody = len(r.Body) > 0 && json.Unmarshal(r.Body, &b) != nil
	}
	who := outcome.WindName(r.Seat)
	switch r.Kind {
	case claimlog.KindInput:
		row.Voidable = m.VoidedBy == 0
		describeInput(&row, r.Type, who, b)
	case claimlog.KindOutcome:
		o, err := journal.Outcome(r)
		badBody = err != nil
		describeOutcome(&row, o)
	case claimlog.KindVoid:
		var v claimlog.VoidBody
		badBody = len(r.Body) > 0 && json.Unmarshal(r.Body, &v) != nil
		row.What = fmt.Sprintf("referee voided input #%d", v.Void)
		if len(v.Retracted) > 0 {
			row.What += ", withdrawing"
			for _, o := range v.Retracted {
				row.What += fmt.Sprintf(" #%d", o)
			}
		}
		if v.Note != "" {
			row.What += ": refused, " + v.Note
		}
	case claimlog.KindNote:
		if r.Type == journal.TypeRevision {
			rev, err := journal.Revision(r)
			badBody = err != nil
			describeRevision(&row, rev)
			break
		}
		describeNote(&row, r.Type, b)
	default:
		row.What = r.Kind + " " + r.Type
	}
	if badBody {
		row.What = r.Type + " (a body this page cannot read)"
	}
	return row
}

// describeInput: an input of type typ, at seat who, in words, with the
// tiles it names and its stamp's error.
func describeInput(row *Row, typ, who string, b recordBody) {
	switch typ {
	case "dora":
		row.What = "dora indicator read"
	case "newhand":
		row.What = "new hand"
		if b.Event != nil && b.Event.Dealer >= 0 && b.Event.Dealer <= 3 {
			row.What += fmt.Sprintf(", seat %d deals", b.Event.Dealer)
		}
	case "tenpai":
		row.What = "referee: " + who + " is tenpai"
	case "deadhand":
		row.What = "referee: " + who + " has a dead hand"
	case "chombo":
		row.What = "referee: chombo on " + who
	case "value":
		row.What = who + "'s hand is worth"
		if e := b.Event; e != nil && e.Value != nil {
			row.What += " " + e.Value.Value.Words()
		}
	case "hand":
		row.What = who + "'s hand is"
		if e := b.Event; e != nil {
			row.What += " " + tile.Format(e.Hand)
			if e.Tile != "" && e.Tile != "?" {
				row.What += " win " + e.Tile
			}
		}
	case "ura":
		row.What = "ura dora indicator read"
	case "name":
		if e := b.Event; e != nil && e.Name != "" {
			row.What = fmt.Sprintf("the player at %s is %s", who, e.Name)
		} else {
			row.What = "the name at " + who + " is cleared"
		}
	default:
		w, ok := inputWords[typ]
		if !ok {
			w = typ
		}
		row.What = who + " " + w
	}
	if e := b.Event; e != nil {
		row.Tiles = seen(e.Tile)
		if s := seen(e.Shown...); len(s) > 0 {
			row.What += ", showing"
			row.Tiles = append(row.Tiles, s...)
		}
		row.PlusMinusMS = float64(e.Uncertainty) / float64(time.Millisecond)
	}
	if b.Note != "" {
		row.What += " (" + b.Note + ")"
	}
}

func describeOutcome(row *Row, o outcome.Record) {
	switch o.Type {
	case outcome.TypeDecision:
		for _, w := range o.Won {
			if w.Late {
				row.Flags = append(row.Flags, "late")
			}
		}
		row.What = outcome.Won(o) + " wins"
		if o.Discard != nil {
			row.What += " on " + outcome.WindName(o.Discard.Seat) + "'s discard"
			row.Tiles = seen(o.Discard.Tile)
			if o.Robbing {
				row.What = outcome.Won(o) + " robs " + outcome.WindName(o.Discard.Seat) + "'s kong"
			}
		}
		row.Melds = calledMelds(o)
		for _, l := range o.Lost {
			row.Lost = append(row.Lost, l.Reason)
		}
		if o.Overrides > 0 {
			row.Flags = append(row.Flags, "override")
			row.What += fmt.Sprintf(", overriding decision %d", o.Overrides)
		}
		if o.Late && !slices.Contains(row.Flags, "late") {
			row.Flags = append(row.Flags, "late")
		}
		if o.Referee != "" {
			row.Lost = append(row.Lost, "referee: "+o.Referee)
		}
	case outcome.TypeRejected:
		row.What = "refused: " + outcome.Rejected(o)
	case outcome.TypeFlag:
		row.What = "referee, " + outcome.Flag(o)
		row.Flags = append(row.Flags, "referee")
	case outcome.TypeDora:
		row.What = "dora shown: indicator → dora"
		if o.Reason != "" {
			row.What = outcome.Dora(o) // a withdrawn kan dora read, and why
			break
		}
		if _, ind, dora, ok := outcome.NewDora(o); ok {
			row.Tiles = []string{ind, dora}
			if n := len(o.Indicators); n > 1 {
				row.What = fmt.Sprintf("kan dora %d shown: indicator → dora", n-1)
			}
		}
	case outcome.TypeHandEnd:
		row.What = "hand over"
		if o.Result != "" {
			row.What += ": " + outcome.HandEnd(o)
		}
	case outcome.TypeDeal:
		row.What = "deal: " + outcome.Deal(o)
	case outcome.TypeKongStands:
		row.What = outcome.KongStands(o)
		if o.Kong != nil {
			row.Tiles = seen(o.Kong.Tile)
		}
	case outcome.TypeScore:
		row.What = "score: " + outcome.Score(o)
	case outcome.TypeGameEnd:
		row.What = "game over: " + outcome.GameEnd(o)
	default:
		row.What = string(o.Type) + ": " + o.Reason
	}
}

// describeRevision: inputs that came late, and the outcomes withdrawn.
func describeRevision(row *Row, rev claimlog.RevisionBody) {
	var parts []string
	if len(rev.Late) > 0 {
		w := "inputs arrived late:"
		for _, s := range rev.Late {
			w += fmt.Sprintf(" #%d", s)
		}
		parts = append(parts, w)
	}
	if len(rev.Retracted) > 0 {
		w := "re-decided, withdrawing" // after a referee's void: nothing came late
		if len(rev.Late) > 0 {
			w = "re-decided at their stamps, withdrawing"
		}
		for _, s := range rev.Retracted {
			w += fmt.Sprintf(" #%d", s)
		}
		parts = append(parts, w)
		row.Flags = append(row.Flags, "revised")
	}
	if len(parts) == 0 {
		parts = append(parts, "revision")
	}
	row.What = strings.Join(parts, "; ")
	if rev.Note != "" {
		row.What += ". " + rev.Note
	}
}

func describeNote(row *Row, typ string, b recordBody) {
	switch {
	case typ == "session" || typ == "restart":
		row.What = "session started"
		if typ == "restart" {
			row.What = "daemon restarted: the session goes on"
		}
		row.What += fmt.Sprintf(": rules %s, table %s", b.Rules, b.Table)
		if b.Dealer != nil {
			row.What += fmt.Sprintf(", seat %d dealt first", *b.Dealer)
		}
	case alert.Is(typ):
		row.What = alert.Label(typ) + ": " + b.Note
		row.Flags = append(row.Flags, "alert")
	default:
		row.What = typ
		if b.Note != "" {
			row.What += ": " + b.Note
		}
	}
}

// calledMelds are the melds a decision's chii, pon or kan claims made of
// its discard, in the one meld model: the winds stand for the seats (East
// at seat 0), which places the called tile as the table lays it.
func calledMelds(o outcome.Record) []outcome.Meld {
	if o.Discard == nil {
		return nil
	}
	from, err := engine.ParseWind(o.Discard.Seat)
	if err != nil {
		return nil
	}
	var out []outcome.Meld
	for _, c := range o.Won {
		call, err := engine.ParseAction(c.Call)
		w, werr := engine.ParseWind(c.Seat)
		if err != nil || werr != nil || (call != engine.Chii && call != engine.Pon && call != engine.Kan) {
			continue
		}
		t, _ := engine.ParseTile(o.Discard.Tile) // "?" or bad: a tile not seen
		m := engine.Meld{Call: call, Tile: t, From: engine.Seat(from)}
		out = append(out, outcome.MeldOf(m, engine.Seat(w), 0))
	}
	return out
}
