package terminal

import (
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/engine"
)

// winds are the winds East to North, as the catalog keys them (wind.E).
var winds = [...]engine.Wind{engine.East, engine.South, engine.West, engine.North}

// inLetters is line with the seat it starts with, named as a person names
// it, written as the command language's wind letter for that seat in
// this hand (st.Dealer): a wind in any language of the catalog, by letter
// or name ("O", "Ouest", "west"); a physical seat as the status page
// numbers it ("seat 2", "siège 2"); or a player's name (st.Names, any
// case). A wind comes first, so the letters mean what the scenario
// scripts say they mean. A line that starts with none of these is
// unchanged; a seat number that is not 0 to 3 is a refusal of the catalog.
func inLetters(line string, st engine.State) (string, error) {
	body := strings.TrimLeftFunc(line, unicode.IsSpace)
	first, rest := cut(body)
	if first == "" {
		return line, nil
	}
	if letter, ok := catalog.WindLetter(first); ok {
		return letter + " " + rest, nil
	}
	for _, code := range catalog.Codes() {
		l, _ := catalog.Get(code)
		if !strings.EqualFold(first, l.Text("terminal.seat")) {
			continue
		}
		num, after := cut(rest)
		n, err := strconv.Atoi(num)
		if err != nil || !engine.Seat(n).Valid() {
			return "", catalog.Refuse("terminal.no_seat", "seat", num)
		}
		return engine.Seat(n).Wind(st.Dealer).Letter() + " " + after, nil
	}
	// The longest name first: "Ana Maria" before "Ana".
	best, seat := 0, engine.Seat(-1)
	for s, name := range st.Names {
		if name == "" || len(name) <= best || len(body) < len(name) || !strings.EqualFold(body[:len(name)], name) {
			continue
		}
		if len(body) == len(name) || unicode.IsSpace(rune(body[len(name)])) {
			best, seat = len(name), engine.Seat(s)
		}
	}
	if seat.Valid() {
		return seat.Wind(st.Dealer).Letter() + " " + strings.TrimLeftFunc(body[best:], unicode.IsSpace), nil
	}
	return line, nil
}

// cut is s's first word and what follows it, past the spaces between.
func cut(s string) (first, rest string) {
	i := strings.IndexFunc(s, unicode.IsSpace)
	if i < 0 {
		return s, ""
	}
	return s[:i], strings.TrimLeftFunc(s[i:], unicode.IsSpace)
}

// tableWords are the commands that name no seat: the scenario language's
// table lines and the terminal's help.
var tableWords = []string{"dora", "ura", "newhand", "time", "help", "?"}

// unknownSeat is why the command language refused line (err): when its
// first word is neither a seat's letter nor a table command, that word
// names no seat, said with every way a seat is named at the terminal
// (the players' names among them); else err in lang's words.
func unknownSeat(line string, st engine.State, lang *catalog.Lang, err error) string {
	first, _ := cut(strings.TrimLeftFunc(line, unicode.IsSpace))
	if first == "" || slices.Contains(tableWords, strings.ToLower(first)) || (len(first) == 1 && strings.Contains("ESWN", strings.ToUpper(first))) {
		return catalog.ErrorIn(lang, err)
	}
	var names []string
	for _, n := range st.Names {
		if n != "" {
			names = append(names, n)
		}
	}
	if len(names) == 0 {
		return lang.Text("terminal.unknown_seat", "word", first)
	}
	return lang.Text("terminal.unknown_seat_names", "word", first, "names", strings.Join(names, ", "))
}
