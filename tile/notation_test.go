package tile

import (
	"errors"
	"testing"
)

// TestNotationErrorsHaveCodes: each error of the mpsz notation carries
// its code and what it names beside the English it has always had, so a
// view words it in its reader's language.
func TestNotationErrorsHaveCodes(t *testing.T) {
	one := func(s string) error { _, err := ParseTile(s); return err }
	hand := func(s string) error { _, err := ParseHandAtMost(s, 14); return err }
	for _, c := range []struct {
		err   error
		code  string
		text  string
		group int
		char  string
		en    string
	}{
		{one("44m"), NotationNotTile, "44m", 0, "", `tile: "44m" is not a tile (want mpsz like 3p, 7z or 0m)`},
		{one("4x"), NotationSuit, "4x", 0, "x", `tile: "4x" is not a tile: suit 'x' is not one of m, p, s, z`},
		{one("0z"), NotationRedHonour, "0z", 0, "", `tile: "0z" is not a tile: 0 (red five) needs m, p or s`},
		{one("8z"), NotationRank, "8z", 0, "", `tile: "8z" is not a tile: rank out of range`},
		{hand("23"), NotationNoSuit, "23", 1, "", `tile: group 1 "23" has no suit letter (m, p, s or z) after its ranks`},
		{hand("1m p"), NotationNoRanks, "p", 2, "", `tile: group 2 "p" has a suit letter but no ranks`},
		{hand("1m 89z"), NotationGroupTile, "89z", 2, "8z", `tile: group 2 "89z": 8z is not a tile`},
		{hand("1m x"), NotationChar, "", 2, "x", `tile: group 2: "x" is not a rank (0-9) or a suit letter (m, p, s, z)`},
		{hand(" "), NotationEmpty, " ", 0, "", `tile: " " holds no tiles`},
		{hand("111122223333444m"), NotationTooMany, "111122223333444m", 0, "", "tile: 15 tiles, more than a hand holds (14, the winning tile included)"},
	} {
		var ne *NotationError
		if !errors.As(c.err, &ne) || ne.Code != c.code || ne.Text != c.text || ne.Group != c.group || ne.Char != c.char || c.err.Error() != c.en {
			t.Errorf("%v: %+v, want %s %q group %d char %q", c.err, ne, c.code, c.text, c.group, c.char)
		}
	}
}
