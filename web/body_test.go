package web

import (
	"io"
	"net/http"
	"strings"
	"testing"
	"testing/synctest"
)

// TestBodiesRefusedClearly: through the daemon's server, a body over the cap is 413
// saying so, trailing data and unknown fields are 400 naming them, for
// both the press and the referee endpoints.
func TestBodiesRefusedClearly(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		_, press := startTable(t)
		_, ref := startRefereeTable(t)
		big := `{"seat":1,"action":"pon","tile":"` + strings.Repeat("x", MaxBody) + `"}`
		for _, tc := range []struct {
			name string
			srv  *bubbled
			path string
			body string
			code int
			want string
		}{
			{"press too large", press, "/api/press", big, http.StatusRequestEntityTooLarge, "larger than 4096 bytes"},
			{"press trailing junk", press, "/api/press", `{"seat":1,"action":"pon"}xyz`, http.StatusBadRequest, `trailing data after the JSON object at byte 25: \"xyz\"`},
			{"press two objects", press, "/api/press", `{"seat":1,"action":"pon"} {"seat":2,"action":"ron"}`, http.StatusBadRequest, "trailing data"},
			{"press unknown field", press, "/api/press", `{"seat":1,"action":"pon","sea":2}`, http.StatusBadRequest, `unknown field \"sea\"`},
			{"press empty", press, "/api/press", ``, http.StatusBadRequest, "body: empty"},
			{"press trailing space", press, "/api/press", "{\"seat\":1,\"action\":\"pon\"}\n  \n", http.StatusAccepted, "at_ms"},
			{"referee too large", ref, "/api/referee", `{"action":"tenpai","seat":1,"x":"` + strings.Repeat("y", 2*MaxBody) + `"}`, http.StatusRequestEntityTooLarge, "larger than 4096 bytes"},
			{"referee trailing junk", ref, "/api/referee", `{"action":"tenpai","seat":1},`, http.StatusBadRequest, "trailing data"},
			{"referee unknown field", ref, "/api/referee", `{"action":"tenpai","seat":1,"why":"x"}`, http.StatusBadRequest, "unknown field"},
		} {
			req, _ := http.NewRequest("POST", tc.srv.URL+tc.path, strings.NewReader(tc.body))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Authorization", "Bearer "+token)
			r, err := tc.srv.client.Do(req)
			if err != nil {
				t.Fatalf("%s: %v", tc.name, err)
			}
			b, _ := io.ReadAll(r.Body)
			r.Body.Close()
			if r.StatusCode != tc.code || !strings.Contains(string(b), tc.want) {
				t.Errorf("%s: %s %s, want %d naming %q", tc.name, r.Status, b, tc.code, tc.want)
			}
		}
	})
}
