package club

import (
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tabled/tabled/internal/pagejs"
)

// wordPages are the pages whose every sentence comes from the catalog:
// the tournament's pages, what they share and the modules both servers
// serve, and the tables page (index.html, console.js).
var wordPages = []string{
	"static/index.html", "static/console.js", "static/tournament.html", "static/standings.html", "static/wall.html", "static/me.html",
	"static/tournament.js", "static/referee.js", "static/standings.js", "static/wall.js", "static/me.js",
	"../internal/pagejs/js/dom.js", "../internal/pagejs/js/words.js",
}

// TestNoSentenceOutsideTheCatalog: the tournament's pages and the shared
// modules hold no sentence of their own (every one is a catalog key) and
// no inline script or event handler, so script-src 'self' serves them.
func TestNoSentenceOutsideTheCatalog(t *testing.T) {
	// A string that is only class names of the pages' styles is not
	// words: the style of every page of the console, the scripts' too.
	var styles strings.Builder
	for _, name := range wordPages {
		if strings.HasSuffix(name, ".html") {
			b, err := os.ReadFile(filepath.FromSlash(name))
			if err != nil {
				t.Fatal(err)
			}
			styles.Write(b)
		}
	}
	classes := pagejs.Classes(styles.String())
	for _, name := range wordPages {
		b, err := os.ReadFile(filepath.FromSlash(name))
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range pagejs.Sentences(name, string(b), classes) {
			t.Errorf("%s: %q is a sentence outside the catalog (give it a key in catalog/messages)", name, s)
		}
		if strings.HasSuffix(name, ".html") {
			if m := pagejs.InlineCode.FindString(string(b)); m != "" {
				t.Errorf("%s: inline script or handler %q (a module file instead: script-src 'self')", name, m)
			}
		}
	}
	// The scan finds what it is for.
	for src, want := range map[string]int{
		`el("p", "", "No such player.")`:          1,
		`el("td", "", "Table")`:                   1,
		`el("td", "num " + x, w.t("tour.title"))`: 0,
		"x = `${a} · ${b}`; // a comment's words": 0,
	} {
		if got := len(pagejs.Sentences("x.js", src, classes)); got != want {
			t.Errorf("Sentences(%q) = %d, want %d", src, got, want)
		}
	}
	if got := pagejs.Sentences("x.html", `<p>Hello there</p><input placeholder="your name"><style>a { b: c }</style>`, nil); len(got) != 2 {
		t.Errorf("html sentences = %q, want 2", got)
	}
}

// TestPagesScriptSrcSelf: the console and the players' listener serve
// the tournament pages and their modules with Content-Security-Policy
// script-src 'self', the tables page ("/") among them.
func TestPagesScriptSrcSelf(t *testing.T) {
	g := newTourRig(t, t.TempDir())
	for _, h := range []struct {
		name  string
		pages []string
	}{
		{"console", []string{"/", "/console.js", "/tournament.html", "/standings.html", "/wall.html", "/me.html", "/referee.js", "/tournament.js"}},
		{"public", []string{"/standings.html", "/wall.html", "/me.html", "/standings.js", "/js/words.js", "/js/dom.js"}},
	} {
		handler := g.tour.Handler(g.console.Handler())
		if h.name == "public" {
			handler = g.tour.PublicHandler()
		}
		for _, p := range h.pages {
			w := httptest.NewRecorder()
			handler.ServeHTTP(w, httptest.NewRequest("GET", p, nil))
			if w.Code != 200 {
				t.Errorf("%s %s: %d", h.name, p, w.Code)
			}
			if csp := w.Header().Values("Content-Security-Policy"); !strings.Contains(strings.Join(csp, ";"), "script-src 'self'") && !strings.HasPrefix(p, "/js/") {
				t.Errorf("%s %s: Content-Security-Policy %q, want script-src 'self'", h.name, p, csp)
			}
		}
		w := httptest.NewRecorder()
		handler.ServeHTTP(w, httptest.NewRequest("GET", "/api/messages", nil))
		if w.Code != 200 || !strings.Contains(w.Body.String(), `"tour.title"`) {
			t.Errorf("%s /api/messages: %d %.80s", h.name, w.Code, w.Body)
		}
	}
}
