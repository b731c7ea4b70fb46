package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"time"

	"github.com/VictoriaMetrics/metrics"
	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/script"
	"github.com/tabled/tabled/table"
)

// session is the body of the note that opens each session in the claim
// log: the rules in force, so that a replay needs nothing but the log.
type session struct {
	Version      string `json:"version"`
	Table        string `json:"table"`
	Rules        string `json:"rules"`
	WindowNS     int64  `json:"window_ns"`
	DeadlineNS   int64  `json:"call_deadline_ns"`
	Dealer       int    `json:"dealer"`
	FirstSeq     uint64 `json:"first_seq"`
	InputLatency int64  `json:"input_latency_ns"`
	// Profile is the whole rule profile in force, so that a replay never
	// depends on the defaults of the code that reads the log. Logs written
	// before it was recorded name the profile by Rules, window and deadline.
	Profile *engine.Profile `json:"profile,omitempty"`
}

// sameRules reports whether a session was played under the rules of s.
func (s session) sameRules(o session) bool {
	p, err1 := s.profile()
	q, err2 := o.profile()
	return err1 == nil && err2 == nil && reflect.DeepEqual(p, q) && s.Dealer == o.Dealer
}

func (s session) profile() (engine.Profile, error) {
	if s.Profile != nil {
		return *s.Profile, s.Profile.Validate()
	}
	p, err := engine.ProfileByName(s.Rules)
	if err != nil {
		return p, err
	}
	p.Window, p.CallDeadline = time.Duration(s.WindowNS), time.Duration(s.DeadlineNS)
	return p, p.Validate()
}

// logJournal makes table entries claim-log records.
type logJournal struct{ w *claimlog.Writer }

// Append implements table.Journal, and counts what the table decided for /metrics.
func (j logJournal) Append(es []table.Entry) error {
	recs := make([]claimlog.Record, 0, len(es))
	for _, e := range es {
		r, err := toRecord(e)
		if err != nil {
			return err
		}
		recs = append(recs, r)
		metrics.GetOrCreateCounter(fmt.Sprintf(`tabled_entries_total{kind=%q,type=%q}`, r.Kind, r.Type)).Inc()
	}
	start := time.Now()
	err := j.w.Append(recs)
	metricAppendSeconds.UpdateDuration(start)
	metricAppendedRecords.Add(len(recs))
	if err != nil {
		metricAppendErrors.Inc()
	}
	return err
}

// logMetrics exports the claim log's disk and damage on /metrics: free
// bytes, whether space is low (the reserve given up, or under the
// threshold), lines found damaged, and alerts met while writing.
func logMetrics(w *claimlog.Writer) {
	metrics.GetOrCreateGauge(`tabled_claimlog_free_bytes`, func() float64 {
		free, _ := w.FreeBytes()
		return float64(free)
	})
	metrics.GetOrCreateGauge(`tabled_claimlog_low_space`, func() float64 {
		if w.LowSpace() {
			return 1
		}
		return 0
	})
	metrics.GetOrCreateGauge(`tabled_claimlog_damage`, func() float64 { return float64(len(w.Damage())) })
	metrics.GetOrCreateGauge(`tabled_claimlog_alerts`, func() float64 { return float64(len(w.Alerts())) })
}

// The claim log's health, on /metrics: how long a batch takes to reach the
// disk (write + fsync), how many records, how many failures.
var (
	metricAppendSeconds   = metrics.NewHistogram(`tabled_claimlog_append_seconds`)
	metricAppendedRecords = metrics.NewCounter(`tabled_claimlog_records_total`)
	metricAppendErrors    = metrics.NewCounter(`tabled_claimlog_append_errors_total`)
)

// inputBody is an input as logged: the event exactly as applied, and a note
// when the table adjusted or refused it.
type inputBody struct {
	Event engine.Event `json:"event"`
	// Dealer is the dealer's seat when it was applied, to name seats by wind.
	Dealer engine.Seat `json:"dealer"`
	Note   string      `json:"note,omitempty"`
}

// voidBody is a referee's void as logged.
type voidBody struct {
	Void uint64 `json:"void"`
	Note string `json:"note,omitempty"`
}

// revisionBody is a re-decision as logged (a note of type "revision"): the
// late inputs, the outcomes it withdrew, and what happened in words.
type revisionBody struct {
	Late      []uint64 `json:"late"`
	Retracted []uint64 `json:"retracted,omitempty"`
	Note      string   `json:"note"`
}

// noteBody is a table note as logged (a controller that rebooted, ...).
type noteBody struct {
	Note string `json:"note"`
}

// typeRevision is the record type of a revision note.
const typeRevision = "revision"

