package tile

import "fmt"

// NotationError is why text is not tiles in mpsz notation, as a code and
// what it names, for a view to word in its reader's language (package
// script's refusals, from the catalog); Error is its English.
type NotationError struct {
	// Code is one of the Notation codes.
	Code string
	// Text is the tile or the group as written; Group the group's number
	// in a hand (1 the first, 0 for a tile alone); Char the character or
	// the tile at fault within it.
	Text  string
	Group int
	Char  string
	// N is how many tiles a hand held, M the most it may (NotationTooMany).
	N, M int
	// reason is the English, without the package's prefix.
	reason string
}

func (e *NotationError) Error() string { return "tile: " + e.reason }

// Reason is the English without the package's prefix: the caller says
// where the tiles were written.
func (e *NotationError) Reason() string { return e.reason }

// The codes of a NotationError.
const (
	NotationNotTile   = "not_tile"   // Text is not two characters, a rank and a suit
	NotationSuit      = "suit"       // Text's suit Char is not m, p, s or z
	NotationRedHonour = "red_honour" // Text is a red five of honours
	NotationRank      = "rank"       // Text's rank is out of range
	NotationNoSuit    = "no_suit"    // group Group's ranks Text have no suit letter
	NotationNoRanks   = "no_ranks"   // group Group is a suit letter Text alone
	NotationGroupTile = "group_tile" // in group Group (Text), Char is not a tile
	NotationChar      = "char"       // in group Group, Char is neither a rank nor a suit
	NotationEmpty     = "empty"      // Text holds no tiles
	NotationTooMany   = "too_many"   // N tiles, more than M
)

// notation is a NotationError whose English is format and a.
func notation(code, text string, group int, char, format string, a ...any) error {
	return &NotationError{Code: code, Text: text, Group: group, Char: char, reason: fmt.Sprintf(format, a...)}
}

// ParseHandAtMost is ParseHand of a hand that holds at most max tiles.
func ParseHandAtMost(s string, max int) ([]Tile, error) {
	ts, err := ParseHand(s)
	if err == nil && len(ts) > max {
		e := notation(NotationTooMany, s, 0, "", "%d tiles, more than a hand holds (%d, the winning tile included)", len(ts), max).(*NotationError)
		e.N, e.M = len(ts), max
		return nil, e
	}
	return ts, err
}
