package web

import (
	"io/fs"
	"path"
	"regexp"
	"strings"
	"testing"

	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/internal/pagejs"
)

// notWords are the deliberate exceptions to the catalog in the table's
// pages, none words of a language: the confirmation tick, the dismiss
// cross, the record number's sign, and a class list whose "yakuman" only
// the script selects (the style sheet has no rule for it).
var notWords = map[string]bool{`"✓"`: true, `"✕"`: true, "#": true, "✓": true, `"row yakuman"`: true}

// TestNoSentenceOutsideTheCatalog: the status page and the log page hold
// no sentence of their own (every one is a catalog key, said in the
// reader's language) and no inline script or event handler, so that
// script-src 'self' serves them.
func TestNoSentenceOutsideTheCatalog(t *testing.T) {
	sub, _ := fs.Sub(static, "static")
	css, err := fs.ReadFile(sub, "style.css")
	if err != nil {
		t.Fatal(err)
	}
	names, _ := fs.Glob(sub, "*.*")
	pages := 0
	for _, name := range names {
		if ext := path.Ext(name); ext != ".js" && ext != ".html" {
			continue
		}
		pages++
		b, _ := fs.ReadFile(sub, name)
		classes := pagejs.Classes(string(css) + string(b)) // a page's own <style> too
		for _, s := range pagejs.Sentences(name, string(b), classes) {
			if !notWords[s] {
				t.Errorf("%s: %q is a sentence outside the catalog (give it a key in catalog/messages)", name, s)
			}
		}
		if strings.HasSuffix(name, ".html") {
			if m := pagejs.InlineCode.FindString(string(b)); m != "" {
				t.Errorf("%s: inline script or handler %q (a module file instead: script-src 'self')", name, m)
			}
		}
		// Every key a page names is in the catalog.
		for _, m := range pageKey.FindAllStringSubmatch(string(b), -1) {
			if !catalog.English().Has(m[1]) {
				t.Errorf("%s: key %s is not in the catalog", name, m[1])
			}
		}
	}
	if pages < 8 {
		t.Fatalf("scanned %d pages and scripts, want the status and log pages' 8 or more", pages)
	}
	// The scan finds what it is for.
	classes := pagejs.Classes(".msg { } .bad { }")
	for src, want := range map[string]int{
		`el("p", "", "No such player.")`:           1,
		`el("td", "", "Table")`:                    1,
		`el("div", "msg bad", w.t("hand.enter"))`:  0,
		`el("div", "msg late", w.t("hand.enter"))`: 1,
		"x = `${a} · ${b}`; // a comment's words":  0,
	} {
		if got := len(pagejs.Sentences("x.js", src, classes)); got != want {
			t.Errorf("Sentences(%q) = %d, want %d", src, got, want)
		}
	}
	if got := pagejs.Sentences("x.html", `<p>Hello there</p><input placeholder="your name"><style>a { b: c }</style>`, nil); len(got) != 2 {
		t.Errorf("html sentences = %q, want 2", got)
	}
}

// pageKey is a catalog key a page names: data-t="status.title",
// w.t("hand.enter").
var pageKey = regexp.MustCompile(`(?:data-t(?:-[a-z-]+)?="|\bw\.t\(")((?:status|hand|logpage|page|tour|wind|action|limit)\.[a-z_.]+[a-z_])"`)
