package journal

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/outcome"
	"github.com/tabled/tabled/table"
)

// TypeRevision is the type of the note a re-decision writes: late inputs
// put in their place and the outcomes that withdrew.
const TypeRevision = "revision"

// InputBody is the body of an input record: the event exactly as applied,
// and a note when the table adjusted or refused it.
type InputBody struct {
	Event engine.Event `json:"event"`
	// Dealer is the dealer's seat when it was applied, to name seats by wind.
	Dealer engine.Seat `json:"dealer"`
	Note   string      `json:"note,omitempty"`
}

// Input decodes the body of an input record.
func Input(r claimlog.Record) (InputBody, error) {
	if b, ok := decodeInputFast(r.Body); ok {
		return b, nil
	}
	var b InputBody
	return b, decode(r, "input", &b)
}

// Outcome decodes the body of an outcome record.
func Outcome(r claimlog.Record) (outcome.Record, error) {
	var b outcome.Record
	return b, decode(r, "outcome", &b)
}

// Void decodes the body of a void record.
func Void(r claimlog.Record) (claimlog.VoidBody, error) {
	var b claimlog.VoidBody
	return b, decode(r, "void", &b)
}

// Revision decodes the body of a revision note.
func Revision(r claimlog.Record) (claimlog.RevisionBody, error) {
	var b claimlog.RevisionBody
	return b, decode(r, "revision", &b)
}

// Said is what a void's or a revision's note says by its code and
// arguments (table.Entry.Said), which a reader words in her language;
// nil for a record without one (logged before the codes, or a note of
// nothing).
func Said(r claimlog.Record) *outcome.TableNote {
	var b saidBody
	if json.Unmarshal(r.Body, &b) != nil || b.Said == nil || b.Said.Code == "" {
		return nil
	}
	return b.Said
}

// saidBody is the field a void's and a revision's body carry beside the
// claim log's own (claimlog.VoidBody, claimlog.RevisionBody): the note's
// code and arguments.
type saidBody struct {
	Said *outcome.TableNote `json:"said,omitempty"`
}

func decode(r claimlog.Record, what string, v any) error {
	if err := json.Unmarshal(r.Body, v); err != nil {
		return fmt.Errorf("journal: record %d: %s body: %w", r.Seq, what, err)
	}
	return nil
}

// EntryRecord is a table entry as a record of the log: an input with its
// event, an outcome as its outcome.Record (with its rule codes), a void, a
// revision note, a deal note (the game at a deal, table.Deal), or a note of
// the entry's NoteKind. The writer numbers nothing: the
// entry's sequence number is kept.
func EntryRecord(e table.Entry) (claimlog.Record, error) {
	r := claimlog.Record{Seq: e.Seq, Mono: int64(e.At), Hand: e.Hand, Source: "table"}
	var err error
	switch {
	case e.Input != nil:
		r.Kind, r.Source, r.Type = claimlog.KindInput, e.Input.Source.String(), e.Input.Action.String()
		if e.Input.Seat.Valid() {
			r.Seat = e.Input.Seat.Wind(e.Dealer).Letter()
		}
		r.Body, err = json.Marshal(InputBody{Event: *e.Input, Dealer: e.Dealer, Note: e.Note})
	case e.Outcome != nil:
		r.Kind, r.Type = claimlog.KindOutcome, e.Outcome.Kind.String()
		if s := outcomeSeat(*e.Outcome); s.Valid() {
			r.Seat = s.Wind(e.Outcome.Dealer).Letter()
		}
		r.Body, err = outcome.Of(*e.Outcome).MarshalJSON()
	case e.Void != 0:
		r.Kind, r.Source, r.Type = claimlog.KindVoid, engine.SourceReferee.String(), "void"
		r.Body, err = json.Marshal(struct {
			claimlog.VoidBody
			saidBody
		}{claimlog.VoidBody{Void: e.Void, Retracted: e.VoidWithdrew, Note: e.Note}, saidBody{e.Said}})
	case e.Deal != nil:
		r.Kind, r.Type = claimlog.KindNote, table.NoteDeal
		r.Body, err = json.Marshal(e.Deal)
	case e.Revision != nil:
		r.Kind, r.Type = claimlog.KindNote, TypeRevision
		r.Body, err = json.Marshal(struct {
			claimlog.RevisionBody
			saidBody
		}{claimlog.RevisionBody{Late: e.Revision.Late, Retracted: e.Revision.Retracted, Note: e.Note}, saidBody{e.Said}})
	default:
		r.Kind, r.Type = claimlog.KindNote, e.NoteKind
		r.Body, err = json.Marshal(claimlog.NoteBody{Note: e.Note})
	}
	if err != nil {
		return r, fmt.Errorf("journal: entry %d: %w", e.Seq, err)
	}
	return r, nil
}

