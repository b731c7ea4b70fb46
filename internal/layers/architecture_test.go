package layers

import (
	"bufio"
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The page this test keeps true, and the markers around the rules it
// writes there.
const (
	page       = "../../docs/ARCHITECTURE.md"
	rulesBegin = "<!-- layers: written from internal/layers' rules -->\n"
	rulesEnd   = "<!-- end of layers -->\n"
)

var update = flag.Bool("update", false, "write the rules table into docs/ARCHITECTURE.md")

// layerNames are the layers the page's package table may give a package,
// as the page defines them above the table.
var layerNames = []string{"rules", "words", "tournament", "log", "table", "adapter", "command", "internal", "test double", "docs", "files"}

// code quotes names as the page does.
func code(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = "`" + n + "`"
	}
	return strings.Join(q, ", ")
}

// rulesTable is the rules as the page shows them: a row a rule, in the
// order of the rules slice.
func rulesTable() string {
	var b strings.Builder
	b.WriteString("| package | may import of the project | may not import | why |\n| --- | --- | --- | --- |\n")
	for _, r := range rules {
		pkg := "`" + r.pkgs + "`"
		if r.pkgs == "" {
			pkg = "every package but `cmd`"
		}
		may := "anything it is not forbidden"
		switch {
		case r.allowed == nil:
		case len(r.allowed) == 0:
			may = "nothing (the standard library only)"
		default:
			may = "only " + code(r.allowed)
		}
		b.WriteString("| " + pkg + " | " + may + " | " + code(r.forbidden) + " | " + r.why + " |\n")
	}
	return b.String()
}

// TestArchitecturePage: the layer rules docs/ARCHITECTURE.md states are
// the rules TestLayers enforces (the page's table is written from them
// with -update), and its package table has a row for every package of
// the module, each with a layer the page defines, and no row for a folder
// that is gone.
func TestArchitecturePage(t *testing.T) {
	b, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	i, j := strings.Index(doc, rulesBegin), strings.Index(doc, rulesEnd)
	if i < 0 || j < i {
		t.Fatalf("%s: no rules table between %q and %q", page, rulesBegin, rulesEnd)
	}
	want := rulesTable()
	if got := doc[i+len(rulesBegin) : j]; got != want {
		if *update {
			doc = doc[:i+len(rulesBegin)] + want + doc[j:]
			if err := os.WriteFile(page, []byte(doc), 0o644); err != nil {
				t.Fatal(err)
			}
		} else {
			t.Errorf("%s states other layer rules than internal/layers enforces; run\n\tgo test ./internal/layers -run TestArchitecturePage -update\nits table is now:\n%s\nthe rules say:\n%s", page, got, want)
		}
	}
	rows := packageRows(t, doc)
	for _, line := range bytes.Split(goList(t, "{{.ImportPath}}\t{{.Doc}}"), []byte("\n")) {
		path, pkgDoc, _ := strings.Cut(string(line), "\t")
		pkg := strings.TrimPrefix(path, module)
		if pkg == "" || pkg == path {
			continue
		}
		if _, ok := rows[pkg]; !ok {
			t.Errorf("%s: package %s (go list ./...) has no row in the Packages table; add, with one of the layers %q:\n| `%s` | <layer> | %s |", page, pkg, layerNames, pkg, firstSentence(pkgDoc))
		}
		delete(rows, pkg)
	}
	for folder := range rows {
		if fi, err := os.Stat(filepath.Join("../..", folder)); err != nil || !fi.IsDir() {
			t.Errorf("%s: the Packages table has a row for %s, which is no package or folder of the repository", page, folder)
		}
	}
}

// packageRow is a row of the Packages table: | `folder` | layer | what |.
var packageRow = regexp.MustCompile("^\\| `([^`]+)` \\| ([^|]+) \\| ")

// packageRows are the Packages table's folders and their layers; a row
// with a layer the page does not define fails the test.
func packageRows(t *testing.T, doc string) map[string]string {
	t.Helper()
	_, section, ok := strings.Cut(doc, "\n## Packages\n")
	if !ok {
		t.Fatalf("%s: no section ## Packages", page)
	}
	section, _, _ = strings.Cut(section, "\n## ")
	rows := map[string]string{}
	sc := bufio.NewScanner(strings.NewReader(section))
	for sc.Scan() {
		m := packageRow.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		layer := strings.TrimSpace(m[2])
		known := false
		for _, l := range layerNames {
			known = known || l == layer
		}
		if !known {
			t.Errorf("%s: the row of %s gives the layer %q; the page defines %q", page, m[1], layer, layerNames)
		}
		rows[m[1]] = layer
	}
	if len(rows) == 0 {
		t.Fatalf("%s: the Packages table has no rows", page)
	}
	return rows
}

// firstSentence is a package doc's first sentence, without "Package x".
func firstSentence(doc string) string {
	s, _, _ := strings.Cut(doc, ". ")
	if _, rest, ok := strings.Cut(s, " "); ok && strings.HasPrefix(s, "Package ") {
		if _, rest, ok = strings.Cut(rest, " "); ok {
			s = rest
		}
	}
	return strings.TrimSuffix(s, ".")
}
