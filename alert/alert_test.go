package alert

import (
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/hw/link"
	"github.com/tabled/tabled/table"
)

func TestList(t *testing.T) {
	wall := time.Date(2025, 5, 3, 14, 3, 0, 0, time.UTC)
	note := func(seq uint64, kind string) table.Entry {
		return table.Entry{Seq: seq, NoteKind: kind, Note: kind + " text"}
	}
	deal := table.Entry{Seq: 50, Outcome: &engine.Outcome{Kind: engine.KindDeal}}
	newhand := table.Entry{Seq: 51, Input: &engine.Event{Action: engine.NewHand, Seat: engine.NoSeat}}
	decision := table.Entry{Seq: 52, Outcome: &engine.Outcome{Kind: engine.KindDecision}}
	press := table.Entry{Seq: 53, Input: &engine.Event{Action: engine.Pon, Seat: 1}, NoteKind: "ignored"}
	revision := table.Entry{Seq: 54, Revision: &table.Revision{Late: []uint64{3}}, Note: "late"}
	var many []table.Entry
	var manyWant []uint64
	for i := range Max + 3 {
		many = append(many, note(uint64(100+i), "disk-low"))
		if i >= 3 {
			manyWant = append(manyWant, uint64(100+i))
		}
	}
	for _, tc := range []struct {
		name    string
		entries []table.Entry
		want    []uint64 // the seqs showing after
		changed []bool
	}{
		{"nothing", nil, nil, nil},
		{"every alert kind shows", []table.Entry{note(1, "reboot"), note(2, "events-lost"), note(3, "reader-fault"), note(4, "device-changed"),
			note(5, "device-refused"), note(6, "device-status"), note(7, "claimlog-damage"), note(8, "disk-full")},
			[]uint64{1, 2, 3, 4, 5, 6, 7, 8}, nil},
		{"other notes do not", []table.Entry{note(1, "refused"), note(2, "session"), note(3, "log-file-replaced")},
			[]uint64{3}, []bool{false, false, true}},
		{"a deal clears them", []table.Entry{note(1, "reboot"), deal, note(60, "disk-low")}, []uint64{60}, []bool{true, true, true}},
		{"a new hand clears them", []table.Entry{note(1, "reboot"), note(2, "reader-fault"), newhand}, nil, []bool{true, true, true}},
		{"a deal with none showing changes nothing", []table.Entry{deal}, nil, []bool{false}},
		{"decisions, presses and revisions do not clear", []table.Entry{note(1, "reboot"), decision, press, revision},
			[]uint64{1}, []bool{true, false, false, false}},
		{"the oldest go past Max", many, manyWant, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var l List
			for i, e := range tc.entries {
				got := l.Entry(e, wall)
				if tc.changed != nil && got != tc.changed[i] {
					t.Errorf("entry %d (seq %d): changed %v, want %v", i, e.Seq, got, tc.changed[i])
				}
			}
			var seqs []uint64
			for _, a := range l.Current() {
				seqs = append(seqs, a.Seq)
				if !a.Wall.Equal(wall) || a.Label != Label(a.Kind) || a.Text != a.Kind+" text" {
					t.Errorf("alert %+v", a)
				}
			}
			if !slices.Equal(seqs, tc.want) || l.Len() != len(tc.want) {
				t.Errorf("showing %v, want %v", seqs, tc.want)
			}
		})
	}
}

func TestLabels(t *testing.T) {
	for kind, want := range map[string]string{"disk-low": "DISK LOW", "reboot": "REBOOT", "session": "session"} {
		if got := Label(kind); got != want {
			t.Errorf("Label(%q) = %q, want %q", kind, got, want)
		}
	}
	if Is("refused") || !Is("log-file-replaced") {
		t.Error("Is: refused is a note, log-file-replaced an alert")
	}
}

// TestCurrentIsACopy: a caller cannot change the list through Current.
func TestCurrentIsACopy(t *testing.T) {
	var l List
	l.Note(1, time.Time{}, "reboot", "rebooted")
	c := l.Current()
	c[0].Text = "changed"
	if l.Current()[0].Text != "rebooted" {
		t.Fatal("Current shares the list")
	}
}

// TestEveryNoticeKindHasItsWords: every notice the serial link raises is a
// note kind of the table, with the words a panel shows for it (a kind
// missing here would be journaled and silently never shown); only a link
// that is back is no alert.
func TestEveryNoticeKindHasItsWords(t *testing.T) {
	n := 0
	for k := link.NoticeKind(1); !strings.HasPrefix(k.String(), "notice("); k++ {
		n++
		name := k.String()
		switch {
		case !Known(name):
			t.Errorf("link notice %q has no entry in the table of what each kind shows", name)
		case Is(name) == (Kind(name) == LinkBack):
			t.Errorf("link notice %q: alert %v, label %q", name, Is(name), Label(name))
		}
	}
	if n < 8 {
		t.Fatalf("%d link notice kinds: the loop stopped early", n)
	}
	for k, sh := range shows {
		if (sh.label == "") != (k == LinkBack) || (sh.line == "") != (k == LinkBack) {
			t.Errorf("kind %q shows %+v", k, sh)
		}
		if k == LinkBack {
			continue
		}
		for _, code := range catalog.Codes() {
			l, _ := catalog.Get(code)
			label, line := LabelIn(l, string(k)), LineIn(l, string(k))
			if !l.Has(sh.label) || !l.Has(sh.line) || label != strings.ToUpper(label) {
				t.Errorf("%s: kind %q: label %q, line %q", code, k, label, line)
			}
			// A person's line: no engineer's words, and short enough for
			// one line of a phone and of the e-ink panel.
			if utf8.RuneCountInString(line) > LineWidth || strings.ContainsAny(line, "()") || strings.Contains(line, "fit") || strings.Contains(line, "frame") {
				t.Errorf("%s: kind %q: line %q (%d characters, at most %d)", code, k, line, utf8.RuneCountInString(line), LineWidth)
			}
		}
	}
}
