package journal

import (
	"testing"

	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/table"
)

// TestPlayers: names by seat from name inputs in log order, a void
// carried out undoing its input (the earlier name stands again), a
// refused void and other records changing nothing, a bad body an error.
func TestPlayers(t *testing.T) {
	name := func(seq uint64, seat engine.Seat, n string) claimlog.Record {
		r, err := EntryRecord(table.Entry{Seq: seq, Input: &engine.Event{Seat: seat, Action: engine.Name, Name: n}})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	void := func(seq, of uint64, note string) claimlog.Record {
		r, err := EntryRecord(table.Entry{Seq: seq, Void: of, Note: note})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	tests := []struct {
		what string
		recs []claimlog.Record
		want engine.Names
	}{
		{"none", nil, engine.Names{}},
		{"two seats", []claimlog.Record{name(1, 0, "Ana"), name(2, 3, "Bo")}, engine.Names{0: "Ana", 3: "Bo"}},
		{"the latest wins", []claimlog.Record{name(1, 0, "Ana"), name(2, 0, "Cy")}, engine.Names{0: "Cy"}},
		{"cleared", []claimlog.Record{name(1, 0, "Ana"), name(2, 0, "")}, engine.Names{}},
		{"a void undoes", []claimlog.Record{name(1, 0, "Ana"), name(2, 0, "Cy"), void(3, 2, "")}, engine.Names{0: "Ana"}},
		{"a void of the first", []claimlog.Record{name(1, 0, "Ana"), name(2, 0, "Cy"), void(3, 1, "")}, engine.Names{0: "Cy"}},
		{"a refused void", []claimlog.Record{name(1, 0, "Ana"), void(2, 1, "already voided")}, engine.Names{0: "Ana"}},
		{"a void of another input", []claimlog.Record{name(1, 0, "Ana"), void(3, 2, "")}, engine.Names{0: "Ana"}},
		{"a note", []claimlog.Record{name(1, 0, "Ana"), {Seq: 2, Kind: claimlog.KindNote, Type: "reboot", Body: []byte(`{"note":"x"}`)}}, engine.Names{0: "Ana"}},
	}
	for _, tt := range tests {
		var p Players
		for _, r := range tt.recs {
			if err := p.See(r); err != nil {
				t.Fatalf("%s: record %d: %v", tt.what, r.Seq, err)
			}
		}
		if got := p.Names(); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.what, got, tt.want)
		}
	}
	var p Players
	if err := p.See(claimlog.Record{Seq: 1, Kind: claimlog.KindVoid, Type: "void", Body: []byte(`{"void":"x"}`)}); err == nil {
		t.Error("a void body that does not decode: no error")
	}
}
