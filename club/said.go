package club

import (
	"github.com/tabled/tabled/catalog"
)

// Said is a warning of the console's own (a message held as suspicious,
// a link refused, a client id taken, a table too many, a tournament's
// alert) by its catalog key ([console.warn]) and parameters, so that a
// view puts it in its reader's language (TablesIn) and the English view
// keeps the text it has always had. A parameter may itself be a Said,
// worded in the same language.
type Said struct {
	Key  string
	Args []any
}

// say is the Said of key with parameters args: pairs of a name and a
// value, as catalog.Lang.Text takes them. Numbers the console counts or
// that a table sent (sequence numbers) are passed as strings, written as
// Go writes them, in every language: they are identifiers to compare
// with a log, not amounts.
func say(key string, args ...any) Said { return Said{Key: key, Args: args} }

// In is the warning in l's words (nil: English).
func (s Said) In(l *catalog.Lang) string {
	args := make([]any, len(s.Args))
	for i, a := range s.Args {
		if inner, ok := a.(Said); ok {
			a = inner.In(l)
		}
		args[i] = a
	}
	return l.Text(s.Key, args...)
}

// String is the warning in English, the console's text for every
// surface with no reader's language (OnAlert, the JSON's Text).
func (s Said) String() string { return s.In(nil) }
