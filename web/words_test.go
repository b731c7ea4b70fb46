package web

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/table"
)

// TestRowsInWords: every kind of record reads as words, with its tiles,
// its losers' rules and its flags apart; never as JSON.
func TestRowsInWords(t *testing.T) {
	for _, tc := range []struct {
		name  string
		rec   claimlog.Record
		what  string
		tiles []string
		lost  []string
		flags []string
		pm    float64
	}{
		{"serial pon with shown tiles", claimlog.Record{Kind: "input", Type: "chii", Seat: "S", Source: "serial",
			Body: json.RawMessage(`{"event":{"seat":1,"action":"chii","shown":["6p","8p"],"uncertainty":1500000,"source":"serial"},"dealer":0}`)},
			"South calls chii, showing", []string{"6p", "8p"}, nil, nil, 1.5},
		{"discard", claimlog.Record{Kind: "input", Type: "discard", Seat: "E", Body: json.RawMessage(`{"event":{"action":"discard","tile":"3p"}}`)},
			"East discards", []string{"3p"}, nil, nil, 0},
		{"new hand with dealer", claimlog.Record{Kind: "input", Type: "newhand", Source: "referee", Body: json.RawMessage(`{"event":{"action":"newhand","seat":-1,"dealer":2}}`)},
			"new hand, seat 2 deals", nil, nil, nil, 0},
		{"decision with a loser", claimlog.Record{Kind: "outcome", Type: "decision", Seat: "N",
			Body: json.RawMessage(`{"type":"decision","discard":{"seat":"E","tile":"6s"},"won":[{"seat":"N","call":"pon","late":true}],"lost":[{"seat":"S","call":"chii","reason":"PON North beats CHII South: called first"}],"reason":"PON North beats CHII South","late":true}`)},
			"PON North wins on East's discard", []string{"6s"}, []string{"PON North beats CHII South: called first"}, []string{"late"}, 0},
		{"override", claimlog.Record{Kind: "outcome", Type: "decision",
			Body: json.RawMessage(`{"type":"decision","discard":{"seat":"N","tile":"7p"},"won":[{"seat":"W","call":"ron"}],"lost":[{"seat":"E","call":"pon","reason":"a win beats every other claim until the next discard"}],"overrides":1}`)},
			"RON West wins on North's discard, overriding decision 1", []string{"7p"}, []string{"a win beats every other claim until the next discard"}, []string{"override"}, 0},
		{"rejection", claimlog.Record{Kind: "outcome", Type: "rejected", Seat: "W", Body: json.RawMessage(`{"type":"rejected","seat":"W","call":"chii","reason":"only South, next in turn, may chii East's discard"}`)},
			"refused: CHII West: only South, next in turn, may chii East's discard", nil, nil, nil, 0},
		{"dora", claimlog.Record{Kind: "outcome", Type: "dora", Body: json.RawMessage(`{"type":"dora","indicators":["3p"],"dora":["4p"]}`)},
			"dora shown: indicator → dora", []string{"3p", "4p"}, nil, nil, 0},
		{"hand end", claimlog.Record{Kind: "outcome", Type: "hand_end", Body: json.RawMessage(`{"type":"hand_end","result":"ron","winners":["W"]}`)},
			"hand over: ron by West", nil, nil, nil, 0},
		{"deal", claimlog.Record{Kind: "outcome", Type: "deal", Body: json.RawMessage(`{"type":"deal","round_wind":"E","hand":2,"honba":1,"riichi_sticks":0,"dealer_seat":1}`)},
			"deal: East 2, 1 honba, 0 riichi sticks; seat 1 deals", nil, nil, nil, 0},
		{"session", claimlog.Record{Kind: "note", Type: "session", Body: json.RawMessage(`{"version":"dev","table":"t7","rules":"ema2016","window_ns":250000000,"dealer":0,"profile":{"name":"ema2016"}}`)},
			"session started: rules ema2016, table t7, seat 0 dealt first", nil, nil, nil, 0},
		{"alert", claimlog.Record{Kind: "note", Type: "disk-low", Body: json.RawMessage(`{"note":"40 MB left"}`)},
			"DISK LOW: 40 MB left", nil, nil, []string{"alert"}, 0},
		{"revision", claimlog.Record{Kind: "note", Type: "revision", Body: json.RawMessage(`{"late":[12],"retracted":[13],"note":"PON West came late"}`)},
			"inputs arrived late: #12; re-decided at their stamps, withdrawing #13. PON West came late", nil, nil, []string{"revised"}, 0},
		{"void refused", claimlog.Record{Kind: "void", Type: "void", Body: json.RawMessage(`{"void":9,"note":"no input 9"}`)},
			"referee voided input #9: refused, no input 9", nil, nil, nil, 0},
		{"a body that does not read", claimlog.Record{Kind: "outcome", Type: "decision", Body: json.RawMessage(`[1,2]`)},
			"decision (a body this page cannot read)", nil, nil, nil, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := rowOf(tc.rec)
			if r.What != tc.what || !slices.Equal(r.Tiles, tc.tiles) || !slices.Equal(r.Lost, tc.lost) || !slices.Equal(r.Flags, tc.flags) || r.PlusMinusMS != tc.pm {
				t.Errorf("got %q tiles %v lost %v flags %v ±%v", r.What, r.Tiles, r.Lost, r.Flags, r.PlusMinusMS)
			}
			if strings.ContainsAny(r.What, "{}[\"") {
				t.Errorf("JSON in the words: %q", r.What)
			}
		})
	}
}

