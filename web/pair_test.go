package web

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"testing/synctest"

	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/pairing"
)

// startPairedTable serves a real (not simulated) table with a pairing code
// and the referee token, in a synctest bubble.
func startPairedTable(t *testing.T) (*pairing.Code, *bubbled) {
	t.Helper()
	pc, err := pairing.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	return pc, serveInBubble(t, engine.EMA2016, Config{RefereeToken: token, Pairing: pc})
}

// postJSON posts body to path with the Authorization header auth (none
// when empty) and the Content-Type ctype, and answers the status and body.
func postJSON(t *testing.T, b *bubbled, path, auth, ctype, body string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest("POST", b.URL+path, strings.NewReader(body))
	if auth != "" {
		req.Header.Set("Authorization", auth)
	}
	req.Header.Set("Content-Type", ctype)
	r, err := b.client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Body.Close()
	got, _ := io.ReadAll(r.Body)
	return r.StatusCode, string(got)
}

// pair enters code on the table and answers the token, or fails the test.
func pair(t *testing.T, b *bubbled, code string) string {
	t.Helper()
	status, body := postJSON(t, b, "/api/pair", "", "application/json", `{"code":"`+code+`"}`)
	if status != http.StatusOK {
		t.Fatalf("pair with %q: %d %s", code, status, body)
	}
	var got struct{ Token string }
	if err := json.Unmarshal([]byte(body), &got); err != nil || got.Token == "" {
		t.Fatalf("pair answer %s: %v", body, err)
	}
	return got.Token
}

func TestPairCode(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		pc, b := startPairedTable(t)
		code := pc.Current()
		tests := []struct {
			name, ctype, body string
			status            int
			says              string
		}{
			{"wrong code", "application/json", `{"code":"AAAAAA"}`, http.StatusUnauthorized, "wrong pairing code"},
			{"a form post", "application/x-www-form-urlencoded", `{"code":"` + code + `"}`, http.StatusUnsupportedMediaType, "application/json"},
			{"unknown field", "application/json", `{"code":"` + code + `","x":1}`, http.StatusBadRequest, "unknown field"},
			{"the code, spaced and small", "application/json", `{"code":"` + strings.ToLower(pairing.Show(code)) + `"}`, http.StatusOK, `"token"`},
		}
		for _, tt := range tests {
			status, body := postJSON(t, b, "/api/pair", "", tt.ctype, tt.body)
			if status != tt.status || !strings.Contains(body, tt.says) {
				t.Errorf("%s: %d %s, want %d saying %q", tt.name, status, body, tt.status, tt.says)
			}
			if strings.Contains(body, code) {
				t.Errorf("%s: the answer %s gives the code away", tt.name, body)
			}
		}
	})
}

func TestPairGuessingIsRateLimited(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		pc, b := startPairedTable(t)
		for range 5 {
			postJSON(t, b, "/api/pair", "", "application/json", `{"code":"GUESS2"}`)
		}
		status, _ := postJSON(t, b, "/api/pair", "", "application/json", `{"code":"`+pc.Current()+`"}`)
		if status != http.StatusTooManyRequests {
			t.Fatalf("after 5 wrong codes: %d, want 429 even with the right code", status)
		}
		// The same limit guards the referee token: guessing codes does not
		// buy more guesses at the token.
		if status, _ := referee(t, b, "Bearer "+token, "application/json", `{"action":"newhand"}`); status != http.StatusTooManyRequests {
			t.Fatalf("referee after 5 wrong codes: %d, want 429", status)
		}
	})
}

func TestPairRenewByReferee(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		pc, b := startPairedTable(t)
		old := pc.Current()
		tok := pair(t, b, old)
		if !pc.Valid(tok) {
			t.Fatal("the token the server gave is not valid")
		}
		if status, _ := postJSON(t, b, "/api/pair/renew", "Pair "+tok, "application/json", `{}`); status != http.StatusUnauthorized {
			t.Fatalf("a paired tablet renewed the code: %d", status)
		}
		if status, _ := postJSON(t, b, "/api/pair/renew", "Bearer "+token, "text/plain", `{}`); status != http.StatusUnsupportedMediaType {
			t.Fatalf("renew by a form: %d", status)
		}
		status, body := postJSON(t, b, "/api/pair/renew", "Bearer "+token, "application/json", `{}`)
		if status != http.StatusOK || strings.Contains(body, pc.Current()) {
			t.Fatalf("renew: %d %s (the answer must not carry the code)", status, body)
		}
		if pc.Current() == old || pc.Valid(tok) {
			t.Fatal("after renew the old code or its token still holds")
		}
		if status, _ := postJSON(t, b, "/api/pair", "", "application/json", `{"code":"`+old+`"}`); status != http.StatusUnauthorized {
			t.Fatalf("the old code paired after renew: %d", status)
		}
		pair(t, b, pc.Current())
	})
}

func TestNoPairingOnSimOrWithoutCode(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		_, b := startTable(t)
		if status, _ := postJSON(t, b, "/api/pair", "", "application/json", `{"code":"ABCDEF"}`); status != http.StatusNotFound && status != http.StatusMethodNotAllowed {
			t.Fatalf("pairing on a table without a code: %d", status)
		}
	})
}
