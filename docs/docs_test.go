package docs

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// pages are the Markdown files a reader walks: the README, the guides here,
// and the documents at the top of the repository.
func pages(t *testing.T) []string {
	t.Helper()
	guides, err := filepath.Glob("*.md")
	if err != nil {
		t.Fatal(err)
	}
	top, err := filepath.Glob("../*.md")
	if err != nil {
		t.Fatal(err)
	}
	return append(top, guides...)
}

// link finds Markdown links and images: [text](target) and ![alt](target).
var link = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// anchor turns a heading into the id GitHub gives it: lower case, spaces to
// hyphens, punctuation other than hyphens and underscores dropped.
func anchor(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(heading)) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r > 127:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// anchors lists the heading ids of a Markdown file, outside code fences.
func anchors(t *testing.T, path string) map[string]bool {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read %s: %v", path, err)
	}
	ids := map[string]bool{}
	fenced := false
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "```") {
			fenced = !fenced
			continue
		}
		if !fenced && strings.HasPrefix(line, "#") {
			ids[anchor(strings.TrimLeft(line, "#"))] = true
		}
	}
	return ids
}

// TestLinksResolve: every relative link or image in the docs names a file
// that exists, and a #fragment names a heading of that file.
func TestLinksResolve(t *testing.T) {
	for _, page := range pages(t) {
		b, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		for n, line := range strings.Split(string(b), "\n") {
			for _, m := range link.FindAllStringSubmatch(line, -1) {
				target := m[1]
				if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
					continue
				}
				file, frag, _ := strings.Cut(target, "#")
				path := page
				if file != "" {
					path = filepath.Join(filepath.Dir(page), file)
					if _, err := os.Stat(path); err != nil {
						t.Errorf("%s:%d: link to %s: %v", page, n+1, target, err)
						continue
					}
				}
				if frag != "" && strings.HasSuffix(path, ".md") && !anchors(t, path)[frag] {
					t.Errorf("%s:%d: link to %s: no heading #%s in %s", page, n+1, target, frag, path)
				}
			}
		}
	}
}

// TestReadmeIsANewcomersPage: the README stays short, and keeps the two
// commands a newcomer needs, as CI runs them.
func TestReadmeIsANewcomersPage(t *testing.T) {
	b, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(b)
	if n := strings.Count(readme, "\n"); n > 150 {
		t.Errorf("README.md has %d lines; keep it under 150 and move guides to docs/", n)
	}
	for _, cmd := range []string{"go run ./cmd/tabled --sim", "go test -race ./..."} {
		if !strings.Contains(readme, "    "+cmd+"\n") {
			t.Errorf("README.md lacks the command %q on a line of its own", cmd)
		}
	}
	ci, err := os.ReadFile("../.ci/run")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(ci), "go test -race") {
		t.Error(".ci/run does not run the README's test command (go test -race)")
	}
}

// TestStandsAlone: nothing in the repository points outside it to the
// design notes it was built from; a reader has only the repository.
func TestStandsAlone(t *testing.T) {
	err := filepath.WalkDir("..", func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); name == ".git" || name == ".tools" || name == "dist" || name == "node_modules" {
				return filepath.SkipDir
			}
			return nil
		}
		switch filepath.Ext(path) {
		case ".go", ".md", ".sh", ".tbl", ".toml", ".yaml", ".c", ".h", "":
		default:
			return nil
		}
		if filepath.Base(path) == "docs_test.go" {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if strings.Contains(string(b), "../shared/") {
			t.Errorf("%s refers to ../shared/, which a reader of the repository does not have", path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestInstallNamesWhatTheBuildNeeds: the packages packaging/build.sh asks
// for when one is missing are the ones install.md tells the organiser to
// install before building.
func TestInstallNamesWhatTheBuildNeeds(t *testing.T) {
	build, err := os.ReadFile("../packaging/build.sh")
	if err != nil {
		t.Fatal(err)
	}
	install, err := os.ReadFile("install.md")
	if err != nil {
		t.Fatal(err)
	}
	asks := regexp.MustCompile(`apt-get install ([a-z0-9 -]+)`).FindAllStringSubmatch(string(build), -1)
	if len(asks) == 0 {
		t.Fatal("build.sh names no package to install")
	}
	for _, a := range asks {
		for _, pkg := range strings.Fields(a[1]) {
			if !strings.Contains(string(install), pkg) {
				t.Errorf("build.sh asks for %s, install.md does not name it", pkg)
			}
		}
	}
}

// TestEveryScreenshotIsShown: every picture in docs/ is shown on a page a
// reader walks (a screenshot a test writes and no page shows is one
// nobody checks).
func TestEveryScreenshotIsShown(t *testing.T) {
	shots, err := filepath.Glob("*.png")
	if err != nil {
		t.Fatal(err)
	}
	shown := map[string]bool{}
	for _, p := range pages(t) {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range link.FindAllStringSubmatch(string(b), -1) {
			shown[filepath.Clean(filepath.Join(filepath.Dir(p), m[1]))] = true
		}
	}
	for _, s := range shots {
		// The README, one directory up, shows docs/x.png as ../docs/x.png.
		if !shown[s] && !shown[filepath.Join("..", "docs", s)] {
			t.Errorf("docs/%s is shown on no page", s)
		}
	}
}

// TestReadmeSaysHowToChooseTheLanguage: the README tells a newcomer the
// three ways to choose the language (the page's menu, a table's
// configuration, a command's --lang), and the configuration key it names
// is the one tabled.example.toml documents under [table].
func TestReadmeSaysHowToChooseTheLanguage(t *testing.T) {
	b, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := strings.Join(strings.Fields(string(b)), " ")
	for _, want := range []string{"pick one in the menu at the top of a page", "`[table] language = \"fr\"`",
		"`--lang fr` on `tabled run`, `tabled log`, `tabled sim` and `tabled doctor`", "`tabled seating --lang fr`"} {
		if !strings.Contains(readme, want) {
			t.Errorf("README.md does not say %q", want)
		}
	}
	ex, err := os.ReadFile("../tabled.example.toml")
	if err != nil {
		t.Fatal(err)
	}
	table := regexp.MustCompile(`(?s)\n\[table\]\n(.*?)\n\[`).FindSubmatch(ex)
	if table == nil || !regexp.MustCompile(`(?m)^#? ?language = "`).Match(table[1]) {
		t.Error(`tabled.example.toml documents no language = "..." under [table]`)
	}
}
