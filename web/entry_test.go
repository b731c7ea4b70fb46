package web

import (
	"net/http"
	"strings"
	"testing"
	"testing/synctest"

	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/payment"
)

func TestDecodeSeatEntry(t *testing.T) {
	tests := []struct {
		body string
		want engine.Event // Seat, Action, Value, Name
		err  string
	}{
		{`{"action":"value","seat":2,"value":"3 40"}`, engine.Event{Seat: 2, Action: engine.Value, Value: &engine.HandValue{Value: payment.Value{Han: 3, Fu: 40}, Pao: engine.NoSeat}}, ""},
		{`{"action":"value","seat":0,"value":"6"}`, engine.Event{Seat: 0, Action: engine.Value, Value: &engine.HandValue{Value: payment.Value{Han: 6}, Pao: engine.NoSeat}}, ""},
		{`{"action":"value","seat":1,"value":"mangan"}`, engine.Event{Seat: 1, Action: engine.Value, Value: &engine.HandValue{Value: payment.Value{Limit: payment.Mangan}, Pao: engine.NoSeat}}, ""},
		{`{"action":"value","seat":1,"value":"yakuman 2","pao":3}`, engine.Event{Seat: 1, Action: engine.Value, Value: &engine.HandValue{Value: payment.Value{Limit: payment.Yakuman, Yakuman: 2}, Pao: 3}}, ""},
		{`{"action":"name","seat":3,"name":"  Ana  "}`, engine.Event{Seat: 3, Action: engine.Name, Name: "Ana"}, ""},
		{`{"action":"name","seat":3,"name":""}`, engine.Event{Seat: 3, Action: engine.Name}, ""},
		{`{"action":"value","value":"3 40"}`, engine.Event{}, "field seat"},
		{`{"action":"value","seat":4,"value":"3 40"}`, engine.Event{}, "field seat"},
		{`{"action":"value","seat":1}`, engine.Event{}, "field value"},
		{`{"action":"value","seat":1,"value":"-2"}`, engine.Event{}, "field value"},
		{`{"action":"value","seat":1,"value":"mangan 5"}`, engine.Event{}, "field value"},
		{`{"action":"value","seat":1,"value":"big"}`, engine.Event{}, "field value"},
		{`{"action":"value","seat":1,"value":"yakuman","pao":9}`, engine.Event{}, "field pao"},
		{`{"action":"value","seat":1,"value":"2 30","name":"x"}`, engine.Event{}, "field name"},
		{`{"action":"name","seat":1,"name":"a\u0007b"}`, engine.Event{}, "control"},
		{`{"action":"name","seat":1,"name":"` + strings.Repeat("n", engine.MaxNameLength+1) + `"}`, engine.Event{}, "at most"},
		{`{"action":"name","seat":1,"name":"Ana","value":"2 30"}`, engine.Event{}, "carries no value"},
		{`{"action":"chombo","seat":1}`, engine.Event{}, "field action"},
		{`{"action":"value","seat":1,"value":"2 30","replaces":4}`, engine.Event{}, "unknown field"},
		{`{"action":"value","seat":1,"value":"2 30","x":1}`, engine.Event{}, "unknown field"},
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
		if ev.Seat != tt.want.Seat || ev.Action != tt.want.Action || ev.Name != tt.want.Name ||
			(ev.Value == nil) != (tt.want.Value == nil) || (ev.Value != nil && *ev.Value != *tt.want.Value) {
			t.Errorf("%s: %+v (value %+v), want %+v (value %+v)", tt.body, ev, ev.Value, tt.want, tt.want.Value)
		}
		if err := ev.Validate(); err != nil {
			t.Errorf("%s: decoded an event the engine refuses outright: %v", tt.body, err)
		}
	}
}

