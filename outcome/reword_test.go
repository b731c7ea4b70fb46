package outcome

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/engine"
)

// played is a discard, a chii and a pon on it a few milliseconds apart,
// decided by an engine given the catalog's English as the table gives
// it, and a chii refused to the wrong seat: the records as the log keeps
// them.
func played(t *testing.T) []Record {
	t.Helper()
	e, err := engine.New(engine.EMA2016, 0)
	if err != nil {
		t.Fatal(err)
	}
	e.SetWords(EnglishReason)
	ms := time.Millisecond
	var out []engine.Outcome
	for _, ev := range []engine.Event{
		{At: 0, Seat: 0, Action: engine.Discard, Tile: engine.MustTile("5p")},
		{At: 40 * ms, Seat: 1, Action: engine.Chii},
		{At: 90 * ms, Seat: 3, Action: engine.Pon},
		{At: 100 * ms, Seat: 2, Action: engine.Chii},
	} {
		if out, err = e.Apply(ev, out); err != nil {
			t.Fatal(err)
		}
	}
	out = e.Advance(2*time.Second, out)
	var rs []Record
	for _, o := range out {
		b, err := Of(o).MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		r, err := Decode(b)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(r.Args, Of(o).Args) {
			t.Errorf("args %+v read back as %+v from %s", Of(o).Args, r.Args, b)
		}
		rs = append(rs, r)
	}
	return rs
}

// TestLinesInFrench: the same records in English (as logged) and in
// French, from their codes and arguments; a record logged before the
// arguments were kept is told them from itself when its English is the
// English they give, and keeps its English otherwise.
func TestLinesInFrench(t *testing.T) {
	rs := played(t)
	fr, _ := catalog.Get("fr")
	var en, fre []string
	for _, r := range rs {
		en = append(en, Line(r))
		fre = append(fre, In(fr).Line(r))
	}
	wantEn := []string{
		"REJECTED CHII West: only South, next in turn, may chii East's discard",
		"DECISION on East's 5p: PON North beats CHII South\n           lost: PON North beats CHII South: called within 250 ms of each other, pon beats chii",
	}
	wantFr := []string{
		"REFUSÉ   CHII Ouest : seul le joueur Sud, le suivant dans le tour, peut faire chii sur l'écart du joueur Est",
		"DÉCISION sur l'écart 5 cercles du joueur Est : PON Nord l'emporte sur CHII Sud\n           perdu : PON Nord l'emporte sur CHII Sud : appels à moins de 250 ms l'un de l'autre : pon l'emporte sur chii",
	}
	if !reflect.DeepEqual(en, wantEn) {
		t.Errorf("English:\n%q\nwant\n%q", en, wantEn)
	}
	if !reflect.DeepEqual(fre, wantFr) {
		t.Errorf("French:\n%q\nwant\n%q", fre, wantFr)
	}

	// The same records as a log before the arguments: told, the same French.
	words := In(fr)
	words.Window = 250 * time.Millisecond
	for i, r := range rs {
		old := r.withoutArgs()
		if got := words.Line(old); got != wantFr[i] {
			t.Errorf("old record %d in French:\n%q\nwant\n%q", i, got, wantFr[i])
		}
	}
	// Worded otherwise than the code's English (an older wording): its
	// English stands, never a guess.
	old := rs[1].withoutArgs()
	old.Reason = "PON North wins over CHII South"
	if got := In(fr).Reason(old); got != old.Reason {
		t.Errorf("an old reason worded otherwise: %q", got)
	}
	// No code: English.
	old.Code = engine.CodeNone
	if got := In(fr).Reason(old); got != old.Reason {
		t.Errorf("an old reason with no code: %q", got)
	}
}

// TestCompareOldLogWithoutArgs: a record logged before reasons kept their
// arguments is the same record as its replay, which has them.
func TestCompareOldLogWithoutArgs(t *testing.T) {
	for _, r := range played(t) {
		if m := Compare(r.withoutArgs(), r); m != Same {
			t.Errorf("%s: %s, want same", r.Type, m)
		}
		other := r
		other.Reason = strings.ToUpper(r.Reason)
		if m := Compare(r, other); m != Reworded {
			t.Errorf("%s reworded: %s", r.Type, m)
		}
	}
}
