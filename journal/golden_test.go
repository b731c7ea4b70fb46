package journal

import (
	"bytes"
	"encoding/json"
	"errors"
	"github.com/tabled/tabled/claimlog"
	"slices"
	"testing"
	"time"

	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/outcome"
	"github.com/tabled/tabled/payment"
)

// golden is a claim log written by tabled before this package owned the
// format: a session of ema2016 (a rejection, decisions, a late dora read
// and a late pon re-decided, a void, a controller note) resumed once after
// a restart, a second hand, and a session of ema2008 with its whole
// profile in the note.
const golden = "../claimlog/testdata/golden"

func goldenSessions(t testing.TB) (ss []Session, recs [][]claimlog.Record) {
	t.Helper()
	err := Sessions(golden, func(s Session, r []claimlog.Record) error {
		ss, recs = append(ss, s), append(recs, r)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return ss, recs
}

// TestGoldenReplays: every session of the golden log replays to the
// outcomes it logged, byte for byte.
func TestGoldenReplays(t *testing.T) {
	ss, recs := goldenSessions(t)
	want := []struct {
		first           uint64
		rules           string
		inputs, outcome int
	}{{1, "ema2016", 15, 9}, {31, "ema2008", 6, 4}}
	if len(ss) != len(want) {
		t.Fatalf("%d sessions, want %d", len(ss), len(want))
	}
	for i, w := range want {
		res, err := Replay(ss[i], recs[i])
		if err != nil || ss[i].FirstSeq != w.first || ss[i].Rules != w.rules || res.Inputs != w.inputs || res.Outcomes != w.outcome || res.Reworded != 0 {
			t.Errorf("session %d: %+v %+v %v, want %+v", i, ss[i], res, err, w)
		}
	}
	last, lrecs, err := LastSession(golden)
	if err != nil || last == nil || last.FirstSeq != 31 || len(lrecs) != 10 || last.Profile == nil {
		t.Fatalf("last session %+v (%d records) %v", last, len(lrecs), err)
	}
	if p, err := last.RuleProfile(); err != nil || !last.SameRules(*last) || ss[0].SameRules(*last) || p.Name != "ema2008" {
		t.Fatalf("rules of the last session: %+v %v", p, err)
	}
}

// TestGoldenRoundTrip: every record of the golden log decodes and encodes
// back to the same bytes: the format is what the older writer wrote.
func TestGoldenRoundTrip(t *testing.T) {
	n := 0
	err := claimlog.Read(golden, claimlog.Filter{}, func(r claimlog.Record) error {
		n++
		var again claimlog.Record
		switch {
		case r.Kind == claimlog.KindNote && (r.Type == claimlog.TypeSession || r.Type == claimlog.TypeRestart):
			s, err := SessionOf(r)
			if err != nil {
				return err
			}
			if again, err = s.Note(r.Type == claimlog.TypeRestart); err != nil {
				return err
			}
			again.Seq, again.Mono, again.Hand = r.Seq, r.Mono, r.Hand
		case r.Kind == claimlog.KindOutcome:
			dec := json.NewDecoder(bytes.NewReader(r.Body))
			dec.DisallowUnknownFields()
			var o outcome.Record
			if err := dec.Decode(&o); err != nil || string(o.Type) != r.Type {
				t.Errorf("record %d: outcome %s reads as %+v: %v", r.Seq, r.Body, o, err)
			}
			return nil
		case r.Kind == claimlog.KindNote && r.Type != TypeRevision:
			var b claimlog.NoteBody
			if err := json.Unmarshal(r.Body, &b); err != nil {
				return err
			}
			again = claimlog.Record{Seq: r.Seq, Mono: r.Mono, Hand: r.Hand, Source: "table", Kind: claimlog.KindNote, Type: r.Type}
			again.Body, _ = json.Marshal(b)
		default:
			e, ok, err := RecordEntry(r)
			if err != nil || !ok {
				t.Fatalf("record %d: ok %v, %v", r.Seq, ok, err)
			}
			if again, err = EntryRecord(e); err != nil {
				return err
			}
		}
		again.Wall = r.Wall
		if !bytes.Equal(again.Body, r.Body) || again.Kind != r.Kind || again.Type != r.Type || again.Seat != r.Seat ||
			again.Source != r.Source || again.Hand != r.Hand || again.Mono != r.Mono || again.Seq != r.Seq {
			t.Errorf("record %d:\n  read    %+v %s\n  written %+v %s", r.Seq, r, r.Body, again, again.Body)
		}
		return nil
	})
	if err != nil || n != 41 {
		t.Fatalf("%d records, %v", n, err)
	}
}

// TestReplayNamesTheRecord: a tampered, missing or extra outcome is a
// Divergence that names the logged record.
func TestReplayNamesTheRecord(t *testing.T) {
	ss, recs := goldenSessions(t)
	edit := func(recs []claimlog.Record, seq uint64, f func(*claimlog.Record)) []claimlog.Record {
		out := slices.Clone(recs)
		for i := range out {
			if out[i].Seq == seq {
				f(&out[i])
			}
		}
		return out
	}
	drop := func(recs []claimlog.Record, seq uint64) []claimlog.Record {
		return slices.DeleteFunc(slices.Clone(recs), func(r claimlog.Record) bool { return r.Seq == seq })
	}
	for _, c := range []struct {
		name    string
		session int
		recs    []claimlog.Record
		seq     uint64
		more    int
		says    string
	}{
		{"another winner", 0, edit(recs[0], 7, func(r *claimlog.Record) {
			r.Body = bytes.Replace(r.Body, []byte(`"won":[{"seat":"W"`), []byte(`"won":[{"seat":"N"`), 1)
		}), 7, 0, "record 7 (outcome 2 of the session) differs"},
		{"the hand end dropped", 1, drop(recs[1], 41), 0, 1, "1 outcomes more than the log holds, the first: {\"type\":\"hand_end\""},
		{"an outcome added", 1, append(slices.Clone(recs[1]), claimlog.Record{Seq: 42, Mono: int64(time.Hour), Kind: claimlog.KindOutcome, Type: "dora", Body: []byte(`{"type":"dora"}`)}),
			42, 0, "record 42 (outcome 5 of the session) was not reproduced"},
		{"a pon taken out", 0, edit(recs[0], 15, func(r *claimlog.Record) { r.Kind = claimlog.KindNote }), 16, 0, "record 16 (outcome 5 of the session) differs"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Replay(ss[c.session], c.recs)
			var d *Divergence
			if !errors.As(err, &d) || d.Seq != c.seq || d.More != c.more || !bytes.Contains([]byte(err.Error()), []byte(c.says)) {
				t.Fatalf("got %v (%+v), want record %d, %q", err, d, c.seq, c.says)
			}
		})
	}
	bad := edit(recs[0], 3, func(r *claimlog.Record) { r.Body = []byte(`{"event":7}`) })
	if _, err := Replay(ss[0], bad); err == nil || !bytes.Contains([]byte(err.Error()), []byte("record 3: input body")) {
		t.Fatalf("an input that does not decode: %v", err)
	}
}

// TestReplayRewordedIsNoDivergence: a reason worded otherwise than the log
// holds (as after an upgrade that rewords a rule) is the same decision: the
// replay counts it as reworded and names the first, and does not diverge.
func TestReplayRewordedIsNoDivergence(t *testing.T) {
	ss, recs := goldenSessions(t)
	edited := slices.Clone(recs[0])
	for i := range edited {
		if edited[i].Seq == 7 {
			edited[i].Body = bytes.Replace(edited[i].Body, []byte("PON West beats"), []byte("PON West wins over"), 1)
		}
	}
	res, err := Replay(ss[0], edited)
	if err != nil || res.Outcomes != 9 || res.Reworded != 1 || res.FirstReworded == nil || res.FirstReworded.Seq != 7 {
		t.Fatalf("%+v %v, want 9 outcomes, 1 reworded (record 7)", res, err)
	}
}

// TestOutcomeRecordsReadBack: every kind of outcome, as the log writes
// it, reads into an outcome.Record with no field left over.
func TestOutcomeRecordsReadBack(t *testing.T) {
	e, w := engine.Claim{Seat: 1, Call: engine.Pon}, engine.Claim{Seat: 2, Call: engine.Chii, Reason: "too slow", Late: true}
	for _, o := range []engine.Outcome{
		{Kind: engine.KindDecision, At: 1500 * time.Microsecond, Claimed: engine.Claimed{Seat: 0, Tile: engine.MustTile("3p")}, Won: []engine.Claim{e},
			Lost: []engine.Claim{w}, Overrides: 4, Reason: "PON South", Late: true, Robbing: true, Referee: "check"},
		{Kind: engine.KindRejection, Seat: 3, Call: engine.Chii, Reason: "not next"},
		{Kind: engine.KindFlag, Seat: engine.NoSeat, Call: engine.Ron, Reason: "look"},
		{Kind: engine.KindDora, Indicators: []engine.Tile{engine.MustTile("4m")}, Dora: []engine.Tile{engine.MustTile("5m")}},
		{Kind: engine.KindHandEnd, Result: engine.ResultRon, Winners: []engine.Seat{1, 2}},
		{Kind: engine.KindDeal, RoundWind: engine.South, HandNumber: 3, Honba: 1, RiichiSticks: 2, Dealer: 2},
		{Kind: engine.KindKongStands, Claimed: engine.Claimed{Seat: 1, Tile: engine.MustTile("7z")}, Reason: "no ron"},
		{Kind: engine.KindScore, Seat: 2, Score: &engine.Score{Result: engine.ResultRon, Wins: []engine.ScoreWin{
			{Seat: 1, From: 2, Value: payment.Value{Limit: payment.Yakuman, Yakuman: 2}, Limit: payment.Yakuman, Pao: 3, Points: 64000}}}},
		{Kind: engine.KindGameEnd, GameEnd: &engine.GameEnd{Standings: []payment.Standing{{Seat: 1, Place: 1, Points: 41000, Result: 26000}}}},
	} {
		b, err := outcome.Of(o).MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.DisallowUnknownFields()
		var got outcome.Record
		if err := dec.Decode(&got); err != nil || string(got.Type) != o.Kind.String() {
			t.Errorf("%s: %v (%+v)", b, err, got)
		}
	}
}

// FuzzReplay: records with any body never crash a replay: a body that does
// not decode is an error naming its record.
func FuzzReplay(f *testing.F) {
	ss, recs := goldenSessions(f)
	for _, r := range recs[0][:8] {
		f.Add(r.Kind, r.Type, []byte(r.Body))
	}
	f.Add(claimlog.KindNote, TypeRevision, []byte(`{"late":[3,99,0],"retracted":[1]}`))
	f.Add(claimlog.KindVoid, "void", []byte(`{"void":2}`))
	f.Fuzz(func(t *testing.T, kind, typ string, body []byte) {
		r := claimlog.Record{Seq: 4, Mono: 35e6, Hand: 1, Kind: kind, Type: typ, Body: body}
		in := append(slices.Clone(recs[0][:2]), r)
		in = append(in, recs[0][2:8]...)
		_, err := Replay(ss[0], in)
		var d *Divergence
		if err != nil && !errors.As(err, &d) && !bytes.Contains([]byte(err.Error()), []byte("record 4: ")) {
			t.Fatalf("an error that names no record: %v", err)
		}
	})
}

// TestOldSessionReplaysWithoutScore: a log written before the score was
// kept (a session note naming its rules, or holding a profile without
// score figures) replays exactly as it was decided, with no score lines;
// the same inputs under the profile's score figures would have settled
// the hand, so it is the recorded profile that keeps them out.
func TestOldSessionReplaysWithoutScore(t *testing.T) {
	ss, recs := goldenSessions(t)
	for i, s := range ss {
		p, err := s.RuleProfile()
		if err != nil || p.Score != nil {
			t.Fatalf("session %d: profile %+v, %v: an old note has no score figures", i, p.Score, err)
		}
		if _, err := Replay(s, recs[i]); err != nil {
			t.Fatalf("session %d: %v", i, err)
		}
	}
	// The first session deals a second hand: under score figures that
	// deal settles the first hand, a line the old log does not hold.
	// The rulings the name meant then (not today's ema2016, the RCR
	// 2016), with the figures added.
	s := ss[0]
	p, err := engine.RecordedProfile(s.Rules)
	figures, ok := engine.ScoreFigures(s.Rules)
	if err != nil || !ok {
		t.Fatalf("%s has no score figures: %v", s.Rules, err)
	}
	p.Score = &figures
	q, _ := s.RuleProfile()
	p.Window, p.CallDeadline = q.Window, q.CallDeadline
	s.Profile = &p
	var d *Divergence
	if _, err := Replay(s, recs[0]); !errors.As(err, &d) || !bytes.Contains(d.Replayed, []byte(`"type":"score"`)) {
		t.Fatalf("replayed with score figures: %v, want a score line the log lacks", err)
	}
}
