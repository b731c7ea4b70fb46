package layers

import (
	"bufio"
	"bytes"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"testing"
)

const module = "github.com/tabled/tabled/"

// rule is one layer: the packages it is about (a path under the module,
// "x" for x and everything under it) and what they may not import.
type rule struct {
	pkgs string
	// allowed, if set, are the only module packages they may import (by
	// the same prefix match); forbidden are module packages they may not.
	allowed, forbidden []string
	why                string
}

var rules = []rule{
	{pkgs: "payment", allowed: []string{}, why: "a score sheet's arithmetic is pure: the standard library only"},
	{pkgs: "tile", allowed: []string{}, why: "a tile face is pure: the standard library only"},
	{pkgs: "catalog", allowed: []string{}, why: "the words are data every view reads: the catalog knows no package of the project"},
	{pkgs: "seating", allowed: []string{"catalog"}, why: "a tournament's seating is pure: the standard library, and the catalog's words to print it in"},
	{pkgs: "scorer", allowed: []string{"tile", "payment"}, why: "the scorer is pure: the standard library, tile faces and payment's arithmetic only"},
	{pkgs: "engine", allowed: []string{"tile", "payment", "scorer"}, why: "the engine is pure: the standard library, tile faces, payment's arithmetic and the scorer only"},
	{pkgs: "outcome", allowed: []string{"engine", "tile", "payment", "scorer", "catalog"}, why: "the outcome record depends on the engine alone (and the tile, payment and scorer types in its outcomes), and puts it into the catalog's words"},
	{pkgs: "standings", allowed: []string{"payment", "catalog"}, why: "a tournament's results are pure: the standard library, payment's arithmetic and the spreadsheet writer only, and the catalog whose words its printable pages are in (the console calls them, they call nothing of it)"},
	{pkgs: "claimlog", allowed: []string{"internal/fastjson"}, why: "the claim log's storage knows nothing of the table, the script or the web"},
	{pkgs: "journal", forbidden: []string{"script", "web", "club", "display"}, why: "the journal translates table entries, it shows nothing"},
	{pkgs: "logtext", forbidden: []string{"script", "web", "club", "display", "hw", "inputs", "simtable"}, why: "the claim log's text reads the log: no script, view or hardware"},
	{pkgs: "table", forbidden: []string{"web", "display", "club", "claimlog", "journal"}, why: "the table writes through table.Journal and shows nothing"},
	{pkgs: "tournament", allowed: []string{"seating", "standings", "catalog"}, why: "a tournament's records and their fold are pure: the standard library, the seating and the standings only (and the catalog, whose words the seating prints in)"},
	{pkgs: "hw", forbidden: []string{"display", "web"}, why: "a device driver knows no view: light drivers live under display/"},
	{pkgs: "web", forbidden: []string{"club", "hw", "inputs", "simtable"}, why: "the LAN server shows a table: it drives no hardware and knows no club"},
	{pkgs: "club", forbidden: []string{"web", "display", "hw", "inputs", "simtable"}, why: "the club reads claim-log records over MQTT: it brings in no LAN server, view or hardware"},
	{pkgs: "display", forbidden: []string{"web", "club"}, why: "what the players see is drawn from the table, not from a server"},
	{pkgs: "terminal", forbidden: []string{"web", "club", "display", "hw", "inputs", "simtable", "claimlog", "journal"}, why: "the terminal turns typed lines into a table's inputs: it shows nothing, writes no log and drives no hardware (the simulated controller reaches it as a route function)"},
	{pkgs: "internal", allowed: []string{}, why: "an internal helper imports nothing of the project, so any package may use it without bringing in another"},
	{pkgs: "", forbidden: []string{"cmd"}, why: "commands are the top: nothing imports them"},
}

// under reports whether path (relative to the module) is p or below it;
// "" is every package.
func under(path, p string) bool {
	return p == "" || path == p || strings.HasPrefix(path, p+"/")
}

