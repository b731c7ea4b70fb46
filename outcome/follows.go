package outcome

import (
	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/engine"
)

// Follows says which book a rule profile follows, in l's words, for the
// start line and tabled doctor: "ema2016 follows the EMA Riichi
// Competition Rules 2016", "ema2016 suit les EMA Riichi Competition Rules
// 2016" (a book keeps its published title). English is
// engine.Profile.Follows, word for word.
func Follows(l *catalog.Lang, p engine.Profile) string {
	if p.Edition == "" {
		return l.Text("i33w.follows_none", "rules", p.Name)
	}
	return l.Text("i33w.follows", "rules", p.Name, "book", p.Edition)
}
