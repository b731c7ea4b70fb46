package terminal

import (
	"errors"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/script"
)

// TestInLetters: a seat named in any language of the catalog by its wind
// (letter or name, any case), by its physical seat as the status page
// numbers it, or by its player's name becomes the command language's
// letter for that seat in this hand; other words are left as typed.
func TestInLetters(t *testing.T) {
	// Seat 1 deals: seat 1 is East, seat 2 South, seat 3 West, seat 0 North.
	st := engine.State{Dealer: 1, Names: engine.Names{"Ana", "", "Ana Maria", "Bo"}}
	for _, c := range []struct{ in, want, err string }{
		{in: "O discard 3p", want: "W discard 3p"},
		{in: "Ouest pon", want: "W pon"},
		{in: "ouest\tpon", want: "W pon"},
		{in: "est tsumo", want: "E tsumo"},
		{in: "Sud ron", want: "S ron"},
		{in: "nord riichi", want: "N riichi"},
		{in: "W pon", want: "W pon"},
		{in: "west pon", want: "W pon"},
		{in: "  n discard 1z", want: "N discard 1z"},
		{in: "E name Chloé", want: "E name Chloé"},
		{in: "newhand", want: "newhand"},
		{in: "help", want: "help"},
		{in: "", want: ""},
		{in: "Oest pon", want: "Oest pon"},
		{in: "seat 0 pon", want: "N pon"},
		{in: "Seat 1 discard 3p", want: "E discard 3p"},
		{in: "siège 3 ron", want: "W ron"},
		{in: "seat 4 pon", err: `"seat 4" is not a seat: the seats are 0 to 3`},
		{in: "seat two pon", err: `"seat two" is not a seat`},
		{in: "ana pon", want: "N pon"},
		{in: "Ana Maria pon", want: "S pon"},
		{in: "BO discard 5m", want: "W discard 5m"},
		{in: "Anabel pon", want: "Anabel pon"},
		{in: "Ana name Anabel", want: "N name Anabel"},
	} {
		got, err := inLetters(c.in, st)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("inLetters(%q) = %q, %v; want the error %q", c.in, got, err, c.err)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("inLetters(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
	fr, _ := catalog.Get("fr")
	if _, err := inLetters("siège 9 pon", st); err == nil || !strings.Contains(catalog.ErrorIn(fr, err), "n'est pas un siège") {
		t.Errorf("a seat that is not, in French: %v", err)
	}
}

// TestHelpInEveryLanguage: the help lists every command in each language
// of the catalog, its every example is a line the terminal takes, and
// every "hand" example is a whole hand (fourteen tiles with no call), its
// winning tile one of them.
func TestHelpInEveryLanguage(t *testing.T) {
	example := regexp.MustCompile(`"([^"]+)"|« ([^»]+) »`)
	st := engine.State{Names: engine.Names{"Ana"}}
	for _, code := range catalog.Codes() {
		lang, _ := catalog.Get(code)
		help := Help(lang)
		for _, cmd := range []string{"newhand", "dora", "ura", "value", "hand", "chombo", "name", "time", "help", script.SeatActions} {
			if !strings.Contains(help, cmd) {
				t.Errorf("%s: the help leaves out %q:\n%s", code, cmd, help)
			}
		}
		hands := 0
		for _, m := range example.FindAllStringSubmatch(help, -1) {
			ex := m[1] + m[2]
			if strings.Contains(ex, "[") || strings.HasPrefix(ex, "seat ") && len(ex) == len("seat 0") || strings.HasPrefix(ex, "siège ") && len([]rune(ex)) == len("siege 0") || ex == "newhand" {
				continue // a form to fill ("yakuman [N]"), a seat alone, a command named
			}
			line, err := inLetters(ex, st)
			if err != nil {
				t.Errorf("%s: example %q: %v", code, ex, err)
				continue
			}
			step, err := script.ParseCommand(line)
			if err != nil {
				t.Errorf("%s: example %q is not taken: %v", code, ex, err)
				continue
			}
			if !strings.Contains(ex, " hand ") {
				continue
			}
			hands++
			if len(step.Hand) != engine.MaxHandTiles {
				t.Errorf("%s: %q: %d tiles, a hand without calls has %d", code, ex, len(step.Hand), engine.MaxHandTiles)
			}
			if step.Tile.Known() && !slices.Contains(step.Hand, step.Tile) {
				t.Errorf("%s: %q: the winning tile %s is not among the tiles", code, ex, step.Tile)
			}
		}
		if hands < 2 {
			t.Errorf("%s: %d hand examples in the help, want a ron and a tsumo", code, hands)
		}
	}
}

// TestNowNamesTheSeats: what each seat may press, by its wind this hand
// in the language's letters, with its player and physical seat where it
// has a player.
func TestNowNamesTheSeats(t *testing.T) {
	st := engine.State{Dealer: 1, Names: engine.Names{"", "", "Ana", ""}}
	st.Can[2] = []engine.Action{engine.Pon, engine.Ron}
	fr, _ := catalog.Get("fr")
	for _, c := range []struct {
		lang *catalog.Lang
		want string
	}{
		{catalog.English(), "now:\n  E  nothing\n  S  pon, ron  (Ana, seat 2)\n  W  nothing\n  N  nothing\n"},
		{fr, "maintenant :\n  E  rien\n  S  pon, ron  (Ana, siège 2)\n  O  rien\n  N  rien\n"},
	} {
		if got := Now(c.lang, st); got != c.want {
			t.Errorf("%s:\n%s\nwant\n%s", c.lang.Code(), got, c.want)
		}
	}
}

// FuzzInLetters: any typed line, with any names at the seats, is either
// refused in words or comes back unchanged or as a wind letter and what
// followed the seat; it never panics.
func FuzzInLetters(f *testing.F) {
	for _, s := range []string{"Ana pon", "seat 2 ron", "siège 9 pon", "O discard 3p", "  ", "seat", "Ana Maria", "é pon"} {
		f.Add(s, "Ana", "Ana Maria")
	}
	f.Fuzz(func(t *testing.T, line, a, b string) {
		st := engine.State{Dealer: 3, Names: engine.Names{a, "", b, ""}}
		got, err := inLetters(line, st)
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("%q: an error without words", line)
			}
			return
		}
		if got == line {
			return
		}
		if len(got) < 2 || !strings.Contains("ESWN", got[:1]) || got[1] != ' ' {
			t.Fatalf("%q became %q: not a wind letter and the rest", line, got)
		}
	})
}