func toRecord(e table.Entry) (claimlog.Record, error) {
	r := claimlog.Record{Seq: e.Seq, Mono: int64(e.At), Hand: e.Hand, Source: "table"}
	var err error
	switch {
	case e.Input != nil:
		r.Kind, r.Source, r.Type = claimlog.KindInput, e.Input.Source.String(), e.Input.Action.String()
		if e.Input.Seat.Valid() {
			r.Seat = e.Input.Seat.Wind(e.Dealer).Letter()
		}
		r.Body, err = json.Marshal(inputBody{Event: *e.Input, Dealer: e.Dealer, Note: e.Note})
	case e.Outcome != nil:
		r.Kind, r.Type = claimlog.KindOutcome, e.Outcome.Kind.String()
		if s := outcomeSeat(*e.Outcome); s.Valid() {
			r.Seat = s.Wind(e.Outcome.Dealer).Letter()
		}
		r.Body, err = script.MarshalOutcome(*e.Outcome)
	case e.Void != 0:
		r.Kind, r.Source, r.Type = claimlog.KindVoid, engine.SourceReferee.String(), "void"
		r.Body, err = json.Marshal(voidBody{Void: e.Void, Note: e.Note})
	case e.Revision != nil:
		r.Kind, r.Type = claimlog.KindNote, typeRevision
		r.Body, err = json.Marshal(revisionBody{Late: e.Revision.Late, Retracted: e.Revision.Retracted, Note: e.Note})
	default:
		r.Kind, r.Type = claimlog.KindNote, e.NoteKind
		r.Body, err = json.Marshal(noteBody{Note: e.Note})
	}
	if err != nil {
		return r, fmt.Errorf("claim log: entry %d: %w", e.Seq, err)
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

// replaySession replays one session's records and compares every outcome
// with the one logged; it returns how many inputs and outcomes it checked.
func replaySession(s session, recs []claimlog.Record) (inputs, outcomes int, err error) {
	p, err := s.profile()
	if err != nil {
		return 0, 0, err
	}
	entries, logged, inputs, err := entriesOf(recs)
	if err != nil {
		return inputs, 0, err
	}
	got, err := table.Replay(p, engine.Seat(s.Dealer), entries)
	if err != nil {
		return inputs, outcomes, err
	}
	for i, want := range logged {
		if i >= len(got) {
			return inputs, outcomes, fmt.Errorf("outcome %d of the session was not reproduced: %s", i+1, want)
		}
		b, err := script.MarshalOutcome(got[i])
		if err != nil {
			return inputs, outcomes, err
		}
		if !bytes.Equal(b, want) {
			return inputs, outcomes, fmt.Errorf("outcome %d differs:\n  logged   %s\n  replayed %s", i+1, want, b)
		}
		outcomes++
	}
	if len(got) > len(logged) {
		return inputs, outcomes, fmt.Errorf("replay decided %d outcomes more than the log holds", len(got)-len(logged))
	}
	return inputs, outcomes, nil
}

// entriesOf turns a session's records back into table entries (inputs,
// voids, and outcomes for their times) and returns the logged outcomes.
func entriesOf(recs []claimlog.Record) (entries []table.Entry, logged [][]byte, inputs int, err error) {
	for _, r := range recs {
		e := table.Entry{Seq: r.Seq, At: time.Duration(r.Mono), Hand: r.Hand}
		switch r.Kind {
		case claimlog.KindInput:
			var b inputBody
			if err := json.Unmarshal(r.Body, &b); err != nil {
				return nil, nil, inputs, fmt.Errorf("record %d: %w", r.Seq, err)
			}
			e.Input, e.Note = &b.Event, b.Note
			inputs++
		case claimlog.KindVoid:
			var b voidBody
			if err := json.Unmarshal(r.Body, &b); err != nil {
				return nil, nil, inputs, fmt.Errorf("record %d: %w", r.Seq, err)
			}
			e.Void, e.Note = b.Void, b.Note
		case claimlog.KindOutcome:
			// Its time tells a replay how far the table had decided; the
			// outcome itself is compared as logged.
			e.Outcome = &engine.Outcome{At: e.At}
			logged = append(logged, r.Body)
		case claimlog.KindNote:
			if r.Type != typeRevision {
				continue
			}
			var b revisionBody
			if err := json.Unmarshal(r.Body, &b); err != nil {
				return nil, nil, inputs, fmt.Errorf("record %d: %w", r.Seq, err)
			}
			e.Revision, e.Note = &table.Revision{Late: b.Late, Retracted: b.Retracted}, b.Note
		default:
			continue
		}
		entries = append(entries, e)
	}
	return entries, logged, inputs, nil
}

// eachSession calls fn with every session of the log and its records, in order.
func eachSession(dir string, fn func(session, []claimlog.Record)) error {
	var cur *session
	var recs []claimlog.Record
	err := claimlog.Read(dir, claimlog.Filter{}, func(r claimlog.Record) error {
		if r.Kind == claimlog.KindNote && r.Type == "session" {
			if cur != nil {
				fn(*cur, recs)
			}
			var s session
			if err := json.Unmarshal(r.Body, &s); err != nil {
				return fmt.Errorf("session record %d: %w", r.Seq, err)
			}
			cur, recs = &s, nil
			return nil
		}
		recs = append(recs, r)
		return nil
	})
	if err == nil && cur != nil {
		fn(*cur, recs)
	}
	return err
}

// lastSession finds the newest session of the log and its records.
func lastSession(dir string) (*session, []claimlog.Record, error) {
	var last *session
	var recs []claimlog.Record
	err := eachSession(dir, func(s session, r []claimlog.Record) { last, recs = &s, r })
	return last, recs, err
}
