package pagejs

import (
	"net/http/httptest"
	"strings"
	"testing"
)

// TestHandler: each module is served under Prefix as JavaScript (a
// module script of another type is refused by the browser), and a name
// that is not a module is not found.
func TestHandler(t *testing.T) {
	names := Names()
	if strings.Join(names, " ") != "dom.js words.js" {
		t.Fatalf("modules %v, want dom.js words.js", names)
	}
	for _, c := range []struct {
		path string
		code int
		has  string
	}{
		{Prefix + "dom.js", 200, "export function el("},
		{Prefix + "words.js", 200, "export async function load("},
		{Prefix + "nope.js", 404, ""},
	} {
		w := httptest.NewRecorder()
		Handler().ServeHTTP(w, httptest.NewRequest("GET", c.path, nil))
		if w.Code != c.code || !strings.Contains(w.Body.String(), c.has) {
			t.Errorf("%s: %d, want %d with %q", c.path, w.Code, c.code, c.has)
		}
		if c.code == 200 && !strings.HasPrefix(w.Header().Get("Content-Type"), "text/javascript") {
			t.Errorf("%s: Content-Type %q", c.path, w.Header().Get("Content-Type"))
		}
	}
}