// violations are the imports of deps (package -> its module imports, direct
// or not) that break a rule, one line each.
func violations(deps map[string][]string) []string {
	var out []string
	for pkg, imports := range deps {
		for _, r := range rules {
			if !under(pkg, r.pkgs) || (r.pkgs == "" && under(pkg, "cmd")) {
				continue
			}
			for _, imp := range imports {
				bad := false
				if r.allowed != nil {
					bad = true
					for _, a := range r.allowed {
						bad = bad && !under(imp, a)
					}
				}
				for _, f := range r.forbidden {
					bad = bad || under(imp, f)
				}
				if bad {
					out = append(out, pkg+" imports "+imp+": "+r.why)
				}
			}
		}
	}
	sort.Strings(out)
	return out
}

// moduleDeps is every package of the module and the module packages it
// imports, directly or not, as go list -deps sees them (tests aside).
func moduleDeps(t *testing.T) map[string][]string {
	t.Helper()
	out := goList(t, `{{.ImportPath}}{{range .Deps}} {{.}}{{end}}`)
	deps := map[string][]string{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 || !strings.HasPrefix(f[0], module) {
			continue
		}
		pkg := strings.TrimPrefix(f[0], module)
		deps[pkg] = []string{}
		for _, d := range f[1:] {
			if strings.HasPrefix(d, module) {
				deps[pkg] = append(deps[pkg], strings.TrimPrefix(d, module))
			}
		}
	}
	return deps
}

// goList is go list's output with format for every package of the module.
func goList(t *testing.T, format string) []byte {
	t.Helper()
	gobin := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := exec.LookPath(gobin); err != nil {
		gobin = "go"
	}
	cmd := exec.Command(gobin, "list", "-f", format, module+"...")
	cmd.Dir = "../.."
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.String())
	}
	return out
}

// TestLayers: no package of the module breaks a layer.
func TestLayers(t *testing.T) {
	deps := moduleDeps(t)
	for _, must := range []string{"tile", "engine", "outcome", "claimlog", "journal", "table", "hw/link", "display/seatlights", "cmd/tabled"} {
		if _, ok := deps[must]; !ok {
			t.Fatalf("go list gave no package %s: %d packages", must, len(deps))
		}
	}
	for _, v := range violations(deps) {
		t.Error(v)
	}
}

// TestRulesCatch: each rule catches the import it forbids, on a made-up
// module, so a rule that matches nothing cannot pass for one that holds.
func TestRulesCatch(t *testing.T) {
	for _, c := range []struct {
		pkg, imp string
		bad      bool
	}{
		{"engine", "table", true},
		{"engine", "tile", false},
		{"engine", "scorer", false},
		{"tile", "engine", true},
		{"scorer", "tile", false},
		{"scorer", "engine", true},
		{"engine/sub", "outcome", true},
		{"outcome", "engine", false},
		{"outcome", "claimlog", true},
		{"standings", "payment", false},
		{"standings", "club", true},
		{"standings", "engine", true},
		{"claimlog", "internal/fastjson", false},
		{"claimlog", "table", true},
		{"claimlog", "script", true},
		{"journal", "claimlog", false},
		{"journal", "script", true},
		{"table", "journal", true},
		{"table", "engine", false},
		{"hw/link/seatlights", "display", true},
		{"hw/link", "hw/fwproto", false},
		{"display/seatlights", "display", false},
		{"web", "cmd/tabled", true},
		{"cmd/tabled", "web", false},
		{"club", "web", true},
		{"club", "internal/httpjson", false},
		{"web", "club", true},
		{"web", "display/render", false},
		{"display/show", "web", true},
		{"internal/httpjson", "web", true},
		{"internal/layers", "engine", true},
		{"tableau", "web", false}, // a prefix of a name is not the package
	} {
		got := len(violations(map[string][]string{c.pkg: {c.imp}})) > 0
		if got != c.bad {
			t.Errorf("%s importing %s: broken %v, want %v", c.pkg, c.imp, got, c.bad)
		}
	}
}
