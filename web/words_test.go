package web

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/outcome"
	"github.com/tabled/tabled/table"
)

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
	j, err := entryView(outcome.In(nil), table.Entry{Seq: 4, Outcome: &o})
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
