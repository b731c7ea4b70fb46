package catalog

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/BurntSushi/toml"
	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
	"golang.org/x/text/number"
)

//go:embed messages/*.toml
var files embed.FS

// Default is the language of a table, a page or a command that names none,
// and the language a message missing from another falls back to.
const Default = "en"

// Lang is one language of the catalog. It is safe for concurrent use.
type Lang struct {
	code string
	tag  language.Tag
	msgs map[string]string
	name string // the language's own name, from its file ("Français")
}

type set struct {
	langs   map[string]*Lang
	codes   []string // sorted, Default first
	matcher language.Matcher
}

var loaded = sync.OnceValues(func() (*set, error) { return load(files) })

// load reads every messages/<code>.toml of fsys.
func load(fsys fs.FS) (*set, error) {
	names, err := fs.Glob(fsys, "messages/*.toml")
	if err != nil {
		return nil, fmt.Errorf("catalog: %w", err)
	}
	s := &set{langs: map[string]*Lang{}}
	for _, name := range names {
		code := strings.TrimSuffix(path.Base(name), ".toml")
		tag, err := language.Parse(code)
		if err != nil {
			return nil, fmt.Errorf("catalog: %s: %q is not a language code: %w", name, code, err)
		}
		b, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, fmt.Errorf("catalog: %w", err)
		}
		msgs, err := parse(b)
		if err != nil {
			return nil, fmt.Errorf("catalog: %s: %w", name, err)
		}
		s.langs[code] = &Lang{code: code, tag: tag, msgs: msgs, name: msgs["language.name"]}
		s.codes = append(s.codes, code)
	}
	if s.langs[Default] == nil {
		return nil, fmt.Errorf("catalog: no messages/%s.toml", Default)
	}
	sort.Slice(s.codes, func(i, j int) bool {
		return s.codes[i] == Default || (s.codes[j] != Default && s.codes[i] < s.codes[j])
	})
	tags := make([]language.Tag, len(s.codes))
	for i, c := range s.codes {
		tags[i] = s.langs[c].tag
	}
	s.matcher = language.NewMatcher(tags)
	return s, nil
}

// parse flattens a messages file: tables name the keys' first parts, so
// [seat] east = "East" is the message "seat.east".
func parse(b []byte) (map[string]string, error) {
	var tree map[string]any
	if _, err := toml.Decode(string(b), &tree); err != nil {
		return nil, err
	}
	msgs := map[string]string{}
	var walk func(prefix string, v any) error
	walk = func(prefix string, v any) error {
		switch v := v.(type) {
		case string:
			msgs[prefix] = v
		case map[string]any:
			for k, sub := range v {
				if k == "" || strings.ContainsAny(k, ". ") {
					return fmt.Errorf("key %q in %q: a key part is a word without dots or spaces", k, prefix)
				}
				key := k
				if prefix != "" {
					key = prefix + "." + k
				}
				if err := walk(key, sub); err != nil {
					return err
				}
			}
		default:
			return fmt.Errorf("key %s: a message is a string, not %T", prefix, v)
		}
		return nil
	}
	return msgs, walk("", tree)
}

func must() *set {
	s, err := loaded()
	if err != nil {
		panic(err) // the files are embedded: TestCatalogLoads reads them
	}
	return s
}

// Codes lists the languages the catalog has, Default first.
func Codes() []string { return append([]string(nil), must().codes...) }

// Get is the language with this code ("en", "fr"), or false.
func Get(code string) (*Lang, bool) {
	l, ok := must().langs[code]
	return l, ok
}

// English is the Default language.
func English() *Lang { l, _ := Get(Default); return l }

// Match is the catalog's language that serves a person best who asks for
// these, in order of preference: configuration values ("fr") or a
// browser's Accept-Language ("fr-CH, fr;q=0.9, en;q=0.8"). Nothing it has
// matches: Default.
func Match(prefs ...string) *Lang {
	s := must()
	var tags []language.Tag
	for _, p := range prefs {
		ts, _, err := language.ParseAcceptLanguage(p)
		if err == nil {
			tags = append(tags, ts...)
		}
	}
	if len(tags) == 0 {
		return s.langs[Default]
	}
	_, i, conf := s.matcher.Match(tags...)
	if conf == language.No {
		return s.langs[Default]
	}
	return s.langs[s.codes[i]]
}

// or is l, or English for a nil *Lang: every method of a Lang takes nil
// as English, so a caller given no language needs no case of its own.
func (l *Lang) or() *Lang {
	if l == nil {
		return English()
	}
	return l
}

// Code is the language's code, as its file is named.
func (l *Lang) Code() string { return l.or().code }

// Name is the language's name in itself ("English", "Français").
func (l *Lang) Name() string { return l.or().name }

// Has reports whether the language has a message of its own for key.
func (l *Lang) Has(key string) bool { _, ok := l.or().msgs[key]; return ok }

