package web

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/tabled/tabled/alert"
	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/enginetest"
	"github.com/tabled/tabled/outcome"
	"github.com/tabled/tabled/table"
)

// TestServerWordsInThePageLanguage: /api/state?lang=fr gives the server's
// words (the alerts' labels and lines, the outcomes' reasons and lines, a
// lost claim's rule) in French, the same shape as without ?lang=, which
// stays English; an unknown language is English.
func TestServerWordsInThePageLanguage(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		tb, srv := startTable(t)
		if err := tb.Note("reboot", "seat controller 1 rebooted"); err != nil {
			t.Fatal(err)
		}
		for _, p := range []string{`{"action":"dora","tile":"1s"}`, `{"seat":0,"action":"discard","tile":"6s"}`,
			`{"seat":1,"action":"chii"}`, `{"seat":3,"action":"pon"}`} {
			if r := post(t, srv, p); r.StatusCode != http.StatusAccepted {
				t.Fatalf("press %s: %s", p, r.Status)
			}
		}
		time.Sleep(time.Second) // past the claim window: the pon decided
		synctest.Wait()
		if r := post(t, srv, `{"seat":1,"action":"discard","tile":"5m"}`); r.StatusCode != http.StatusAccepted {
			t.Fatalf("South's discard: %s", r.Status)
		}
		time.Sleep(time.Second)
		synctest.Wait()
		type page struct {
			State  StateView   `json:"state"`
			Recent []entryJSON `json:"recent"`
		}
		get := func(q string) (p page) {
			r, err := srv.client.Get(srv.URL + "/api/state" + q)
			if err != nil {
				t.Fatal(err)
			}
			defer r.Body.Close()
			if err := json.NewDecoder(r.Body).Decode(&p); err != nil {
				t.Fatal(err)
			}
			return p
		}
		fr, _ := catalog.Get("fr")
		en, enQ, xx, frP := get(""), get("?lang=en"), get("?lang=xx"), get("?lang=fr")
		words := func(p page) (out []string) {
			for _, a := range p.State.Alerts {
				out = append(out, a.Label, a.Line)
			}
			for _, e := range p.Recent {
				out = append(out, e.Text)
				if o := e.Outcome; o != nil {
					out = append(out, o.Reason)
					for _, c := range o.Lost {
						out = append(out, c.Why, c.Reason)
					}
				}
			}
			return out
		}
		enW := strings.Join(words(en), "\n")
		for name, p := range map[string]page{"lang=en": enQ, "lang=xx": xx} {
			if got := strings.Join(words(p), "\n"); got != enW {
				t.Errorf("%s: %q, want the English %q", name, got, enW)
			}
		}
		frW := strings.Join(words(frP), "\n")
		if len(words(frP)) != len(words(en)) {
			t.Fatalf("French %q and English %q differ in shape", frW, enW)
		}
		for _, want := range []string{alert.LabelIn(fr, "reboot"), alert.LineIn(fr, "reboot"), "ce n'est pas le tour du joueur Sud",
			"pon l'emporte sur chii", "PON Nord l'emporte sur CHII Sud"} {
			if !strings.Contains(frW, want) {
				t.Errorf("the French words lack %q:\n%s", want, frW)
			}
		}
		for _, english := range []string{"REBOOT", "pon beats chii", "not South's turn"} {
			if !strings.Contains(enW, english) {
				t.Errorf("the English words lack %q:\n%s", english, enW)
			}
			if strings.Contains(frW, english) {
				t.Errorf("the French words have the English %q:\n%s", english, frW)
			}
		}
	})
}

// TestSeatRefusalInThePageLanguage: /api/seat's refusal of a tablet that
// may not enter values is in the page's language.
func TestSeatRefusalInThePageLanguage(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		_, srv := startRefereeTable(t)
		fr, _ := catalog.Get("fr")
		for q, want := range map[string]string{"": catalog.English().Text("status.error.referee_only"), "?lang=fr": fr.Text("status.error.referee_only")} {
			r, err := srv.client.Post(srv.URL+"/api/seat"+q, "application/json", strings.NewReader(`{"action":"name","seat":0,"name":"Chloé"}`))
			if err != nil {
				t.Fatal(err)
			}
			var j struct{ Error string }
			json.NewDecoder(r.Body).Decode(&j)
			r.Body.Close()
			if r.StatusCode != http.StatusUnauthorized || j.Error != want {
				t.Errorf("%q: %s %q, want 401 %q", q, r.Status, j.Error, want)
			}
		}
	})
}

// TestEntryInFrench: an outcome entry in French has its lost claim's rule
// and its line in French, from the engine's code and arguments.
func TestEntryInFrench(t *testing.T) {
	fr, _ := catalog.Get("fr")
	a := &engine.Args{Seat: 3, Call: engine.Pon, Lost: []engine.Called{{Seat: 1, Call: engine.Chii}}, Window: 250 * time.Millisecond}
	o := engine.Outcome{Kind: engine.KindDecision, Dealer: 0, Code: engine.CodeBeats, Claimed: engine.Claimed{Seat: 0, Tile: mustTile(t, "6s")},
		Won:  []engine.Claim{{Seat: 3, Call: engine.Pon, At: time.Second}},
		Lost: []engine.Claim{{Seat: 1, Call: engine.Chii, Code: engine.CodeCallOverChii, Why: "called within 250 ms of each other, pon beats chii", Args: a}}}
	j, err := entryView(outcome.In(fr), table.Entry{Seq: 4, Outcome: &o})
	if err != nil {
		t.Fatal(err)
	}
	why, _ := outcome.Reason(fr, engine.CodeCallOverChii, *a)
	if got := j.Outcome.Lost[0].Why; got != why || strings.Contains(got, "beats") {
		t.Errorf("lost claim's rule %q, want %q", got, why)
	}
	if !strings.Contains(j.Text, why) {
		t.Errorf("line %q lacks the French rule %q", j.Text, why)
	}
}

// TestPreviewFuritenInFrench: the hand preview's furiten note is the
// engine's CodeFuriten in the page's language, English without one. South
// waits on 1s-4s and discarded 1s itself, then East's 4s is won by ron.
func TestPreviewFuritenInFrench(t *testing.T) {
	e := enginetest.Play(t, engine.EMA2016, "E discard 1z", "S discard 1s", "W discard 9m", "N discard 9m", "E discard 4s", "S ron")
	hand, _, err := DecodeHand("234m 456p 555z 23s 99s 4s", "")
	if err != nil {
		t.Fatal(err)
	}
	fr, _ := catalog.Get("fr")
	for _, tc := range []struct {
		l    *catalog.Lang
		want string
	}{
		{nil, "furiten: South waits on 1s 4s and discarded 1s itself: a ron is not allowed (referee)"},
		{catalog.English(), "furiten: South waits on 1s 4s and discarded 1s itself: a ron is not allowed (referee)"},
		{fr, "furiten : Sud attend 1 bambou et 4 bambous et a lui-même écarté 1 bambou : un ron n'est pas autorisé (arbitre)"},
	} {
		if a := Preview(tc.l, e.State(), 1, hand, engine.NoTile); a.Furiten != tc.want {
			t.Errorf("%v: furiten %q (error %q), want %q", tc.l, a.Furiten, a.Error, tc.want)
		}
	}
}
