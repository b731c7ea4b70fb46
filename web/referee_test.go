package web

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"testing/synctest"

	"github.com/tabled/tabled/engine"
)

const token = "s3cret-referee"

func referee(t *testing.T, srv *bubbled, auth, ctype, body string) (int, string) {
	t.Helper()
	return postJSON(t, srv, "/api/referee", auth, ctype, body)
}

func TestRefereeActionNeedsToken(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		tb, srv := startRefereeTable(t)
		sub := tb.Subscribe()
		body := `{"action":"deadhand","seat":2}`
		if code, _ := referee(t, srv, "", "application/json", body); code != http.StatusUnauthorized {
			t.Fatalf("no token: %d", code)
		}
		if code, _ := referee(t, srv, "Bearer nope", "application/json", body); code != http.StatusUnauthorized {
			t.Fatalf("wrong token: %d", code)
		}
		// A form post (what a cross-site page can send) is refused even with the token.
		if code, _ := referee(t, srv, "Bearer "+token, "application/x-www-form-urlencoded", body); code != http.StatusUnsupportedMediaType {
			t.Fatalf("form post: %d", code)
		}
		if code, msg := referee(t, srv, "Bearer "+token, "application/json", `{"action":"deadhand","seat":7}`); code != 400 || !strings.Contains(msg, "field seat") {
			t.Fatalf("bad seat: %d %s", code, msg)
		}
		if code, msg := referee(t, srv, "Bearer "+token, "application/json", body); code != http.StatusAccepted {
			t.Fatalf("with the token: %d %s", code, msg)
		}
		untilState(t, tb, sub, "the dead hand is applied", func(st engine.State) bool { return st.Dead[2] })
	})
}

func TestRefereeGuessingIsRateLimited(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		_, srv := startRefereeTable(t)
		for i := 0; i < 5; i++ {
			referee(t, srv, "Bearer guess", "application/json", `{"action":"newhand"}`)
		}
		if code, _ := referee(t, srv, "Bearer "+token, "application/json", `{"action":"newhand"}`); code != http.StatusTooManyRequests {
			t.Fatalf("after 5 failures: %d, want 429 even with the right token", code)
		}
	})
}

func TestRefereeDisabledWithoutToken(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		_, srv := startTable(t) // no token configured
		if code, _ := referee(t, srv, "Bearer ", "application/json", `{"action":"newhand"}`); code != http.StatusUnauthorized {
			t.Fatalf("empty token accepted: %d", code)
		}
	})
}

func TestMetrics(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		_, srv := startTable(t)
		post(t, srv, `{"seat":0,"action":"discard"}`)
		r, err := srv.client.Get(srv.URL + "/metrics")
		if err != nil {
			t.Fatal(err)
		}
		defer r.Body.Close()
		b, _ := io.ReadAll(r.Body)
		for _, m := range []string{"tabled_web_presses_total", "tabled_web_event_streams ", "go_goroutines"} {
			if !strings.Contains(string(b), m) {
				t.Errorf("/metrics lacks %s", m)
			}
		}
	})
}

