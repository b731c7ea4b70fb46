package logrow

import (
	"encoding/json"
	"reflect"
	"testing"
	"unicode/utf8"

	"github.com/tabled/tabled/claimlog"
)

// FuzzOf: any record, of any kind and type with any body, reads as a row
// of words without panicking: its head copied, some words, voidable only
// as an input not voided; the row the log page gets (JSON) reads back the
// same, and its CSV cells are one per column.
func FuzzOf(f *testing.F) {
	for _, seed := range []struct{ kind, typ, seat, body string }{
		{"input", "discard", "E", `{"event":{"seat":0,"action":"discard","tile":"3p","uncertainty":1500000},"dealer":0}`},
		{"input", "chii", "S", `{"event":{"seat":1,"action":"chii","shown":["6p","8p"]},"dealer":0,"note":"adjusted"}`},
		{"input", "newhand", "", `{"event":{"action":"newhand","seat":-1,"dealer":2}}`},
		{"input", "value", "N", `{"event":{"seat":3,"action":"value","value":{"limit":"yakuman","yakuman":2,"pao":1}},"dealer":0}`},
		{"input", "hand", "W", `{"event":{"seat":2,"action":"hand","hand":["1m","2m","3m"],"tile":"3m"},"dealer":0}`},
		{"input", "name", "W", `{"event":{"seat":2,"action":"name","name":"Ana"},"dealer":0}`},
		{"input", "value", "N", `{"event":{"value":{"han":"x"}}}`},
		{"outcome", "decision", "N", `{"type":"decision","discard":{"seat":"E","tile":"6s"},"won":[{"seat":"N","call":"pon","late":true}],"lost":[{"seat":"S","call":"chii","reason":"r"}],"reason":"x","overrides":2}`},
		{"outcome", "dora", "", `{"type":"dora","indicators":["3p","9z"],"dora":["4p"]}`},
		{"outcome", "score", "", `{"type":"score","result":"ron","wins":[{"seat":"N","from":"S","han":3,"fu":40}],"deltas":{"E":0},"scores":{},"honba":0,"sticks":0}`},
		{"outcome", "game_end", "", `{"type":"game_end","standings":[{"seat":9}]}`},
		{"outcome", "decision", "", `[1,2]`},
		{"void", "void", "", `{"void":9,"retracted":[10,11],"note":"no input 9"}`},
		{"void", "void", "", `{"void":-9}`},
		{"note", "revision", "", `{"late":[12],"retracted":[13],"note":"PON West came late"}`},
		{"note", "revision", "", `{"late":"x"}`},
		{"note", "session", "", `{"table":"t7","rules":"ema2016","dealer":0}`},
		{"note", "disk-low", "", `{"note":"40 MB left"}`},
		{"marker", "x", "", ``},
	} {
		f.Add(seed.kind, seed.typ, seed.seat, []byte(seed.body), uint64(0))
	}
	f.Fuzz(func(t *testing.T, kind, typ, seat string, body []byte, voidedBy uint64) {
		rec := claimlog.Record{Seq: 7, Mono: 1e9, Kind: kind, Type: typ, Seat: seat, Source: "web", Hand: 2, Body: body}
		row := Of(claimlog.Marked{Record: rec, VoidedBy: voidedBy})
		if row.Seq != rec.Seq || row.Kind != kind || row.Type != typ || row.Seat != seat || row.Hand != rec.Hand || row.VoidedBy != voidedBy {
			t.Fatalf("row %+v does not keep the record's head %+v", row, rec)
		}
		if row.What == "" && typ != "" {
			t.Fatalf("%s %s %q: no words", kind, typ, body)
		}
		if row.Voidable && (kind != claimlog.KindInput || voidedBy != 0) {
			t.Fatalf("%s %s voided by %d is voidable", kind, typ, voidedBy)
		}
		if cells := row.cells(); len(cells) != len(csvHeader) {
			t.Fatalf("%d cells for %d columns", len(cells), len(csvHeader))
		}
		if !utf8.ValidString(kind + typ + seat + row.What) {
			return // JSON writes invalid UTF-8 as U+FFFD: no round trip
		}
		for _, s := range append(append(row.Tiles, row.Lost...), row.Flags...) {
			if !utf8.ValidString(s) {
				return
			}
		}
		b, err := json.Marshal(row)
		if err != nil {
			t.Fatal(err)
		}
		var again Row
		if err := json.Unmarshal(b, &again); err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		if !reflect.DeepEqual(row, again) {
			t.Fatalf("the row %+v reads back as %+v", row, again)
		}
	})
}
