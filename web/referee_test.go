package web

import (
	"context"
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
	req, _ := http.NewRequest("POST", srv.URL+"/api/referee", strings.NewReader(body))
	if auth != "" {
		req.Header.Set("Authorization", auth)
	}
	req.Header.Set("Content-Type", ctype)
	r, err := srv.client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Body.Close()
	b, _ := io.ReadAll(r.Body)
	return r.StatusCode, string(b)
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
	f.Add([]byte(`{"action":"newhand","dealer":` + strings.Repeat("1", MaxBody) + `}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		ev, void, err := DecodeRefereeAction(strings.NewReader(string(b)))
		if err == nil && void == 0 {
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