// outcomeSeat is the seat an outcome is about: the winner of a decision,
// the seat of a rejection or flag.
func outcomeSeat(o engine.Outcome) engine.Seat {
	if o.Kind == engine.KindDecision && len(o.Won) > 0 {
		return o.Won[0].Seat
	}
	if o.Kind == engine.KindRejection || o.Kind == engine.KindFlag {
		return o.Seat
	}
	return engine.NoSeat
}

// RecordEntry is a record as the table entry a replay or a resumed table
// steps through; ok is false for records that are no part of the table's
// journal (session notes, the writer's notes, the table's other notes). An
// outcome's entry carries only its time, which tells how far the table had
// decided; the outcome itself stays as logged (Replay compares it).
func RecordEntry(r claimlog.Record) (e table.Entry, ok bool, err error) {
	var sp entrySpace
	return sp.entry(&r)
}

// entrySpace holds the events and outcomes the entries of a session point
// to, made in one allocation each rather than one a record; empty, it
// makes each on its own.
type entrySpace struct {
	events   []engine.Event
	outcomes []engine.Outcome
}

// newEntrySpace has room for the inputs and outcomes of recs.
func newEntrySpace(recs []claimlog.Record) entrySpace {
	inputs, outcomes := 0, 0
	for i := range recs {
		switch recs[i].Kind {
		case claimlog.KindInput:
			inputs++
		case claimlog.KindOutcome:
			outcomes++
		}
	}
	return entrySpace{events: make([]engine.Event, inputs), outcomes: make([]engine.Outcome, outcomes)}
}

func (sp *entrySpace) event() *engine.Event {
	if len(sp.events) == 0 {
		return new(engine.Event)
	}
	ev := &sp.events[0]
	sp.events = sp.events[1:]
	return ev
}

func (sp *entrySpace) outcome() *engine.Outcome {
	if len(sp.outcomes) == 0 {
		return new(engine.Outcome)
	}
	o := &sp.outcomes[0]
	sp.outcomes = sp.outcomes[1:]
	return o
}

// entry is RecordEntry with the events and outcomes taken from sp.
func (sp *entrySpace) entry(r *claimlog.Record) (e table.Entry, ok bool, err error) {
	e = table.Entry{Seq: r.Seq, At: time.Duration(r.Mono), Hand: r.Hand}
	switch {
	case r.Kind == claimlog.KindInput:
		b, err := Input(*r)
		if err != nil {
			return e, false, err
		}
		ev := sp.event()
		*ev = b.Event
		e.Input, e.Note, e.Dealer = ev, b.Note, b.Dealer
	case r.Kind == claimlog.KindVoid:
		b, err := Void(*r)
		if err != nil {
			return e, false, err
		}
		e.Void, e.VoidWithdrew, e.Note, e.Said = b.Void, b.Retracted, b.Note, Said(*r)
	case r.Kind == claimlog.KindOutcome:
		o := sp.outcome()
		o.At = e.At
		e.Outcome = o
	case r.Kind == claimlog.KindNote && r.Type == table.NoteDeal:
		d := new(table.Deal)
		if err := decode(*r, "deal", d); err != nil {
			return e, false, err
		}
		e.Deal, e.NoteKind = d, table.NoteDeal
	case r.Kind == claimlog.KindNote && r.Type == TypeRevision:
		b, err := Revision(*r)
		if err != nil {
			return e, false, err
		}
		e.Revision, e.Note, e.Said = &table.Revision{Late: b.Late, Retracted: b.Retracted}, b.Note, Said(*r)
	default:
		return e, false, nil
	}
	return e, true, nil
}

// Entries is a session's records as the entries table.Config.Resume and
// table.Replay step through.
func Entries(recs []claimlog.Record) ([]table.Entry, error) {
	sp := newEntrySpace(recs)
	out := make([]table.Entry, 0, len(recs))
	for i := range recs {
		e, ok, err := sp.entry(&recs[i])
		if err != nil {
			return nil, err
		}
		if ok {
			out = append(out, e)
		}
	}
	return out, nil
}

// Log is a table.Journal over a claim-log Writer: each batch of table
// entries becomes one Append (one fsync), in the records EntryRecord makes.
type Log struct {
	W *claimlog.Writer
	// Observe, if set, is told of every batch written or failed and how
	// long the write took (for /metrics).
	Observe func(recs []claimlog.Record, took time.Duration, err error)
}

// Append implements table.Journal.
func (j Log) Append(es []table.Entry) error {
	recs := make([]claimlog.Record, 0, len(es))
	for _, e := range es {
		r, err := EntryRecord(e)
		if err != nil {
			return err
		}
		recs = append(recs, r)
	}
	start := time.Now()
	err := j.W.Append(recs)
	if j.Observe != nil {
		j.Observe(recs, time.Since(start), err)
	}
	return err
}
