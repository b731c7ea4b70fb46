package claimlog

import (
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"
)

// golden is a claim log written by tabled before this package owned the
// format (package journal replays it): a session of ema2016 resumed once
// after a restart, a second hand, and a session of ema2008.
const golden = "testdata/golden"

// indexLog writes n records in hands of 40 to a new session in dir.
func indexLog(t testing.TB, dir string, n int) {
	t.Helper()
	w, err := Open(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	seats := []string{"E", "S", "W", "N"}
	var recs []Record
	for i := range n {
		kind, src, typ := KindInput, "gpio", "discard"
		if i%3 == 2 {
			kind, src, typ = KindOutcome, "table", "decision"
		}
		body, _ := json.Marshal(map[string]any{"i": i, "text": strings.Repeat("x", i%50)})
		recs = append(recs, Record{Mono: int64(i) * int64(time.Second), Kind: kind, Source: src, Hand: 1 + i/40, Seat: seats[i%4], Type: typ, Body: body})
	}
	if err := w.Append(recs); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
}

// scanPage is a page the slow way, by reading the log through.
func scanPage(t testing.TB, dir string, f Filter, limit int) ([]Record, uint64) {
	t.Helper()
	var out []Record
	var next uint64
	err := Read(dir, f, func(r Record) error {
		if len(out) == limit {
			next = r.Seq
			return ErrStop
		}
		out = append(out, r)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out, next
}

// TestIndexPagesAsAScanWould: for every filter, the index's page and next
// are what reading the log through gives, also after the log grows and a
// new session starts.
func TestIndexPagesAsAScanWould(t *testing.T) {
	dir := t.TempDir()
	indexLog(t, dir, 300)
	x := NewIndex(dir)
	filters := []Filter{
		{}, {FromSeq: 150}, {Hand: 3}, {Hand: 3, FromSeq: 100}, {Seat: "S", Kind: KindOutcome}, {Type: "decision", Hand: 9},
		{Source: "table"}, {MonoFrom: int64(200 * time.Second), MonoTo: int64(250 * time.Second)}, {Hand: 99}, {FromSeq: 1 << 40},
	}
	check := func(stage string) {
		t.Helper()
		for _, f := range filters {
			for _, limit := range []int{1, 7, 200} {
				got, gotNext, err := x.Page(f, limit)
				if err != nil {
					t.Fatal(err)
				}
				want, wantNext := scanPage(t, dir, f, limit)
				if !reflect.DeepEqual(normWall(got), normWall(want)) || gotNext != wantNext {
					t.Fatalf("%s: filter %+v limit %d: index gives %d records, next %d; a scan %d, next %d", stage, f, limit, len(got), gotNext, len(want), wantNext)
				}
			}
		}
	}
	check("one session")
	if x.Len() < 300 {
		t.Fatalf("indexed %d records", x.Len())
	}
	indexLog(t, dir, 200) // a second session: a new file, appended to
	check("two sessions")
	if x.Len() < 500 {
		t.Fatalf("indexed %d records after the log grew", x.Len())
	}
}

// normWall makes wall times comparable with DeepEqual (locations differ).
func normWall(rs []Record) []Record {
	out := make([]Record, len(rs))
	for i, r := range rs {
		r.Wall = r.Wall.UTC()
		out[i] = r
	}
	return out
}

// TestIndexFollowsAndSurvivesDamage: an unfinished line is indexed once it
// is whole; a damaged line is skipped and named by file and line; a file
// cut shorter makes the index start again.
func TestIndexFollowsAndSurvivesDamage(t *testing.T) {
	dir := t.TempDir()
	indexLog(t, dir, 10)
	files, err := Files(dir)
	if err != nil || len(files) != 1 {
		t.Fatalf("%v %v", files, err)
	}
	path := files[0]
	x := NewIndex(dir)
	n0 := len(mustPage(t, x, Filter{}))
	appendTo(t, path, `{"seq":999,"kind":"input","sou`)
	if got := len(mustPage(t, x, Filter{})); got != n0 {
		t.Fatalf("an unfinished line was indexed: %d records, want %d", got, n0)
	}
	appendTo(t, path, `rce":"web","hand":1,"type":"pon"}`+"\n"+"not json\n"+fmt.Sprintf(`{"seq":1000,"kind":"note","source":"table","type":"x"}`+"\n"))
	recs := mustPage(t, x, Filter{})
	if len(recs) != n0+2 || recs[len(recs)-2].Seq != 999 || recs[len(recs)-1].Seq != 1000 {
		t.Fatalf("after the line was finished: %d records", len(recs))
	}
	if d := x.Damaged(); len(d) != 1 || !strings.Contains(d[0], path+" line ") {
		t.Fatalf("damaged %v, want the bad line named by file and line", d)
	}
	if err := os.Truncate(path, 0); err != nil {
		t.Fatal(err)
	}
	if recs := mustPage(t, x, Filter{}); len(recs) != 0 || len(x.Damaged()) != 0 {
		t.Fatalf("after the file was emptied: %d records, damaged %v", len(recs), x.Damaged())
	}
}

func mustPage(t *testing.T, x *Index, f Filter) []Record {
	t.Helper()
	recs, _, err := x.Page(f, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

func appendTo(t *testing.T, path, s string) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString(s); err != nil {
		t.Fatal(err)
	}
}

// TestFilterSeatAndTimeInHand: --seat finds the decisions a seat lost, and
// the time within the hand counts from its deal; the index agrees with a
// scan.
func TestFilterSeatAndTimeInHand(t *testing.T) {
	ms := time.Millisecond
	x := NewIndex(golden)
	for _, c := range []struct {
		name string
		f    Filter
		want []uint64
	}{
		{"South lost a chii", Filter{Seat: "S", Type: "decision"}, []uint64{7, 16, 23, 34, 36}},
		{"West lost a ron", Filter{Seat: "W", Kind: KindOutcome}, []uint64{7, 23, 40, 41}},
		{"hand 2 from 50 to 60 ms", Filter{Hand: 2, HandFrom: 50 * ms, HandTo: 60 * ms}, []uint64{28, 30}},
		{"the first 40 ms of every hand", Filter{Kind: KindInput, HandTo: 40 * ms}, []uint64{2, 3, 4, 32, 33}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var got []uint64
			if err := Read(golden, c.f, func(r Record) error { got = append(got, r.Seq); return nil }); err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("read %v, want %v", got, c.want)
			}
			page, _, err := x.Page(c.f, 100)
			if err != nil {
				t.Fatal(err)
			}
			got = got[:0]
			for _, r := range page {
				got = append(got, r.Seq)
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("index %v, want %v", got, c.want)
			}
		})
	}
}