func FuzzDecodeSeatEntry(f *testing.F) {
	f.Add([]byte(`{"action":"value","seat":2,"value":"3 40"}`))
	f.Add([]byte(`{"action":"value","seat":1,"value":"yakuman 2","pao":3}`))
	f.Add([]byte(`{"action":"name","seat":3,"name":"Ana"}`))
	f.Add([]byte(`{"action":"name","seat":3,"name":"\u0000"}{}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		ev, err := DecodeSeatEntry(strings.NewReader(string(b)))
		if err == nil {
			if err := ev.Validate(); err != nil {
				t.Fatalf("decoded an invalid event %+v: %v", ev, err)
			}
		}
	})
}

// TestSeatEntryWho: who may enter a value or a name, through the server.
func TestSeatEntryWho(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		pc, paired := startPairedTable(t)
		_, sim := startTable(t)
		_, ref := startRefereeTable(t)
		name := `{"action":"name","seat":1,"name":"Ana"}`
		tok := pair(t, paired, pc.Current())
		tests := []struct {
			what   string
			b      *bubbled
			auth   string
			ctype  string
			status int
			source string
		}{
			{"a paired tablet", paired, "Pair " + tok, "application/json", http.StatusAccepted, "web"},
			{"the referee on a paired table", paired, "Bearer " + token, "application/json", http.StatusAccepted, "referee"},
			{"anyone on a simulated table", sim, "", "application/json", http.StatusAccepted, "web"},
			{"the referee on a table without a code", ref, "Bearer " + token, "application/json", http.StatusAccepted, "referee"},
			{"a form post from a paired tablet", paired, "Pair " + tok, "text/plain", http.StatusUnsupportedMediaType, ""},
			{"an unpaired tablet", paired, "", "application/json", http.StatusUnauthorized, ""},
			{"a wrong pairing token", paired, "Pair 00", "application/json", http.StatusUnauthorized, ""},
			{"anyone on a table without a code", ref, "", "application/json", http.StatusUnauthorized, ""},
		}
		for _, tt := range tests {
			sub := tt.b.tb.Subscribe()
			status, body := postJSON(t, tt.b, "/api/seat", tt.auth, tt.ctype, name)
			if status != tt.status {
				t.Errorf("%s: %d %s, want %d", tt.what, status, body, tt.status)
			}
			if tt.status != http.StatusAccepted {
				continue
			}
			for got := false; !got; {
				u := <-sub.C()
				for _, e := range u.Entries {
					if e.Input != nil && e.Input.Action == engine.Name {
						got = true
						if e.Input.Source.String() != tt.source || e.Input.Name != "Ana" || e.Input.Seat != 1 {
							t.Errorf("%s: logged %+v, want a name from %s", tt.what, *e.Input, tt.source)
						}
					}
				}
			}
			sub.Close()
		}
	})
}

// TestSeatEntryGuessingIsRateLimited: wrong pairing tokens count against
// the same limit as wrong codes and referee tokens.
func TestSeatEntryGuessingIsRateLimited(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		pc, b := startPairedTable(t)
		tok, _ := pc.Pair(pc.Current())
		for range 5 {
			postJSON(t, b, "/api/seat", "Pair guess", "application/json", `{"action":"name","seat":0,"name":"x"}`)
		}
		if status, _ := postJSON(t, b, "/api/seat", "Pair "+tok, "application/json", `{"action":"name","seat":0,"name":"x"}`); status != http.StatusTooManyRequests {
			t.Fatalf("after 5 wrong tokens: %d, want 429", status)
		}
	})
}

func TestRefereeTakesSeatEntries(t *testing.T) {
	tests := []struct {
		body string
		act  engine.Action
		err  string
	}{
		{`{"action":"value","seat":2,"value":"1 30"}`, engine.Value, ""},
		{`{"action":"name","seat":2,"name":"Bo"}`, engine.Name, ""},
		{`{"action":"chombo","seat":2}`, engine.Chombo, ""},
		{`{"action":"chombo"}`, 0, "field seat"},
	}
	for _, tt := range tests {
		ev, _, err := DecodeRefereeAction(strings.NewReader(tt.body))
		switch {
		case tt.err != "":
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%s: %v, want an error saying %q", tt.body, err, tt.err)
			}
		case err != nil:
			t.Errorf("%s: %v", tt.body, err)
		case ev.Action != tt.act || ev.Source != engine.SourceReferee:
			t.Errorf("%s: %+v, want %s from the referee", tt.body, ev, tt.act)
		}
	}
}
