package journal

import (
	"reflect"
	"strings"
	"testing"

	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/outcome"
	"github.com/tabled/tabled/table"
)

// TestSaidRoundTrip: a void's and a revision's note keep their code and
// arguments in the record beside the English (an additive "said" field),
// and read back into the entry; a body from before the codes has none.
func TestSaidRoundTrip(t *testing.T) {
	late := &outcome.TableNote{Code: outcome.NoteLate, Late: []outcome.LateCall{{Seat: "N", Action: "pon", Source: "serial", Input: 38}}, Until: 35270 * 1e6}
	for _, c := range []struct {
		name  string
		entry table.Entry
		want  string // in the body
	}{
		{"revision", table.Entry{Seq: 39, Revision: &table.Revision{Late: []uint64{38}}, Note: "North pon ...", Said: late},
			`"said":{"code":"late","late":[{"seat":"N","action":"pon","source":"serial","input":38}],"until_ms":35270}`},
		{"void refused", table.Entry{Seq: 44, Void: 9, Note: "refused: no input 9 in this session", Said: &outcome.TableNote{Code: outcome.NoteNoInput, Input: 9}},
			`"note":"refused: no input 9 in this session","said":{"code":"no_input","input":9}`},
		{"void", table.Entry{Seq: 45, Void: 41, VoidWithdrew: []uint64{42}}, `{"void":41,"retracted":[42]}`},
	} {
		t.Run(c.name, func(t *testing.T) {
			r, err := EntryRecord(c.entry)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(r.Body), c.want) {
				t.Errorf("body %s, want %s in it", r.Body, c.want)
			}
			if got := Said(r); !reflect.DeepEqual(got, c.entry.Said) {
				t.Errorf("Said %+v, want %+v", got, c.entry.Said)
			}
			e, ok, err := RecordEntry(r)
			if err != nil || !ok || !reflect.DeepEqual(e.Said, c.entry.Said) || e.Note != c.entry.Note {
				t.Errorf("entry %+v %v %v, want said %+v", e, ok, err, c.entry.Said)
			}
		})
	}
	if s := Said(claimlog.Record{Body: []byte(`{"late":[38],"note":"an old revision"}`)}); s != nil {
		t.Errorf("an old body's said: %+v", s)
	}
}
