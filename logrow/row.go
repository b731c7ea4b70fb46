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
	"github.com/tabled/tabled/catalog"
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

// inputKeys are the words of inputs, by type, that name the seat alone:
// "{who} discards", "referee: {who} is tenpai".
var inputKeys = map[string]string{
	"discard": "logpage.row.discard", "chii": "logpage.row.chii", "pon": "logpage.row.pon", "kan": "logpage.row.kan",
	"ron": "logpage.row.ron", "tsumo": "logpage.row.tsumo", "riichi": "logpage.row.riichi", "cancel": "logpage.row.cancel",
	"tenpai": "logpage.row.tenpai", "deadhand": "logpage.row.deadhand", "chombo": "logpage.row.chombo",
}

// Of is a record in words, in English, with its marks; InHandMS is left
// to the caller, who knows the record's hand clock.
func Of(m claimlog.Marked) Row { return OfIn(outcome.In(nil), m) }

// OfIn is Of in w's language: the outcomes' sentences are outcome's, the
// rows' own words the catalog's (logpage.row.*).
func OfIn(w outcome.Words, m claimlog.Marked) Row {
	r := m.Record
	row := Row{Seq: r.Seq, Hand: r.Hand, TableMS: r.Mono / int64(time.Millisecond), Wall: r.Wall, Source: r.Source, Seat: r.Seat, Kind: r.Kind, Type: r.Type,
		VoidedBy: m.VoidedBy, WithdrawnBy: m.WithdrawnBy}
	l := w.Lang()
	var b recordBody
	// The body was written by this daemon; one that does not read leaves
	// the words to the type alone.
	var badBody bool
	if r.Kind != claimlog.KindOutcome && r.Kind != claimlog.KindVoid {
		badBody = len(r.Body) > 0 && json.Unmarshal(r.Body, &b) != nil
	}
	who := w.WindName(r.Seat)
	switch r.Kind {
	case claimlog.KindInput:
		row.Voidable = m.VoidedBy == 0
		describeInput(&row, w, r.Type, who, b)
	case claimlog.KindOutcome:
		o, err := journal.Outcome(r)
		badBody = err != nil
		describeOutcome(&row, w, o)
	case claimlog.KindVoid:
		var v claimlog.VoidBody
		badBody = len(r.Body) > 0 && json.Unmarshal(r.Body, &v) != nil
		row.What = l.Text("logpage.row.void", "input", v.Void)
		if len(v.Retracted) > 0 {
			row.What = l.Text("logpage.row.void_withdrawing", "input", v.Void, "records", records(v.Retracted))
		}
		if v.Note != "" {
			row.What = l.Text("logpage.row.void_refused", "what", row.What, "note", w.TableNote(journal.Said(r), v.Note))
		}
	case claimlog.KindNote:
		if r.Type == journal.TypeRevision {
			rev, err := journal.Revision(r)
			badBody = err != nil
			rev.Note = w.TableNote(journal.Said(r), rev.Note)
			describeRevision(&row, l, rev)
			break
		}
		describeNote(&row, l, r.Type, b)
	default:
		row.What = r.Kind + " " + r.Type
	}
	if badBody {
		row.What = l.Text("logpage.row.unreadable", "type", r.Type)
	}
	return row
}

// records are record numbers as the log page writes them: "#3 #4".
func records(seqs []uint64) string {
	ps := make([]string, len(seqs))
	for i, s := range seqs {
		ps[i] = fmt.Sprintf("#%d", s)
	}
	return strings.Join(ps, " ")
}

// describeInput: an input of type typ, at seat who, in words, with the
// tiles it names and its stamp's error.
func describeInput(row *Row, w outcome.Words, typ, who string, b recordBody) {
	l := w.Lang()
	e := b.Event
	switch typ {
	case "dora":
		row.What = l.Text("logpage.row.dora")
	case "ura":
		row.What = l.Text("logpage.row.ura")
	case "newhand":
		row.What = l.Text("logpage.row.newhand")
		if e != nil && e.Dealer >= 0 && e.Dealer <= 3 {
			row.What = l.Text("logpage.row.newhand_dealer", "seat", e.Dealer)
		}
	case "value":
		row.What = l.Text("logpage.row.value_none", "who", who)
		if e != nil && e.Value != nil {
			v := e.Value.Value.Words()
			if l.Code() != catalog.Default {
				v = outcome.ValueWords(l, e.Value.Value)
			}
			row.What = l.Text("logpage.row.value", "who", who, "value", v)
		}
	case "hand":
		row.What = l.Text("logpage.row.hand_none", "who", who)
		if e != nil {
			row.What = l.Text("logpage.row.hand", "who", who, "hand", tile.Format(e.Hand))
			if e.Tile != "" && e.Tile != "?" {
				row.What = l.Text("logpage.row.hand_win", "who", who, "hand", tile.Format(e.Hand), "tile", e.Tile)
			}
		}
	case "name":
		row.What = l.Text("logpage.row.name_cleared", "who", who)
		if e != nil && e.Name != "" {
			row.What = l.Text("logpage.row.name", "who", who, "name", e.Name)
		}
	default:
		row.What = who + " " + typ // an input this page does not know: its type as logged
		if key, ok := inputKeys[typ]; ok {
			row.What = l.Text(key, "who", who)
		}
	}
	if e != nil {
		row.Tiles = seen(e.Tile)
		if s := seen(e.Shown...); len(s) > 0 {
			row.What = l.Text("logpage.row.showing", "what", row.What)
			row.Tiles = append(row.Tiles, s...)
		}
		row.PlusMinusMS = float64(e.Uncertainty) / float64(time.Millisecond)
	}
	if b.Note != "" {
		row.What = l.Text("logpage.row.noted", "what", row.What, "note", b.Note)
	}
}

