package logtext

import (
	"context"
	"io"

	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/journal"
	"github.com/tabled/tabled/logrow"
	"github.com/tabled/tabled/mjai"
)

// A Format prints the records of the claim log in dir that pass o.Filter
// to w in one format, reports each damage, and returns how many records
// passed. Write is the text; the others are exports.
type Format func(ctx context.Context, w io.Writer, dir string, o Options, report func(claimlog.Damage)) (matched int, err error)

// Formats are tabled log's --format choices, by name.
var Formats = map[string]Format{
	"text": Write,
	"csv":  Export(logrow.WriteCSV),
	"json": Export(claimlog.WriteJSON),
	"mjai": Export(mjai.FromLog),
	// results read the whole log whatever the filters: a game's result
	// needs every hand and the players' names.
	"results": Export(func(w io.Writer, dir string, _ claimlog.Filter) error { return journal.WriteResults(w, dir) }),
}

// Export is the Format of an export, which reads past damage silently: a
// second reading counts the records and names the damage. o.Follow and
// o.Lang do not apply to an export.
func Export(export func(io.Writer, string, claimlog.Filter) error) Format {
	return func(_ context.Context, w io.Writer, dir string, o Options, report func(claimlog.Damage)) (int, error) {
		if err := export(w, dir, o.Filter); err != nil {
			return 0, err
		}
		matched := 0
		err := claimlog.Scan(dir, o.Filter, func(claimlog.Record) error { matched++; return nil }, report)
		return matched, err
	}
}
