package web

import (
	"encoding/json"
	"net/http"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"testing/synctest"

	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/tile"
)

func TestDecodeHandEntry(t *testing.T) {
	hand := func(s string) []engine.Tile {
		ts, err := tile.ParseHand(s)
		if err != nil {
			t.Fatal(err)
		}
		return ts
	}
	tests := []struct {
		body string
		hand []engine.Tile
		win  engine.Tile
		err  string
	}{
		{`{"action":"hand","seat":1,"hand":"234m 456p 789s 5p 55z"}`, hand("234m 456p 789s 5p 55z"), engine.NoTile, ""},
		{`{"action":"hand","seat":1,"hand":"23467m456p55z","win":"5m"}`, hand("23467m 456p 55z"), engine.MustTile("5m"), ""},
		{`{"action":"hand","seat":1,"hand":"0m 11z"}`, hand("0m 11z"), engine.NoTile, ""},
		{`{"action":"hand","seat":1}`, nil, 0, "field hand"},
		{`{"action":"hand","seat":1,"hand":"234x"}`, nil, 0, "field hand"},
		{`{"action":"hand","seat":1,"hand":"11112222333344445m"}`, nil, 0, "more than a hand holds"},
		{`{"action":"hand","seat":1,"hand":"234m","win":"5q"}`, nil, 0, "field win"},
		{`{"action":"hand","hand":"234m"}`, nil, 0, "field seat"},
		{`{"action":"hand","seat":1,"hand":"234m","value":"3 40"}`, nil, 0, "carries no value"},
		{`{"action":"value","seat":1,"value":"3 40","hand":"234m"}`, nil, 0, "carries no hand"},
		{`{"action":"name","seat":1,"name":"Ana","win":"5m"}`, nil, 0, "carries no hand"},
	}
	for _, tt := range tests {
		ev, err := DecodeSeatEntry(strings.NewReader(tt.body))
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%s: error %v, want one saying %q", tt.body, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tt.body, err)
			continue
		}
		if ev.Action != engine.Hand || ev.Seat != 1 || !reflect.DeepEqual(ev.Hand, tt.hand) || ev.Tile != tt.win || ev.Source != engine.SourceWeb {
			t.Errorf("%s: %+v, want hand %v win %v from the web", tt.body, ev, tt.hand, tt.win)
		}
		if err := ev.Validate(); err != nil {
			t.Errorf("%s: decoded an event the engine refuses outright: %v", tt.body, err)
		}
	}
	// The referee enters a hand too, and may replace a mistaken input with it.
	ev, replaces, err := DecodeRefereeAction(strings.NewReader(`{"action":"hand","seat":2,"hand":"234m 456p 789s 5p 55z","win":"5p","replaces":7}`))
	if err != nil || ev.Action != engine.Hand || ev.Seat != 2 || len(ev.Hand) != 12 || ev.Tile != engine.MustTile("5p") || replaces != 7 || ev.Source != engine.SourceReferee {
		t.Errorf("referee hand: %+v replaces %d, %v", ev, replaces, err)
	}
}