func describeOutcome(row *Row, w outcome.Words, o outcome.Record) {
	l := w.Lang()
	switch o.Type {
	case outcome.TypeDecision:
		for _, c := range o.Won {
			if c.Late {
				row.Flags = append(row.Flags, "late")
			}
		}
		won := w.Won(o)
		row.What = l.Text("logpage.row.wins", "won", won)
		if o.Discard != nil {
			seat := w.WindName(o.Discard.Seat)
			row.What = l.Text("logpage.row.wins_on", "won", won, "seat", seat)
			row.Tiles = seen(o.Discard.Tile)
			if o.Robbing {
				row.What = l.Text("logpage.row.robs", "won", won, "seat", seat)
			}
		}
		row.Melds = calledMelds(o)
		for _, c := range w.Reworded(o).Lost {
			row.Lost = append(row.Lost, c.Reason)
		}
		if o.Overrides > 0 {
			row.Flags = append(row.Flags, "override")
			row.What = l.Text("logpage.row.overriding", "what", row.What, "n", o.Overrides)
		}
		if o.Late && !slices.Contains(row.Flags, "late") {
			row.Flags = append(row.Flags, "late")
		}
		if o.Referee != "" {
			row.Lost = append(row.Lost, l.Text("logpage.row.referee", "note", o.Referee))
		}
	case outcome.TypeRejected:
		row.What = l.Text("logpage.row.refused", "what", w.Rejected(o))
	case outcome.TypeFlag:
		row.What = l.Text("logpage.row.flag", "what", w.Flag(o))
		row.Flags = append(row.Flags, "referee")
	case outcome.TypeDora:
		row.What = l.Text("logpage.row.dora_shown")
		if o.Reason != "" {
			row.What = w.Dora(o) // a withdrawn kan dora read, and why
			break
		}
		if _, ind, dora, ok := w.NewDora(o); ok {
			row.Tiles = []string{ind, dora}
			if n := len(o.Indicators); n > 1 {
				row.What = l.Text("logpage.row.kan_dora_shown", "n", n-1)
			}
		}
	case outcome.TypeHandEnd:
		row.What = l.Text("logpage.row.hand_over")
		if o.Result != "" {
			row.What = l.Text("logpage.row.hand_over_how", "how", w.HandEnd(o))
		}
	case outcome.TypeDeal:
		row.What = l.Text("logpage.row.deal", "what", w.Deal(o))
	case outcome.TypeKongStands:
		row.What = w.KongStands(o)
		if o.Kong != nil {
			row.Tiles = seen(o.Kong.Tile)
		}
	case outcome.TypeScore:
		row.What = l.Text("logpage.row.score", "what", w.Score(o))
	case outcome.TypeGameEnd:
		row.What = l.Text("logpage.row.game_over", "what", w.GameEnd(o))
	default:
		row.What = string(o.Type) + ": " + w.Reason(o)
	}
}

// describeRevision: inputs that came late, and the outcomes withdrawn.
func describeRevision(row *Row, l *catalog.Lang, rev claimlog.RevisionBody) {
	var parts []string
	if len(rev.Late) > 0 {
		parts = append(parts, l.Text("logpage.row.late", "inputs", records(rev.Late)))
	}
	if len(rev.Retracted) > 0 {
		key := "logpage.row.redecided" // after a referee's void: nothing came late
		if len(rev.Late) > 0 {
			key = "logpage.row.redecided_late"
		}
		parts = append(parts, l.Text(key, "records", records(rev.Retracted)))
		row.Flags = append(row.Flags, "revised")
	}
	if len(parts) == 0 {
		parts = append(parts, l.Text("logpage.row.revision"))
	}
	row.What = strings.Join(parts, "; ")
	if rev.Note != "" {
		row.What = l.Text("logpage.row.revision_note", "what", row.What, "note", rev.Note)
	}
}

func describeNote(row *Row, l *catalog.Lang, typ string, b recordBody) {
	switch {
	case typ == "session" || typ == "restart":
		key := "logpage.row.session"
		if typ == "restart" {
			key = "logpage.row.restart"
		}
		row.What = l.Text(key, "rules", b.Rules, "table", b.Table)
		if b.Dealer != nil {
			row.What = l.Text("logpage.row.first_dealer", "what", row.What, "seat", *b.Dealer)
		}
	case alert.Is(typ):
		row.What = alert.LabelIn(l, typ) + ": " + b.Note
		row.Flags = append(row.Flags, "alert")
	default:
		row.What = journal.NoteTag(l, typ)
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