// Text is the message key with its parameters filled in: args are pairs
// of a parameter's name and its value ("name", "Ana", "wind", "East").
// An int is written as a number of the language. A key the language lacks
// is taken from Default; one Default lacks too comes back as the key
// itself in brackets, which TestEveryKeyIsUsed and the views' tests catch.
func (l *Lang) Text(key string, args ...any) string {
	l = l.or()
	msg, ok := l.msgs[key]
	if !ok {
		if msg, ok = English().msgs[key]; !ok {
			return "[" + key + "]"
		}
	}
	return l.fill(msg, args)
}

// Count is Text for a message that depends on a count n: the key's plural
// forms are key.one and key.other (by the language's plural rule: French
// says "1 main, 0 main, 2 mains"), and n is its parameter "n".
func (l *Lang) Count(key string, n int, args ...any) string {
	l = l.or()
	form := "other"
	if plural.Cardinal.MatchPlural(l.tag, n, 0, 0, 0, 0) == plural.One {
		form = "one"
	}
	return l.Text(key+"."+form, append([]any{"n", n}, args...)...)
}

// Number writes n as the language does: 36,000 or 36 000.
func (l *Lang) Number(n int) string {
	l = l.or()
	if n > -1000 && n < 1000 {
		return strconv.Itoa(n) // no separator in any language: the common case, made cheap
	}
	return message.NewPrinter(l.tag).Sprint(number.Decimal(n))
}

// Messages are the language's messages, Default's filling any it lacks:
// what a page is served so that it puts its own words together.
func (l *Lang) Messages() map[string]string {
	l = l.or()
	out := make(map[string]string, len(English().msgs))
	for k, v := range English().msgs {
		out[k] = v
	}
	for k, v := range l.msgs {
		out[k] = v
	}
	return out
}

func (l *Lang) fill(msg string, args []any) string {
	if !strings.Contains(msg, "{") {
		return msg
	}
	var b strings.Builder
	for {
		i := strings.IndexByte(msg, '{')
		if i < 0 {
			b.WriteString(msg)
			return b.String()
		}
		j := strings.IndexByte(msg[i:], '}')
		if j < 0 {
			b.WriteString(msg)
			return b.String()
		}
		b.WriteString(msg[:i])
		name := msg[i+1 : i+j]
		b.WriteString(l.arg(name, args))
		msg = msg[i+j+1:]
	}
}

func (l *Lang) arg(name string, args []any) string {
	for k := 0; k+1 < len(args); k += 2 {
		if args[k] != name {
			continue
		}
		switch v := args[k+1].(type) {
		case int:
			return l.Number(v)
		case string:
			return v
		default:
			return fmt.Sprint(v)
		}
	}
	return "{" + name + "}"
}

// Params are the parameter names a message uses, sorted.
func Params(msg string) []string {
	var out []string
	for {
		i := strings.IndexByte(msg, '{')
		if i < 0 {
			break
		}
		j := strings.IndexByte(msg[i:], '}')
		if j < 0 {
			break
		}
		out = append(out, msg[i+1:i+j])
		msg = msg[i+j+1:]
	}
	sort.Strings(out)
	return out
}

// Duration writes d as the language does: "1.5s", "250ms", "90m0s" in
// English (Go's own form, which logs and reasons have always used); "1,5
// s", "250 ms", "90 min" in French. Below a millisecond, and below zero,
// it is Go's form in every language.
func (l *Lang) Duration(d time.Duration) string {
	l = l.or()
	if d < time.Millisecond && d != 0 {
		return d.String()
	}
	if d < time.Second && d != 0 {
		return l.Text("duration.ms", "n", l.decimal(float64(d)/float64(time.Millisecond)))
	}
	h, m := int(d/time.Hour), int(d%time.Hour/time.Minute)
	rest := d % time.Minute
	s := l.decimal(rest.Seconds())
	switch {
	case h > 0 && rest == 0:
		return l.Text("duration.h_whole", "h", h, "m", m)
	case h > 0:
		return l.Text("duration.h", "h", h, "m", m, "s", s)
	case m > 0 && rest == 0:
		return l.Text("duration.min_whole", "m", m)
	case m > 0:
		return l.Text("duration.min", "m", m, "s", s)
	}
	return l.Text("duration.s", "s", s)
}

// decimal writes f with the fraction it has (up to nanoseconds) in the
// language's form: "1.5", "1,5".
func (l *Lang) decimal(f float64) string {
	l = l.or()
	return message.NewPrinter(l.tag).Sprint(number.Decimal(f, number.MaxFractionDigits(9)))
}

// DecimalMark is the mark between a number's whole part and its fraction
// in the language: "." in English, "," in French.
func (l *Lang) DecimalMark() string {
	l = l.or()
	s := l.decimal(0.5) // "0.5", "0,5"
	return strings.TrimSuffix(strings.TrimPrefix(s, "0"), "5")
}
