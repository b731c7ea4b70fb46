package web

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/tabled/tabled/alert"
	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/journal"
	"github.com/tabled/tabled/outcome"
)

// LogRow is one claim-log record in words, as the referee's log page and
// its CSV show it: no JSON anywhere.
type LogRow struct {
	Seq  uint64 `json:"seq"`
	Hand int    `json:"hand"`
	// InHandMS is the time since the hand's first record, in ms; nil when
	// the hand's start is not known.
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
	// Lost are a decision's losers, each with its rule.
	Lost []string `json:"lost,omitempty"`
	// Flags are what a referee should notice: late, override, alert.
	Flags []string `json:"flags,omitempty"`
	// Voidable: an input a referee may void (POST /api/referee).
	Voidable bool `json:"voidable,omitempty"`
}

// recordBody is what the words read from the body of a record other than
// an outcome (an outcome reads as its outcome.Record).
type recordBody struct {
	Event *struct {
		Action      string   `json:"action"`
		Tile        string   `json:"tile"`
		Shown       []string `json:"shown"`
		Dealer      int      `json:"dealer"`
		Uncertainty int64    `json:"uncertainty"`
	} `json:"event"`
	Note string `json:"note"`
	Void uint64 `json:"void"`
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

// rowOf is a record in words.
func rowOf(r claimlog.Record) LogRow {
	row := LogRow{Seq: r.Seq, Hand: r.Hand, TableMS: r.Mono / int64(time.Millisecond), Wall: r.Wall, Source: r.Source, Seat: r.Seat, Kind: r.Kind, Type: r.Type}
	var b recordBody
	// The body was written by this daemon; one that does not read leaves
	// the words to the type alone.
	var badBody bool
	if r.Kind != claimlog.KindOutcome {
		badBody = len(r.Body) > 0 && json.Unmarshal(r.Body, &b) != nil
	}
	who := outcome.WindName(r.Seat)
	switch r.Kind {
	case claimlog.KindInput:
		row.Voidable = true
		switch r.Type {
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
		default:
			w, ok := inputWords[r.Type]
			if !ok {
				w = r.Type
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
	case claimlog.KindOutcome:
		o, err := journal.Outcome(r)
		badBody = err != nil
		describeOutcome(&row, o)
	case claimlog.KindVoid:
		row.What = fmt.Sprintf("referee voided input #%d", b.Void)
		if b.Note != "" {
			row.What += ": refused, " + b.Note
		}
	case claimlog.KindNote:
		if r.Type == "revision" {
			var rev struct {
				Late, Retracted []uint64
				Note            string
			}
			badBody = json.Unmarshal(r.Body, &rev) != nil
			describeRevision(&row, rev.Late, rev.Retracted, rev.Note)
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

func describeOutcome(row *LogRow, o outcome.Record) {
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
	default:
		row.What = string(o.Type) + ": " + o.Reason
	}
}

// describeRevision: inputs that came late, and the outcomes withdrawn.
func describeRevision(row *LogRow, late, retracted []uint64, note string) {
	row.What = "inputs arrived late:"
	for _, s := range late {
		row.What += fmt.Sprintf(" #%d", s)
	}
	if len(retracted) > 0 {
		row.What += "; re-decided at their stamps, withdrawing"
		for _, s := range retracted {
			row.What += fmt.Sprintf(" #%d", s)
		}
		row.Flags = append(row.Flags, "revised")
	}
	if note != "" {
		row.What += ". " + note
	}
}

func describeNote(row *LogRow, typ string, b recordBody) {
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

// csvHeader names the columns of the log's CSV export.
var csvHeader = []string{"seq", "hand", "time_in_hand_s", "table_time_s", "wall", "source", "plus_minus_ms", "seat", "kind", "type", "what", "tiles", "lost", "flags"}

// writeRowsCSV writes rows as CSV, each field a column of its own.
func writeRowsCSV(w io.Writer, rows func(yield func(LogRow) error) error) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(csvHeader); err != nil {
		return fmt.Errorf("web: csv: %w", err)
	}
	err := rows(func(r LogRow) error {
		inHand := ""
		if r.InHandMS != nil {
			inHand = strconv.FormatFloat(float64(*r.InHandMS)/1000, 'f', 3, 64)
		}
		pm := ""
		if r.PlusMinusMS > 0 {
			pm = strconv.FormatFloat(r.PlusMinusMS, 'f', 3, 64)
		}
		return cw.Write([]string{strconv.FormatUint(r.Seq, 10), strconv.Itoa(r.Hand), inHand,
			strconv.FormatFloat(float64(r.TableMS)/1000, 'f', 3, 64), r.Wall.UTC().Format(time.RFC3339Nano), r.Source, pm,
			outcome.WindName(r.Seat), r.Kind, r.Type, r.What, strings.Join(r.Tiles, " "), strings.Join(r.Lost, "; "), strings.Join(r.Flags, " ")})
	})
	if err != nil {
		return err
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("web: csv: %w", err)
	}
	return nil
}