func FuzzDecodeHandEntry(f *testing.F) {
	f.Add([]byte(`{"action":"hand","seat":1,"hand":"234m 456p 789s 5p 55z"}`))
	f.Add([]byte(`{"action":"hand","seat":1,"hand":"23467m456p55z","win":"5m"}`))
	f.Add([]byte(`{"seat":0,"hand":"19m19p19s1234567z1m","win":"1m"}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		if ev, err := DecodeSeatEntry(strings.NewReader(string(b))); err == nil {
			if err := ev.Validate(); err != nil {
				t.Fatalf("decoded an invalid event %+v: %v", ev, err)
			}
		}
		if seat, hand, _, err := DecodeHandPreview(strings.NewReader(string(b))); err == nil && (!seat.Valid() || len(hand) == 0 || len(hand) > engine.MaxHandTiles) {
			t.Fatalf("decoded a preview for seat %d with %d tiles", seat, len(hand))
		}
	})
}

// TestHandPreviewAndEntry: a winner's hand is previewed (nothing applied),
// then entered through the seat's path, and the score follows.
func TestHandPreviewAndEntry(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		pc, b := startPairedTable(t)
		tok := pair(t, b, pc.Current())
		tb := b.tb
		sub := tb.Subscribe()
		defer sub.Close()
		submit := func(ev engine.Event) {
			t.Helper()
			ev.At, ev.Source = tb.Now(), engine.SourceReferee
			if ev.Dealer == 0 {
				ev.Dealer = engine.NoSeat
			}
			if _, err := tb.Submit(t.Context(), ev); err != nil {
				t.Fatal(err)
			}
		}
		submit(engine.Event{Seat: engine.NoSeat, Action: engine.Dora, Tile: engine.MustTile("1s")})
		submit(engine.Event{Seat: 0, Action: engine.Discard, Tile: engine.MustTile("1z")})
		submit(engine.Event{Seat: 1, Action: engine.Tsumo})
		untilState(t, tb, sub, "the tsumo", func(st engine.State) bool { return st.Ended && st.Seen[1] != nil })

		preview := `{"seat":1,"hand":"234m 456p 789s 123s 55z","win":"1s"}`
		if status, _ := postJSON(t, b, "/api/hand/preview", "", "application/json", preview); status != http.StatusUnauthorized {
			t.Errorf("a preview without the pairing token: %d, want 401", status)
		}
		status, body := postJSON(t, b, "/api/hand/preview", "Pair "+tok, "application/json", preview)
		var a PreviewAnswer
		if err := json.Unmarshal([]byte(body), &a); err != nil || status != http.StatusOK || a.Value == nil {
			t.Fatalf("preview: %d %s (%v)", status, body, err)
		}
		// South's first draw with no call: chiihou, a yakuman.
		if a.Value.Limit != "yakuman" || a.Value.Points != 32000 || len(a.Yaku) != 1 || a.Yaku[0].Name != "chiihou" {
			t.Errorf("preview: %s, want chiihou, a yakuman worth 32000", body)
		}
		status, body = postJSON(t, b, "/api/hand/preview", "Pair "+tok, "application/json", `{"seat":1,"hand":"234m 456p 789s 12s 55z","win":"1s"}`)
		if status != http.StatusUnprocessableEntity || !strings.Contains(body, `"value":null`) || !strings.Contains(body, "13 tiles") {
			t.Errorf("preview of a short hand: %d %s, want 422 with the reason", status, body)
		}
		status, body = postJSON(t, b, "/api/hand/preview", "Pair "+tok, "application/json", `{"seat":2,"hand":"234m 456p 789s 123s 55z","win":"1s"}`)
		if status != http.StatusUnprocessableEntity || !strings.Contains(body, "did not win") {
			t.Errorf("preview for a seat that did not win: %d %s", status, body)
		}
		// A French page reads why the hand is refused in French, from the
		// same refusal the English reads.
		for _, tc := range []struct{ body, want string }{
			{`{"seat":1,"hand":"234m 456p 789s 12s 55z","win":"1s"}`, "13 tuiles avec les combinaisons (un kong compte pour 3) : une main gagnante en a 14"},
			{`{"seat":2,"hand":"234m 456p 789s 123s 55z","win":"1s"}`, "le joueur Ouest n'a pas gagné cette main : seule la main d'un gagnant est comptée"},
		} {
			status, body = postJSON(t, b, "/api/hand/preview?lang=fr", "Pair "+tok, "application/json", tc.body)
			var fa PreviewAnswer
			if err := json.Unmarshal([]byte(body), &fa); err != nil || status != http.StatusUnprocessableEntity || fa.Error != tc.want {
				t.Errorf("French preview of %s: %d %s (%v), want the error %q", tc.body, status, body, err, tc.want)
			}
		}
		if st := tb.State(); st.LastScore != nil || !st.ValueDue[1] {
			t.Fatalf("a preview applied something: %+v", st.LastScore)
		}

		status, body = postJSON(t, b, "/api/seat", "Pair "+tok, "application/json", `{"action":"hand","seat":1,"hand":"234m 456p 789s 123s 55z","win":"1s"}`)
		if status != http.StatusAccepted {
			t.Fatalf("hand entry: %d %s", status, body)
		}
		untilState(t, tb, sub, "the score", func(st engine.State) bool { return st.LastScore != nil })
		w := tb.State().LastScore.Wins[0]
		if w.Hand == nil || w.Points != 32000 || w.Hand.Result.Yaku[0].Name != "chiihou" {
			t.Errorf("score: %+v, want the hand's chiihou", w)
		}
	})
}

// TestRefereeReplacesValueWithHand: the referee puts a hand in place of a
// mistaken value ("replaces"): the score is decided again from the hand.
func TestRefereeReplacesValueWithHand(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		tb, b := startRefereeTable(t)
		sub := tb.Subscribe()
		defer sub.Close()
		for _, ev := range []engine.Event{
			{Seat: engine.NoSeat, Action: engine.Dora, Tile: engine.MustTile("1s")},
			{Seat: 0, Action: engine.Discard, Tile: engine.MustTile("1z")},
			{Seat: 1, Action: engine.Tsumo},
		} {
			ev.At, ev.Source, ev.Dealer = tb.Now(), engine.SourceReferee, engine.NoSeat
			if _, err := tb.Submit(t.Context(), ev); err != nil {
				t.Fatal(err)
			}
		}
		untilState(t, tb, sub, "the tsumo", func(st engine.State) bool { return st.Ended })
		status, body := postJSON(t, b, "/api/referee", "Bearer "+token, "application/json", `{"action":"value","seat":1,"value":"3 40"}`)
		var ack struct{ Seq uint64 }
		if err := json.Unmarshal([]byte(body), &ack); err != nil || status != http.StatusAccepted {
			t.Fatalf("value: %d %s", status, body)
		}
		untilState(t, tb, sub, "the value's score", func(st engine.State) bool { return st.LastScore != nil })
		status, body = postJSON(t, b, "/api/referee", "Bearer "+token, "application/json",
			`{"action":"hand","seat":1,"hand":"234m 456p 789s 123s 55z","win":"1s","replaces":`+strconv.FormatUint(ack.Seq, 10)+`}`)
		if status != http.StatusAccepted {
			t.Fatalf("hand replacing the value: %d %s", status, body)
		}
		untilState(t, tb, sub, "the hand's score", func(st engine.State) bool {
			return st.LastScore != nil && len(st.LastScore.Wins) == 1 && st.LastScore.Wins[0].Hand != nil
		})
		if w := tb.State().LastScore.Wins[0]; w.Points != 32000 {
			t.Errorf("the hand's score: %+v, want chiihou's 32000", w)
		}
	})
}