// TestUnknownSeat: a line whose first word names no seat says so with
// every way a seat is named (the players' names among them); a line the
// language refuses for another reason keeps the language's reason.
func TestUnknownSeat(t *testing.T) {
	fr, _ := catalog.Get("fr")
	named := engine.State{Names: engine.Names{"Ana", "", "Bo", ""}}
	for _, c := range []struct {
		line string
		st   engine.State
		lang *catalog.Lang
		want string
	}{
		{"Xavier pon", named, catalog.English(), `"Xavier" names no seat: a seat is its wind this hand (E, S, W, N), its player (Ana, Bo) or "seat 0" to "seat 3"; "help" lists the commands`},
		{"Xavier pon", engine.State{}, catalog.English(), `"Xavier" names no seat: a seat is its wind this hand (E, S, W, N) or "seat 0" to "seat 3"`},
		{"Xavier pon", named, fr, `« Xavier » ne désigne aucun siège : un siège se nomme par son vent dans cette main (E, S, O, N), son joueur (Ana, Bo)`},
		{"W pong", named, catalog.English(), "the language's reason"},
		{"dora 4x", named, catalog.English(), "the language's reason"},
	} {
		got := unknownSeat(c.line, c.st, c.lang, errors.New("the language's reason"))
		if !strings.Contains(got, c.want) {
			t.Errorf("%s %q: %q, want %q", c.lang.Code(), c.line, got, c.want)
		}
	}
}
