package catalog

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// The Go side of "every sentence a person reads is the catalog's": the
// pages have their own scan (web's and club's TestNoSentenceOutsideTheCatalog,
// with internal/pagejs.Sentences); this one parses the Go source.

// threeWords is a string that reads as words for people: three words of
// letters in a row on a line ("is not the", "the hand cannot"). A key, a
// code, a format of verbs, a path, a flag's name or a wire format's lines
// ("event: broker\ndata: ...") is not.
var threeWords = regexp.MustCompile(`\p{L}[\p{L}'’]*\p{L}[,:;.!?)'"]* +[("'«]*\p{L}[\p{L}'’]*\p{L}[,:;.!?)'"»]* +[("'«]*\p{L}[\p{L}'’]*\p{L}`)

// exceptCall are the deliberate exceptions by the function a literal is
// passed to (by its name as called, "pkg.Func" or ".Method" for any
// receiver): what is English on purpose, and why.
var exceptCall = map[string]string{
	"fmt.Errorf":         "an error's English: for logs, wrapping (\"pkg: op %s: %w\") and the JSON contracts; what a player or referee reads of a refusal is its code in the catalog's words (catalog.Refusal, payment.Fault, scorer.Fault, engine.RuleCode, tournament.Refusal)",
	"errors.New":         "as fmt.Errorf",
	"refuse":             "the English beside a fault's code (payment.Fault, scorer.Fault): the claim log keeps it, the catalog words the code ([value.refused], [hand.refused], [i33.value])",
	"notation":           "the English beside a tile notation error's code (tile.NotationError), which the script's refusals word ([i33.tile])",
	"handErr":            "the engine's English beside a refused hand's code, as refuse",
	"bad":                "a rule profile's figures checked for whoever writes a profile (payment.Rules.Validate), not for a player",
	"Refuse":             "a tournament refusal's English beside its code and arguments, which the console words ([tour.refused])",
	"tournament.Refuse":  "as Refuse",
	"writeJSON":          "the HTTP API's English reasons: the contract the pages and the club read (every JSON contract keeps its English)",
	"http.Error":         "as writeJSON",
	"pem.EncodeToMemory": "a PEM block's type, a format's word",
	"fmt.Appendf":        "a wire format's frame or a generated module's header, for programs",
	".logf":              "an operator's log line (syslevel): English by the project's choice, at debug or warning level, not a view",
}

// flagHelp is a command-line flag's definition (fs.String("name", "",
// "help")): its help is for --help, printed by Go's flag package in
// English around it.
var flagHelp = regexp.MustCompile(`^(fs|flags|flag)\.[A-Z]`)

// exceptPackage are the packages whose words are for an operator or a
// developer, English by the project's choice, each with why; a package
// under one is excepted with it.
var exceptPackage = map[string]string{
	"hw":                  "device drivers and the controller's link: diagnostics for the operator (what a referee must see of them is an alert, worded from [alert])",
	"claimlog":            "the claim log's storage: its damage and repair notes name files and lines for the operator (tabled log shows them as they are)",
	"journal":             "the claim log's resume, replay and damage notes for the operator on the daemon's stderr and tabled replay; an alert's label and line are the catalog's ([alert]), this its English detail",
	"config":              "configuration errors for the operator, naming TOML keys and lines",
	"packaging":           "the package's build files",
	"internal":            "internal helpers of the HTTP servers and the tests, for programs",
	"club/clubtest":       "a test double: a broker for the tests",
	"web/webtest":         "a test double: a browser for the tests",
	"display/displaytest": "a test double: the panel's scenes for the tests",
	"enginetest":          "a test double: short games on the engine for the tests, failing a test in its words",
}

