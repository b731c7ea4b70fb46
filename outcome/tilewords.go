package outcome

import (
	"strings"

	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/tile"
)

// Tiles and melds inside a reason, in the reader's words. English keeps
// the mpsz codes its reasons have always been written in ("pon 4z4z4z",
// "CHII 5p 6p"): they are the claim log's and every JSON contract's
// English, byte for byte. Another language says a tile as a player says
// it ([tile]: "5 cercles", "vent d'Est") and a meld by its kind and its
// tiles ("pung de vent d'Est", "chow de 3 à 5 bambous"). A whole hand
// stays in mpsz in every language: it is how the hand was typed, and
// fourteen tiles in words would bury the fault.

// TileIn is tile t as a reason in l names it: its code in English, its
// words in another language.
func TileIn(l *catalog.Lang, t tile.Tile) string {
	if l.Code() == catalog.Default || !t.Known() {
		return t.String()
	}
	return TileWords(l, t)
}

// tileCodeIn is a tile written in mpsz ("5m") as TileIn says it; text
// that is not one tile is returned as it is.
func tileCodeIn(l *catalog.Lang, code string) string {
	t, err := tile.ParseTile(code)
	if err != nil || l.Code() == catalog.Default {
		return code
	}
	return TileWords(l, t)
}

// TilesIn are tiles as a reason in l lists them: "5p 6p" in English,
// "5 cercles et 6 cercles" in another language.
func TilesIn(l *catalog.Lang, ts []tile.Tile) string {
	words := make([]string, len(ts))
	for i, t := range ts {
		words[i] = TileIn(l, t)
	}
	if l.Code() == catalog.Default {
		return strings.Join(words, " ")
	}
	return andList(l, words)
}

// andList is "a, b and c" in l's words.
func andList(l *catalog.Lang, words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return l.Text("list.and", "first", strings.Join(words[:len(words)-1], ", "), "last", words[len(words)-1])
}

// meldIn is a meld of kind ("pon", "closed kan") and tiles in mpsz
// ("4z4z4z", "345s") as a reason in l says it: "pon 4z4z4z" in English;
// in another language its kind's word and its tiles' ("pung de vent
// d'Est", "chow de 3 à 5 bambous"), or its tiles one by one when they
// make no group (the fault may be just that).
func meldIn(l *catalog.Lang, kind, tiles string) string {
	ts, err := tile.ParseHand(tiles)
	if l.Code() == catalog.Default || err != nil {
		return strings.TrimSpace(kind + " " + tiles)
	}
	k := meldKindWord(l, kind)
	first, last := ts[0], ts[len(ts)-1]
	same, run := true, len(ts) == 3
	for i, t := range ts {
		same = same && t.SameKind(first)
		run = run && t.Suit() == first.Suit() && t.Suit() != tile.Honor && t.Rank() == first.Rank()+i
	}
	switch {
	case same:
		for _, t := range ts {
			if !t.Red() {
				first = t // a kong of fives with a red one is a kong of fives
			}
		}
		return l.Text("i33.meld.same", "kind", k, "tile", TileWords(l, first))
	case run:
		return l.Text("i33.meld.run", "kind", k, "from", first.Rank(), "to", TileWords(l, last))
	}
	return l.Text("i33.meld.tiles", "kind", k, "tiles", TilesIn(l, ts))
}

// meldsIn are the melds a table recorded, as engine's HandError keeps
// them ("pon 4z4z4z, chii 3s4s5s"), as a reason in l says them.
func meldsIn(l *catalog.Lang, melds string) string {
	if l.Code() == catalog.Default {
		return melds
	}
	parts := strings.Split(melds, ", ")
	for i, m := range parts {
		if j := strings.LastIndexByte(m, ' '); j > 0 {
			parts[i] = meldIn(l, m[:j], m[j+1:])
		}
	}
	return andList(l, parts)
}

// handIn is a scored hand as the log writes it ("234m 456p 99s win 5p,
// pon 5z5z5z, closed kan 0m5m5m5m") in l's words, its tiles in mpsz as
// in English: "234m 456p 99s victoire 5p, pung 5z5z5z, kong fermé
// 0m5m5m5m". English is the hand as logged.
func handIn(l *catalog.Lang, hand string) string {
	if l.Code() == catalog.Default {
		return hand
	}
	parts := strings.Split(hand, ", ")
	parts[0] = strings.Replace(parts[0], " win ", " "+l.Text("log.win")+" ", 1)
	for i, m := range parts[1:] {
		if j := strings.LastIndexByte(m, ' '); j > 0 {
			parts[i+1] = meldKindWord(l, m[:j]) + m[j:]
		}
	}
	return strings.Join(parts, ", ")
}
