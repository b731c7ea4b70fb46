package catalog

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"
	"testing/fstest"
)

func TestCatalogLoads(t *testing.T) {
	if _, err := loaded(); err != nil {
		t.Fatal(err)
	}
	if got := Codes(); got[0] != Default || len(got) < 2 {
		t.Fatalf("Codes() = %v, want %s first and French beside it", got, Default)
	}
}

// Every language has every key English has, and no other, with the same
// parameters: a missing translation or a renamed parameter fails here,
// not in front of a player.
func TestEveryLanguageHasEveryKey(t *testing.T) {
	en := English()
	for _, code := range Codes() {
		l, _ := Get(code)
		for k, msg := range en.msgs {
			tr, ok := l.msgs[k]
			if !ok {
				t.Errorf("%s.toml: no message %s (English: %q)", code, k, msg)
				continue
			}
			if p, q := Params(msg), Params(tr); !reflect.DeepEqual(p, q) {
				t.Errorf("%s.toml: %s has parameters %v, English %v", code, k, q, p)
			}
		}
		for k := range l.msgs {
			if _, ok := en.msgs[k]; !ok {
				t.Errorf("%s.toml: %s is not in en.toml", code, k)
			}
		}
	}
}

// dynamic are the key prefixes code completes at run time (a wind's
// letter, a plural form): their keys are used though no literal names them.
//
// The game's vocabulary is keyed by the rules packages' own names (a
// yaku's, a limit's, a fu part's code, a tile's suit letter and honour
// number, an action): outcome/vocab.go completes them, and its
// TestVocabularyCoversTheRules checks every name has words. A refused
// hand's or value's words are keyed by the scorer's, the engine's and the
// payment rules' fault codes (outcome/fault.go), which outcome's
// TestFaultWords and TestValueFaultWords check.
var dynamic = []string{"wind.", "language.name", "yaku.", "limit.", "fu.", "tile.", "action.", "hand.refused.", "value.refused."}

// Every key is used somewhere in the project's code or pages: a message
// nobody shows is a translation nobody needs to keep.
func TestEveryKeyIsUsed(t *testing.T) {
	var corpus strings.Builder
	root := filepath.Join("..")
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || d.Name() == ".git" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		ext := filepath.Ext(path)
		if d.IsDir() || strings.HasSuffix(path, "_test.go") || (ext != ".go" && ext != ".js" && ext != ".html" && ext != ".tmpl") {
			return nil
		}
		b, err := os.ReadFile(path)
		corpus.Write(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	text := corpus.String()
	var unused []string
	for k := range English().msgs {
		used := strings.Contains(text, `"`+k+`"`) || strings.Contains(text, `'`+k+`'`)
		// A plural form is used where its key is counted: Count("x", n)
		// in Go, w.count("x", n) on a page, pick x.one or x.other.
		for _, form := range []string{".one", ".other"} {
			if base, ok := strings.CutSuffix(k, form); ok {
				used = used || strings.Contains(text, `"`+base+`"`)
			}
		}
		for _, p := range dynamic {
			used = used || strings.HasPrefix(k, p)
		}
		if !used {
			unused = append(unused, k)
		}
	}
	sort.Strings(unused)
	if len(unused) > 0 {
		t.Errorf("keys no code uses (remove them, or name their prefix in dynamic with why): %v", unused)
	}
}

func TestText(t *testing.T) {
	fs := fstest.MapFS{
		"messages/en.toml": {Data: []byte("[seat]\nsits = \"{name} sits {wind}\"\n[hands]\none = \"{n} hand\"\nother = \"{n} hands\"\n[only]\nen = \"English only\"\n")},
		"messages/fr.toml": {Data: []byte("[seat]\nsits = \"{name} est assis·e {wind}\"\n[hands]\none = \"{n} main\"\nother = \"{n} mains\"\n")},
	}
	s, err := load(fs)
	if err != nil {
		t.Fatal(err)
	}
	en, fr := s.langs["en"], s.langs["fr"]
	saved := loaded
	loaded = func() (*set, error) { return s, nil }
	defer func() { loaded = saved }()
	for _, c := range []struct{ got, want string }{
		{en.Text("seat.sits", "name", "Ana", "wind", "East"), "Ana sits East"},
		{fr.Text("seat.sits", "name", "Chloé", "wind", "Est"), "Chloé est assis·e Est"},
		{en.Text("seat.sits", "name", "Ana"), "Ana sits {wind}"},
		{fr.Text("only.en"), "English only"},
		{fr.Text("no.such"), "[no.such]"},
		{en.Count("hands", 1), "1 hand"},
		{en.Count("hands", 0), "0 hands"},
		{fr.Count("hands", 0), "0 main"},
		{fr.Count("hands", 2), "2 mains"},
		{en.Count("hands", 36000), "36,000 hands"},
		{fr.Number(36000), "36\u00a0000"}, // a no-break space: the panel's font has it
		{en.Number(-1200), "-1,200"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

func TestMatch(t *testing.T) {
	for _, c := range []struct {
		prefs []string
		want  string
	}{
		{nil, "en"},
		{[]string{""}, "en"},
		{[]string{"fr"}, "fr"},
		{[]string{"fr-CH, fr;q=0.9, en;q=0.8"}, "fr"},
		{[]string{"de-DE, fr;q=0.5"}, "fr"},
		{[]string{"ja"}, "en"},
		{[]string{"not a language;;"}, "en"},
		{[]string{"", "fr-BE"}, "fr"},
	} {
		if got := Match(c.prefs...).Code(); got != c.want {
			t.Errorf("Match(%q) = %s, want %s", c.prefs, got, c.want)
		}
	}
}

func TestParseRefusesNonStrings(t *testing.T) {
	if _, err := parse([]byte("[a]\nb = 3\n")); err == nil || !regexp.MustCompile(`a\.b`).MatchString(err.Error()) {
		t.Fatalf("parse of a number: %v, want an error naming a.b", err)
	}
	if _, err := parse([]byte("a = \"x\"\na = \"y\"\n")); err == nil {
		t.Fatal("a key given twice was taken")
	}
}

// FuzzParse: a messages file is outside bytes (a translator's file): it is
// read or refused, never a panic, and what is read has only strings.
func FuzzParse(f *testing.F) {
	for _, code := range []string{"en", "fr"} {
		b, _ := files.ReadFile("messages/" + code + ".toml")
		f.Add(b)
	}
	f.Add([]byte("[a.b]\nc = \"{x\"\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		msgs, err := parse(b)
		if err != nil {
			return
		}
		for k, v := range msgs {
			if k == "" {
				t.Fatalf("an empty key, message %q", v)
			}
			_ = Params(v)
		}
	})
}
