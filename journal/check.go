package journal

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tabled/tabled/alert"
	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/table"
)

// FilterError is a filter field holding a value no record can have: the
// field by its name (kind, type, seat, source, hand, at), the value as
// given, and what the field accepts.
type FilterError struct {
	Field, Value string
	Accepts      string
	// List is what the field accepts when it is a list of values.
	List []string
}

func (e *FilterError) Error() string {
	return fmt.Sprintf("%s %q is not %s", e.Field, e.Value, e.Accepts)
}

// In is the error in l's words (tabled log --lang): the field by its
// flag's name, the value as given, what the field accepts.
func (e *FilterError) In(l *catalog.Lang) string {
	key := map[string]string{"hand": "i33.filter.hand", "seat": "i33.filter.seat", "at": "i33.filter.at"}[e.Field]
	if e.List != nil {
		key = "i33.filter.one_of"
	}
	if key == "" {
		return e.Error()
	}
	return l.Text(key, "field", e.Field, "value", catalog.Quoted(e.Value), "list", strings.Join(e.List, ", "))
}

// Kinds are the kinds of record.
var Kinds = []string{claimlog.KindInput, claimlog.KindOutcome, claimlog.KindVoid, claimlog.KindNote}

// Sources are the sources of a record: an input's (engine.SourceNames),
// or the table itself for outcomes, voids and notes.
var Sources = append(engine.SourceNames(), "table")

// Types are the types a record can have: an input's action, an outcome's
// kind, a void, and the kinds of note (a session, a restart, a revision,
// the writer's repairs and damage, a refused input, the hardware's and the
// log's notes), sorted.
var Types = func() []string {
	t := append(engine.ActionNames(), engine.KindNames()...)
	t = append(t, claimlog.KindVoid, claimlog.TypeSession, claimlog.TypeRestart, TypeRevision,
		claimlog.TypeRepair, claimlog.TypeDamage, table.NoteRefused)
	t = append(t, alert.Kinds()...)
	slices.Sort(t)
	return slices.Compact(t)
}()

// Seats are the seats a record names, by wind letter.
var Seats = []string{"E", "S", "W", "N"}

// CheckFilter reports the first field of f that holds a value no record
// can have (a misspelt kind, an unknown type or source, a seat that is not
// a wind letter), as a *FilterError naming what the field accepts: such a
// filter would pass nothing and look like an empty log.
func CheckFilter(f claimlog.Filter) error {
	for _, c := range []struct {
		field, value string
		accepted     []string
	}{
		{"kind", f.Kind, Kinds},
		{"type", f.Type, Types},
		{"seat", f.Seat, Seats},
		{"source", f.Source, Sources},
	} {
		if c.value != "" && !slices.Contains(c.accepted, c.value) {
			return &FilterError{Field: c.field, Value: c.value, Accepts: "one of " + strings.Join(c.accepted, ", "), List: c.accepted}
		}
	}
	if f.Hand < 0 {
		return &FilterError{Field: "hand", Value: fmt.Sprint(f.Hand), Accepts: "a hand number: 1, 2, ..."}
	}
	return nil
}
