package logrow

import (
	"encoding/json"
	"testing"

	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/outcome"
)

// TestRowsInFrench: the rows' words in the reader's language, the
// outcomes' sentences outcome's (OfIn with outcome.In): what the log page
// shows at ?lang=fr.
func TestRowsInFrench(t *testing.T) {
	fr, ok := catalog.Get("fr")
	if !ok {
		t.Fatal("no French in the catalog")
	}
	for _, tc := range []struct {
		name string
		rec  claimlog.Record
		what string
	}{
		{"serial chii with shown tiles", claimlog.Record{Kind: "input", Type: "chii", Seat: "S", Source: "serial",
			Body: json.RawMessage(`{"event":{"seat":1,"action":"chii","shown":["6p","8p"],"uncertainty":1500000,"source":"serial"},"dealer":0}`)},
			"Sud annonce chii, en montrant"},
		{"discard", claimlog.Record{Kind: "input", Type: "discard", Seat: "E", Body: json.RawMessage(`{"event":{"action":"discard","tile":"3p"}}`)},
			"Est écarte"},
		{"new hand with dealer", claimlog.Record{Kind: "input", Type: "newhand", Source: "referee", Body: json.RawMessage(`{"event":{"action":"newhand","seat":-1,"dealer":2}}`)},
			"nouvelle main, la place 2 donne"},
		{"decision", claimlog.Record{Kind: "outcome", Type: "decision", Seat: "N",
			Body: json.RawMessage(`{"type":"decision","discard":{"seat":"E","tile":"6s"},"won":[{"seat":"N","call":"pon"}],"reason":"PON North: the only claim"}`)},
			"PON Nord l'emporte sur l'écart du joueur Est"},
		{"value", claimlog.Record{Kind: "input", Type: "value", Seat: "N", Source: "web", Body: json.RawMessage(`{"event":{"seat":3,"action":"value","value":{"han":3,"fu":40,"pao":-1},"source":"web"},"dealer":0}`)},
			"la main du joueur Nord vaut 3 han 40 fu"},
		{"chombo", claimlog.Record{Kind: "input", Type: "chombo", Seat: "S", Source: "referee", Body: json.RawMessage(`{"event":{"seat":1,"action":"chombo"},"dealer":0}`)},
			"arbitre : chombo du joueur Sud"},
		{"session", claimlog.Record{Kind: "note", Type: "session", Body: json.RawMessage(`{"version":"dev","table":"t7","rules":"ema2016","window_ns":250000000,"dealer":0,"profile":{"name":"ema2016"}}`)},
			"session commencée : règles ema2016, table t7, la place 0 a donné en premier"},
		{"revision after a void", claimlog.Record{Kind: "note", Type: "revision", Body: json.RawMessage(`{"late":[],"retracted":[13]}`)},
			"redécidé, retirant #13"},
		{"void withdrawing", claimlog.Record{Kind: "void", Type: "void", Body: json.RawMessage(`{"void":9,"retracted":[10,11]}`)},
			"l'arbitre a annulé l'entrée n° 9, retirant #10 #11"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if r := OfIn(outcome.In(fr), claimlog.Marked{Record: tc.rec}); r.What != tc.what {
				t.Errorf("got %q, want %q", r.What, tc.what)
			}
		})
	}
}
