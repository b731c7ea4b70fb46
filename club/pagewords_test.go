package club

import (
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// wordPages are the pages whose every sentence comes from the catalog:
// the tournament's pages, what they share and the modules both servers
// serve, and the tables page (index.html, console.js).
var wordPages = []string{
	"static/index.html", "static/console.js", "static/tournament.html", "static/standings.html", "static/wall.html", "static/me.html",
	"static/tournament.js", "static/referee.js", "static/standings.js", "static/wall.js", "static/me.js",
	"../internal/pagejs/js/dom.js", "../internal/pagejs/js/words.js",
}

var (
	jsComment  = regexp.MustCompile(`(?m)^\s*//.*$|\s//\s.*$`)
	jsString   = regexp.MustCompile("\"(?:[^\"\\\\\n]|\\\\.)*\"|'(?:[^'\\\\\n]|\\\\.)*'|`(?:[^`\\\\]|\\\\.)*`")
	tmplParam  = regexp.MustCompile(`\$\{[^}]*\}`)
	twoWords   = regexp.MustCompile(`\p{L}{2,}[,:;.!?]?\s+\p{L}{2,}`)
	capitalWd  = regexp.MustCompile(`^\p{Lu}\p{Ll}{2,}$`)
	htmlText   = regexp.MustCompile(`>([^<]*\p{L}[^<]*)<`)
	htmlAttr   = regexp.MustCompile(`\s(?:placeholder|title|aria-label|alt)="([^"]*\p{L}[^"]*)"`)
	inlineCode = regexp.MustCompile(`<script(?:\s[^>]*)?>\s*[^<\s]|<script(?:(?:\s+type="module")?\s*)>|\son[a-z]+\s*=`)
	styleBlock = regexp.MustCompile(`(?s)<style>.*?</style>`)
)

// sentences are the words a person would read found in a page's source
// outside the catalog: JavaScript strings of two words or a capitalised
// word (CSS selectors aside), HTML text and the attributes a person reads.
func sentences(name, src string) []string {
	var out []string
	if strings.HasSuffix(name, ".js") {
		for _, lit := range jsString.FindAllString(jsComment.ReplaceAllString(src, ""), -1) {
			body := tmplParam.ReplaceAllString(lit[1:len(lit)-1], "")
			if strings.HasPrefix(body, "#") || strings.HasPrefix(body, ".") {
				continue // a CSS selector ("#clockform button"), not words
			}
			if twoWords.MatchString(body) || capitalWd.MatchString(body) {
				out = append(out, lit)
			}
		}
		return out
	}
	src = styleBlock.ReplaceAllString(src, "")
	for _, m := range htmlText.FindAllStringSubmatch(src, -1) {
		out = append(out, strings.TrimSpace(m[1]))
	}
	for _, m := range htmlAttr.FindAllStringSubmatch(src, -1) {
		out = append(out, m[1])
	}
	return out
}

// TestNoSentenceOutsideTheCatalog: the tournament's pages and the shared
// modules hold no sentence of their own (every one is a catalog key) and
// no inline script or event handler, so script-src 'self' serves them.
func TestNoSentenceOutsideTheCatalog(t *testing.T) {
	for _, name := range wordPages {
		b, err := os.ReadFile(filepath.FromSlash(name))
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range sentences(name, string(b)) {
			t.Errorf("%s: %q is a sentence outside the catalog (give it a key in catalog/messages)", name, s)
		}
		if strings.HasSuffix(name, ".html") {
			if m := inlineCode.FindString(string(b)); m != "" {
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
		if got := len(sentences("x.js", src)); got != want {
			t.Errorf("sentences(%q) = %d, want %d", src, got, want)
		}
	}
	if got := sentences("x.html", `<p>Hello there</p><input placeholder="your name"><style>a { b: c }</style>`); len(got) != 2 {
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
