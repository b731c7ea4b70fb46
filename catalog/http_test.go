package catalog

import (
	"encoding/json"
	"net/http/httptest"
	"slices"
	"testing"
)

// TestHandler: a page is sent its words in the language it asks for
// (?lang=, the reader's pick), else the one its browser's Accept-Language
// prefers, else English; with every language it may pick, named in itself.
func TestHandler(t *testing.T) {
	for _, c := range []struct {
		query, accept, want, hello string
	}{
		{"", "fr-FR,fr;q=0.9,en;q=0.8", "fr", "Est"},
		{"?lang=en", "fr-FR,fr;q=0.9", "en", "East"},
		{"?lang=fr", "", "fr", "Est"},
		{"", "ja", "en", "East"},
		{"?lang=%%%", "de, fr;q=0.5", "fr", "Est"},
	} {
		r := httptest.NewRequest("GET", "/api/messages"+c.query, nil)
		if c.accept != "" {
			r.Header.Set("Accept-Language", c.accept)
		}
		w := httptest.NewRecorder()
		Handler().ServeHTTP(w, r)
		var got Served
		if err := json.Unmarshal(w.Body.Bytes(), &got); err != nil {
			t.Fatalf("%s %q: %v: %s", c.query, c.accept, err, w.Body)
		}
		if got.Lang != c.want || got.Messages["wind.E"] != c.hello {
			t.Errorf("%s %q: lang %s, wind.E %q; want %s, %q", c.query, c.accept, got.Lang, got.Messages["wind.E"], c.want, c.hello)
		}
		want := []Language{{"en", "English"}, {"fr", "Français"}}
		if !slices.Equal(got.Languages, want) {
			t.Errorf("languages %v, want %v", got.Languages, want)
		}
		if w.Header().Get("Vary") != "Accept-Language" {
			t.Errorf("Vary %q", w.Header().Get("Vary"))
		}
	}
}

// FuzzMatch: an Accept-Language header is outside bytes; whatever it
// says, Match answers a language the catalog has.
func FuzzMatch(f *testing.F) {
	for _, s := range []string{"", "fr-CH, fr;q=0.9, en;q=0.8", "*", "x;q=abc", "fr;q=0.5;q=0.1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if l := Match(s); !slices.Contains(Codes(), l.Code()) {
			t.Fatalf("Match(%q) = %s, not a catalog language", s, l.Code())
		}
	})
}
