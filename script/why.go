package script

import (
	"errors"
	"strconv"
	"strings"

	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/outcome"
	"github.com/tabled/tabled/payment"
	"github.com/tabled/tabled/tile"
)

// whyOf is the error of a package below the script (a value payment
// cannot read, tiles the tile package cannot, a name the engine refuses)
// as a parameter of a refusal: its code in the reader's words, its
// English as it always read. An error without a code keeps its English.
func whyOf(err error) catalog.Worder {
	var (
		ve *payment.ValueError
		ne *tile.NotationError
		me *engine.NameError
	)
	switch {
	case errors.As(err, &ve):
		return faultWords(ve.Fault)
	case errors.As(err, &ne):
		return notationWhy(ne)
	case errors.As(err, &me):
		return outcome.NameRefusal(me)
	}
	return catalog.Refuse("i33.parse.as_is", "why", strings.TrimPrefix(err.Error(), "payment: "))
}

// faultWords is a value's fault that words itself.
type faultWords payment.Fault

// In is the fault in l's words.
func (f faultWords) In(l *catalog.Lang) string { return outcome.ValueFaultWords(l, payment.Fault(f)) }

// notationKeys are the catalog's words of the tile package's notation
// errors.
var notationKeys = map[string]string{
	tile.NotationNotTile:   "i33.tile.not_tile",
	tile.NotationSuit:      "i33.tile.suit",
	tile.NotationRedHonour: "i33.tile.red_honour",
	tile.NotationRank:      "i33.tile.rank",
	tile.NotationNoSuit:    "i33.tile.no_suit",
	tile.NotationNoRanks:   "i33.tile.no_ranks",
	tile.NotationGroupTile: "i33.tile.group_tile",
	tile.NotationChar:      "i33.tile.char",
	tile.NotationEmpty:     "i33.tile.empty",
	tile.NotationTooMany:   "i33.tile.too_many",
}

// notationWhy is a notation error as a refusal of the catalog; one of a
// code it has no words for keeps its English.
func notationWhy(e *tile.NotationError) catalog.Worder {
	key, ok := notationKeys[e.Code]
	if !ok {
		return catalog.Refuse("i33.parse.as_is", "why", e.Reason())
	}
	char := catalog.Quoted(e.Char)
	if e.Code == tile.NotationSuit && len(e.Char) == 1 {
		// The suit is a byte, which Go's %q quotes as a character: 'x'.
		q := strconv.QuoteRune(rune(e.Char[0]))
		char = q[1 : len(q)-1]
	}
	if e.Code == tile.NotationGroupTile {
		char = e.Char // written as it is: "0z"
	}
	return catalog.Refuse(key, "text", catalog.Quoted(e.Text), "group", e.Group, "char", char, "n", e.N, "m", e.M)
}
