package pagejs

import (
	"reflect"
	"testing"
)

// TestSentences: the scan finds words a person reads in a page's source
// and passes class lists, selectors, comments and keys.
func TestSentences(t *testing.T) {
	classes := Classes(".msg { color: red } .bad, td.late { x: 1.5em }")
	if want := map[string]bool{"msg": true, "bad": true, "late": true}; !reflect.DeepEqual(classes, want) {
		t.Fatalf("Classes = %v, want %v", classes, want)
	}
	for _, c := range []struct {
		name, src string
		want      int
	}{
		{"x.js", `el("p", "", "No such player.")`, 1},
		{"x.js", `el("td", "", "Table")`, 1},
		{"x.js", `el("div", "msg bad", w.t("hand.enter"))`, 0},
		{"x.js", `el("div", "msg nope", "")`, 1},
		{"x.js", `q("#clockform button")`, 0},
		{"x.js", "x = `${a} · ${b}`; // a comment's words", 0},
		{"x.html", `<p>Hello there</p><input placeholder="your name"><style>a { b: c }</style>`, 2},
		{"x.html", `<p data-t="status.title"></p><input data-t-placeholder="status.pair.placeholder">`, 0},
	} {
		if got := Sentences(c.name, c.src, classes); len(got) != c.want {
			t.Errorf("Sentences(%q) = %q, want %d", c.src, got, c.want)
		}
	}
	if InlineCode.FindString(`<script type="module" src="app.js"></script><img onload="x()">`) != ` onload=` {
		t.Error("InlineCode misses an inline handler")
	}
}