func FuzzDecodeRefereeAction(f *testing.F) {
	f.Add([]byte(`{"action":"newhand","dealer":1}`))
	f.Add([]byte(`{"action":"tenpai","seat":3}`))
	f.Add([]byte(`{"action":"void","seq":7}]`))
	f.Add([]byte(`{"action":"tenpai","seat":3}{"action":"newhand"}`))
	f.Add([]byte(`{"action":"deadhand","seat":1,"reason":"x"}`))
	f.Add([]byte(`{"action":"value","seat":2,"value":"yakuman 2","pao":3,"replaces":9}`))
	f.Add([]byte(`{"action":"name","seat":1,"name":"Ana"}`))
	f.Add([]byte(`{"action":"chombo","seat":0}`))
	f.Add([]byte(`{"action":"hand","seat":1,"hand":"234m 456p 789s 123s 55z","win":"1s","replaces":4}`))
	f.Add([]byte(`{"action":"newhand","dealer":` + strings.Repeat("1", MaxBody) + `}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		ev, void, err := DecodeRefereeAction(strings.NewReader(string(b)))
		if err == nil && (void == 0 || ev.Action != engine.ActNone) {
			if err := ev.Validate(); err != nil {
				t.Fatalf("decoded an invalid event %+v: %v", ev, err)
			}
		}
	})
}

// TestRefereeVoidsMistakenPress: a voided pon is taken out of the state.
func TestRefereeVoidsMistakenPress(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		tb, srv := startRefereeTable(t)
		sub := tb.Subscribe()
		tb.Submit(context.Background(), engine.Event{At: tb.Now(), Seat: 0, Action: engine.Discard, Dealer: engine.NoSeat})
		tb.Submit(context.Background(), engine.Event{At: tb.Now(), Seat: 3, Action: engine.Pon, Dealer: engine.NoSeat})
		var ponSeq uint64
		for ponSeq == 0 {
			u := <-sub.C()
			for _, e := range u.Entries {
				if e.Input != nil && e.Input.Action == engine.Pon {
					ponSeq = e.Seq
				}
			}
		}
		untilState(t, tb, sub, "the pon is decided", func(st engine.State) bool { return st.Turn == 3 })
		if code, msg := referee(t, srv, "Bearer "+token, "application/json", fmt.Sprintf(`{"action":"void","seq":%d}`, ponSeq)); code != http.StatusAccepted {
			t.Fatalf("void: %d %s", code, msg)
		}
		synctest.Wait()
		if st := tb.State(); st.Turn != 1 || len(st.Melds[3]) != 0 {
			t.Fatalf("after the void: turn %d, North's melds %v", st.Turn, st.Melds[3])
		}
	})
}

// TestRefereeCorrectsAValue: a referee's value that replaces a mistaken
// one takes its place: the score is decided again, the old score
// withdrawn by a revision, and the points follow.
func TestRefereeCorrectsAValue(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		tb, srv := startRefereeTable(t)
		sub := tb.Subscribe()
		tb.Submit(context.Background(), engine.Event{At: tb.Now(), Seat: 0, Action: engine.Discard, Dealer: engine.NoSeat})
		tb.Submit(context.Background(), engine.Event{At: tb.Now(), Seat: 2, Action: engine.Ron, Dealer: engine.NoSeat})
		untilState(t, tb, sub, "the ron is decided", func(st engine.State) bool { return st.Ended && st.ValueDue[2] })
		for _, bad := range []string{`{"action":"value","seat":2,"value":"3 10"}`, `{"action":"value","seat":2}`, `{"action":"value","seat":2,"value":"3 40","pao":9}`} {
			if code, msg := referee(t, srv, "Bearer "+token, "application/json", bad); code != 400 || !strings.Contains(msg, "field") {
				// 3 10 parses; the engine refuses it as a value the rules cannot produce.
				if !strings.Contains(bad, `"3 10"`) || code != http.StatusAccepted {
					t.Fatalf("%s: %d %s", bad, code, msg)
				}
			}
		}
		code, msg := referee(t, srv, "Bearer "+token, "application/json", `{"action":"value","seat":2,"value":"3 40"}`)
		if code != http.StatusAccepted {
			t.Fatalf("value: %d %s", code, msg)
		}
		var ack struct{ Seq uint64 }
		if err := json.Unmarshal([]byte(msg), &ack); err != nil || ack.Seq == 0 {
			t.Fatalf("value answer %s: %v", msg, err)
		}
		untilState(t, tb, sub, "the first score", func(st engine.State) bool { return st.Scores[2] == 35200 })
		body := fmt.Sprintf(`{"action":"value","seat":2,"value":"1 30","replaces":%d}`, ack.Seq)
		if code, msg := referee(t, srv, "Bearer "+token, "application/json", body); code != http.StatusAccepted || !strings.Contains(msg, `"input":`) {
			t.Fatalf("correction: %d %s", code, msg)
		}
		retracted := false
		for !retracted {
			u := <-sub.C()
			for _, e := range u.Entries {
				retracted = retracted || (e.Revision != nil && len(e.Revision.Retracted) > 0)
			}
		}
		untilState(t, tb, sub, "the corrected score", func(st engine.State) bool {
			return st.Scores == [4]int{29000, 30000, 31000, 30000} && st.LastScore != nil && st.LastScore.Wins[0].Points == 1000
		})
	})
}
