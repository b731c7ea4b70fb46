package tile

import (
	"sort"
	"strings"
)

// ParseHand parses a hand in grouped mpsz notation: runs of ranks each
// closed by its suit letter, "234m 456p 789s 5p 55z", with "0" for a red
// five ("0m"). Whitespace between groups is optional ("234m456p" is the
// same hand). The tiles come back in the order written. An error names the
// group that is wrong and why.
func ParseHand(s string) ([]Tile, error) {
	var hand []Tile
	group := 0
	ranks := make([]byte, 0, 14)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			if len(ranks) > 0 {
				return nil, notation(NotationNoSuit, string(ranks), group+1, "", "group %d %q has no suit letter (m, p, s or z) after its ranks", group+1, string(ranks))
			}
		case c >= '0' && c <= '9':
			ranks = append(ranks, c)
		case c == 'm' || c == 'p' || c == 's' || c == 'z':
			group++
			if len(ranks) == 0 {
				return nil, notation(NotationNoRanks, string(c), group, "", "group %d %q has a suit letter but no ranks", group, string(c))
			}
			for _, r := range ranks {
				t, err := ParseTile(string([]byte{r, c}))
				if err != nil {
					return nil, notation(NotationGroupTile, string(ranks)+string(c), group, string([]byte{r, c}), "group %d %q: %c%c is not a tile", group, string(ranks)+string(c), r, c)
				}
				hand = append(hand, t)
			}
			ranks = ranks[:0]
		default:
			return nil, notation(NotationChar, "", group+1, string(rune(c)), "group %d: %q is not a rank (0-9) or a suit letter (m, p, s, z)", group+1, string(rune(c)))
		}
	}
	if len(ranks) > 0 {
		return nil, notation(NotationNoSuit, string(ranks), group+1, "", "group %d %q has no suit letter (m, p, s or z) after its ranks", group+1, string(ranks))
	}
	if len(hand) == 0 {
		return nil, notation(NotationEmpty, s, 0, "", "%q holds no tiles", s)
	}
	return hand, nil
}

// Format writes tiles in grouped mpsz notation, the inverse of ParseHand:
// one group per suit in mpsz order, sorted by rank (a red five just before
// its ordinary fives), groups separated by a space. NoTile is written "?"
// in a group of its own, last.
func Format(tiles []Tile) string {
	sorted := append([]Tile(nil), tiles...)
	sort.SliceStable(sorted, func(i, j int) bool { return less(sorted[i], sorted[j]) })
	var b strings.Builder
	for i, t := range sorted {
		if !t.Known() {
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.WriteByte('?')
			continue
		}
		if i > 0 && sorted[i-1].Known() && sorted[i-1].Suit() != t.Suit() {
			b.WriteByte(sorted[i-1].Suit().Letter())
			b.WriteByte(' ')
		}
		b.WriteByte(t.String()[0])
		if i == len(sorted)-1 || !sorted[i+1].Known() {
			b.WriteByte(t.Suit().Letter())
		}
	}
	return b.String()
}

// less orders tiles by kind, a red five before the ordinary ones, NoTile last.
func less(a, b Tile) bool {
	if a.Known() != b.Known() {
		return a.Known()
	}
	if a.Kind() != b.Kind() {
		return a.Kind() < b.Kind()
	}
	return a.Red() && !b.Red()
}