// exceptFunc are functions, by package and name, whose words are for an
// operator: the commands a referee never runs at a table, and the HTTP
// servers' notes to whoever starts them.
var exceptFunc = map[string]string{
	"cmd/tabled.usage":             "tabled's usage (tabled help), a command line's English for the operator",
	"cmd/tabled.run":               "tabled's unknown command, as usage",
	"cmd/tabled.cmdClub":           "the club console's start, for the operator of the head referee's machine",
	"cmd/tabled.runEnroll":         "building the tile registry (tabled enroll), once, by the operator",
	"cmd/tabled.tileReader":        "as runEnroll",
	"cmd/tabled.cmdSeating":        "a tournament's seating printed for the organiser (its tables are the catalog's words: package seating)",
	"cmd/tabled.cmdDoctor":         "tabled doctor's language flag refused before a language is known",
	"cmd/tabled.cmdReplay":         "tabled replay's verdict, for the operator checking a log",
	"club.cause":                   "the broker's state for the console's JSON, beside its state code the page words",
	"club.NewConsole":              "as cause",
	"club.Console.Event":           "the console's JSON of a table's last event (Last, an alert's Text), beside the event's code the page words",
	"club.Console.handleName":      "an HTTP refusal of the names API (its contract)",
	"club.Tournament.options":      "an HTTP refusal of the options API (its contract)",
	"club.Publisher.cutOff":        "an alert's English detail (its label is the catalog's: [alert])",
	"web.ListenHTTPS":              "the HTTPS listener's start line, for the operator",
	"web.refusal":                  "a raw HTTP response to a client over the connection limit",
	"web.Server.admitStream":       "an HTTP refusal of the live stream (its contract; the page reconnects)",
	"web.Server.admitClientStream": "as admitStream",
	"engine.furitenWords":          "the engine's English beside its code (Outcome.Reason, the claim log's contract): a view words CodeFuriten ([refusal.value])",
	"engine.scoreHand":             "as furitenWords: the melds the table recorded beside the fault's Melds ([hand.refused] melds)",
	"engine.CheckName":             "a refused name's English beside its code (engine.NameError), which the script's refusals word ([i33.name])",
	"engine.WRC2015":               "a rule book's title, a proper name",
	"engine.EMA2016":               "as WRC2015",
	"engine.EMA2008":               "as WRC2015",
	"engine.recorded":              "as WRC2015",
	"engine.Profile.Follows":       "a profile's book as the start line names it: a title, or none",
	"scorer.rcr2016Yaku":           "a yaku's rule-book reference, cited as the book words it",
	"scorer.rcr2008Yaku":           "as rcr2016Yaku",
	"scorer.wrc2015Yaku":           "as rcr2016Yaku",
	"scorer.hand.fu":               "a fu part's English name beside its code (FuPart.Code), which the catalog words ([fu])",
	"standings.Check":              "a results problem's English (What) beside its kind, in the console's JSON",
	"standings.checkGame":          "as Check",
	"standings.visible":            "a withheld round's English (Why) beside its code, in the standings' JSON",
	"tournament.check":             "a results alert's English beside its code and arguments ([tour.alert])",
	"tournament.State.Fit":         "the console's JSON of what the players lack; the page words it from the counts ([tour.fit])",
	"tournament.Book.refold":       "a fault of the tournament's records, for the operator",
	"script.SeatActions":           "the command words a seat line takes, typed as they are in every language",
}

// TestNoSentenceOutsideTheCatalogInGo: no string literal of the module's
// Go (tests aside) reads as words for people outside the catalog, but for
// the exceptions named above, each with why: a new English sentence shown
// to a player or a referee fails here and goes to catalog/messages.
func TestNoSentenceOutsideTheCatalogInGo(t *testing.T) {
	// used are the exceptions that excepted something: one that no
	// longer does is taken out of its list, so the list stays short.
	used := map[string]bool{}
	found := sentencesInGo(t, "..", used)
	var out []string
	for _, s := range found {
		out = append(out, s.String())
	}
	sort.Strings(out)
	for _, s := range out {
		t.Errorf("%s is a sentence outside the catalog (give it a key in catalog/messages, or name the exception with why)", s)
	}
	for call := range exceptCall {
		if !used["call "+call] {
			t.Errorf("the exception for %s excepts nothing: take it out", call)
		}
	}
	for fn := range exceptFunc {
		if !used["func "+fn] {
			t.Errorf("the exception for %s excepts nothing: take it out", fn)
		}
	}
	for pkg := range exceptPackage {
		if !used["package "+pkg] {
			t.Errorf("the exception for package %s excepts nothing: take it out", pkg)
		}
	}
}

// sentence is a literal found: where, in which function, passed to what.
type sentence struct {
	file       string
	line       int
	pkg, fn    string
	call, text string
}

func (s sentence) String() string {
	return s.file + ":" + strconv.Itoa(s.line) + " (" + s.pkg + "." + s.fn + ", in " + s.call + ") " + strconv.Quote(s.text)
}

