package catalog

import (
	"errors"
	"strconv"
	"time"
)

// Refusal is why something a person typed or configured was refused, as
// a message of the catalog and its parameters, without words: a parser
// returns it, and the view that shows it words it in its reader's
// language (In); Error is its English, for logs, JSON and errors wrapped
// on the way. Args are pairs of a parameter's name and its value, as
// Text takes them; a value that words itself in a language (a Worder, a
// Refusal among them: "value: {why}") is worded in the same language.
type Refusal struct {
	Key  string
	Args []any
}

// Worder is a parameter that has words of its own in each language: a
// nested refusal, a tile said as a player says it.
type Worder interface {
	In(l *Lang) string
}

// Refuse is the refusal key with args (pairs, as Text takes them).
func Refuse(key string, args ...any) *Refusal { return &Refusal{Key: key, Args: args} }

// Error is the refusal in English, as logs and JSON keep it.
func (r *Refusal) Error() string { return r.In(English()) }

// In is the refusal in l's words (nil: English). English keeps the forms
// of Go's own printing its sentences always had (4096, 1m0s), so a log or
// a test that compares them reads the same; another language writes
// numbers and durations in its own form.
func (r *Refusal) In(l *Lang) string {
	l = l.or()
	args := make([]any, len(r.Args))
	copy(args, r.Args)
	for i := 1; i < len(args); i += 2 {
		switch v := args[i].(type) {
		case Worder:
			args[i] = v.In(l)
		case time.Duration:
			if l.code == Default {
				args[i] = v.String()
			} else {
				args[i] = l.Duration(v)
			}
		case int:
			if l.code == Default {
				args[i] = strconv.Itoa(v)
			}
		}
	}
	return l.Text(r.Key, args...)
}

// Quoted is s as Go quotes it (%q) without its quotes: a typed word as a
// message shows it inside its own quotation marks ("{word}" in English,
// « {word} » in French), a control character escaped.
func Quoted(s string) string {
	q := strconv.Quote(s)
	return q[1 : len(q)-1]
}

// ErrorIn is err in l's words: the first error in its chain that words
// itself (a Refusal, an error that keeps one) in l's words, else err's
// own text. A prefix an error wrapped it in on the way ("config: ...")
// is not kept: the caller that shows it says where it comes from.
func ErrorIn(l *Lang, err error) string {
	var w Worder
	if errors.As(err, &w) {
		return w.In(l)
	}
	return err.Error()
}