// TestShownTiles: a chii or pon press names its two shown tiles grouped
// or apart; anything else is an error naming the field.
func TestShownTiles(t *testing.T) {
	for _, tc := range []struct {
		body  string
		shown string
		err   string
	}{
		{`{"seat":1,"action":"chii","tile":"68p"}`, "[6p 8p]", ""},
		{`{"seat":1,"action":"pon","tile":"5p0p"}`, "[5p 0p]", ""},
		{`{"seat":1,"action":"chii","tile":"6p 8p"}`, "[6p 8p]", ""},
		{`{"seat":1,"action":"chii","tile":"6p"}`, "[? ?]", ""},
		{`{"seat":1,"action":"chii","tile":"68x"}`, "", "field tile"},
		{`{"seat":1,"action":"pon","tile":"123p"}`, "", "field tile"},
	} {
		ev, err := DecodePress(strings.NewReader(tc.body))
		switch {
		case tc.err != "":
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: error %v, want one naming %q", tc.body, err, tc.err)
			}
		case err != nil:
			t.Errorf("%s: %v", tc.body, err)
		default:
			if got := "[" + ev.Shown[0].String() + " " + ev.Shown[1].String() + "]"; got != tc.shown {
				t.Errorf("%s: shown %s, want %s", tc.body, got, tc.shown)
			}
		}
	}
}

// TestStateCarriesAlerts: an alert note reaches /api/state with its time
// and text; other notes do not; the next deal clears it.
func TestStateCarriesAlerts(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		tb, srv := startTable(t)
		alerts := func() []string {
			r, err := srv.client.Get(srv.URL + "/api/state")
			if err != nil {
				t.Fatal(err)
			}
			defer r.Body.Close()
			var j struct {
				State StateView `json:"state"`
			}
			if err := json.NewDecoder(r.Body).Decode(&j); err != nil {
				t.Fatal(err)
			}
			var out []string
			for _, a := range j.State.Alerts {
				if a.Wall.IsZero() {
					t.Errorf("alert %d has no time", a.Seq)
				}
				out = append(out, a.Label+": "+a.Text)
			}
			return out
		}
		if err := tb.Note("reboot", "seat controller 1 rebooted"); err != nil {
			t.Fatal(err)
		}
		if err := tb.Note("refused", "not an alert"); err != nil {
			t.Fatal(err)
		}
		synctest.Wait() // the notes journaled and on the state
		if got := alerts(); !slices.Equal(got, []string{"REBOOT: seat controller 1 rebooted"}) {
			t.Fatalf("alerts on the state: %q", got)
		}
		if _, err := tb.Submit(context.Background(), engine.Event{At: tb.Now(), Action: engine.NewHand, Seat: engine.NoSeat, Dealer: engine.NoSeat, Source: engine.SourceWeb}); err != nil {
			t.Fatal(err)
		}
		synctest.Wait() // the deal on the state
		if got := alerts(); len(got) != 0 {
			t.Fatalf("the deal did not clear the alerts: %q", got)
		}
	})
}

// TestStreamOutcomeHasCodes: a decision on the stream is its outcome
// record, once: the discarder, and each loser's rule code and rule in
// words, from the engine, not parsed from its prose.
func TestStreamOutcomeHasCodes(t *testing.T) {
	o := engine.Outcome{Kind: engine.KindDecision, Dealer: 0, Code: engine.CodeBeats, Claimed: engine.Claimed{Seat: 0, Tile: mustTile(t, "6s")},
		Won:  []engine.Claim{{Seat: 3, Call: engine.Pon, At: time.Second}},
		Lost: []engine.Claim{{Seat: 1, Call: engine.Chii, Code: engine.CodeCallOverChii, Why: "called within 250 ms of each other, pon beats chii"}}}
	j, err := entryView(table.Entry{Seq: 4, Outcome: &o})
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(j)
	if err != nil {
		t.Fatal(err)
	}
	want := `"outcome":{"type":"decision","at_ms":0,"discard":{"seat":"E","tile":"6s"},"won":[{"seat":"N","call":"pon"}],` +
		`"lost":[{"seat":"S","call":"chii","code":"call_over_chii","why":"called within 250 ms of each other, pon beats chii"}],"reason":"","code":"beats"}`
	if !strings.Contains(string(b), want) || strings.Contains(string(b), `"view"`) {
		t.Fatalf("entry %s\nwant %s", b, want)
	}
}

func mustTile(t *testing.T, s string) engine.Tile {
	t.Helper()
	tile, err := engine.ParseTile(s)
	if err != nil {
		t.Fatal(err)
	}
	return tile
}