// sentencesInGo are the literals under root that read as words and no
// exception names.
func sentencesInGo(t *testing.T, root string, used map[string]bool) []sentence {
	t.Helper()
	var out []sentence
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || d.Name() == ".git" || d.Name() == "node_modules" || strings.HasPrefix(d.Name(), ".")) && path != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		pkg := filepath.ToSlash(rel)
		if p, ok := excepted(pkg); ok {
			used["package "+p] = true
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		out = append(out, sentencesIn(path, pkg, src, used)...)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// excepted is the excepted package pkg is, or is under.
func excepted(pkg string) (string, bool) {
	for p := range exceptPackage {
		if pkg == p || strings.HasPrefix(pkg, p+"/") {
			return p, true
		}
	}
	return "", false
}

// sentencesIn are the literals of one file that read as words and no
// exception names; used gets the exceptions that excepted one.
func sentencesIn(path, pkg string, src []byte, used map[string]bool) []sentence {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, src, parser.SkipObjectResolution)
	if err != nil {
		return []sentence{{file: path, text: "does not parse: " + err.Error()}}
	}
	var out []sentence
	for _, decl := range f.Decls {
		fn := declName(decl)
		except := exceptFunc[pkg+"."+fn] != ""
		var stack []ast.Node
		ast.Inspect(decl, func(n ast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return true
			}
			stack = append(stack, n)
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			text, err := strconv.Unquote(lit.Value)
			if err != nil || !threeWords.MatchString(text) {
				return true
			}
			call := calledWith(stack)
			method := call
			if i := strings.IndexByte(call, '.'); i >= 0 {
				method = call[i:]
			}
			switch {
			case exceptCall[call] != "":
				used["call "+call] = true
			case exceptCall[method] != "":
				used["call "+method] = true
			case flagHelp.MatchString(call):
			case except:
				used["func "+pkg+"."+fn] = true
			default:
				out = append(out, sentence{file: path, line: fset.Position(lit.Pos()).Line, pkg: pkg, fn: fn, call: call, text: text})
			}
			return true
		})
	}
	return out
}

// declName is a declaration's name as exceptFunc names it: "Func",
// "Type.Method", or a declared name of a var or const block.
func declName(d ast.Decl) string {
	switch d := d.(type) {
	case *ast.FuncDecl:
		if d.Recv != nil && len(d.Recv.List) > 0 {
			typ := d.Recv.List[0].Type
			if s, ok := typ.(*ast.StarExpr); ok {
				typ = s.X
			}
			if g, ok := typ.(*ast.IndexExpr); ok {
				typ = g.X
			}
			if id, ok := typ.(*ast.Ident); ok {
				return id.Name + "." + d.Name.Name
			}
		}
		return d.Name.Name
	case *ast.GenDecl:
		for _, s := range d.Specs {
			if v, ok := s.(*ast.ValueSpec); ok && len(v.Names) > 0 {
				return v.Names[0].Name
			}
		}
	}
	return ""
}

// calledWith is the function the innermost call around the literal
// calls, as exceptCall names it ("fmt.Errorf", "x.Logf", "refuse"), or
// "-" for a literal passed to none.
func calledWith(stack []ast.Node) string {
	for i := len(stack) - 2; i >= 0; i-- {
		c, ok := stack[i].(*ast.CallExpr)
		if !ok {
			continue
		}
		switch f := c.Fun.(type) {
		case *ast.SelectorExpr:
			if x, ok := f.X.(*ast.Ident); ok {
				return x.Name + "." + f.Sel.Name
			}
			return "?." + f.Sel.Name
		case *ast.Ident:
			return f.Name
		}
		return "?"
	}
	return "-"
}

// TestSentencesInGo: the scan finds what it is for, and lets the
// exceptions through.
func TestSentencesInGo(t *testing.T) {
	for _, c := range []struct {
		pkg, src string
		want     int
	}{
		{"terminal", `fmt.Fprintln(w, "the seat is not there")`, 1},
		{"terminal", `x := "Ouest n'a pas gagné"`, 1},
		{"terminal", `fmt.Fprintln(w, l.Text("terminal.refused", "reason", why))`, 0},
		{"terminal", `fmt.Fprintf(w, "%9s  %s\n", a, b)`, 0},
		{"terminal", `return fmt.Errorf("terminal: read the line %d: %w", n, err)`, 0},
		{"terminal", `fs.String("lang", "", "the language of the text")`, 0},
		{"terminal", `d.logf("the controller answers again")`, 0},
		{"terminal", `fmt.Fprint(w, "event: broker\ndata: x\n\n")`, 0},
		{"cmd/tabled", `fmt.Fprintln(stderr, "usage: tabled run and more")`, 0}, // in usage, below
		{"hw/link", `fmt.Fprintln(w, "the device rebooted just now")`, 0},
	} {
		src := "package p\n\nfunc f() {\n\t" + c.src + "\n}\n"
		if c.pkg == "cmd/tabled" {
			src = "package p\n\nfunc usage() {\n\t" + c.src + "\n}\n"
		}
		var got []sentence
		if _, ok := excepted(c.pkg); !ok {
			got = sentencesIn("x.go", c.pkg, []byte(src), map[string]bool{})
		}
		if len(got) != c.want {
			t.Errorf("%s: %s: found %v, want %d", c.pkg, c.src, got, c.want)
		}
	}
}
