package scorer_test

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/payment"
	. "github.com/tabled/tabled/scorer"
	"github.com/tabled/tabled/tile"
)

// A case is one line of testdata/*.txt:
//
//	name | concealed | melds | situation | expected
//
// concealed is a hand in grouped mpsz ("123m 456p 55z"); melds are
// comma-separated "pon 555z", "chii 345p", "kan 1111m" (open), "ckan
// 9999s" (closed); the situation is words: tsumo (else a ron), win 4s
// (else the last tile written), seat 2z and round 1z (the defaults),
// riichi, double, ippatsu, last, rinshan, chankan, first, dora <tiles>,
// ura <tiles>, rules <profile> (ema2016 unless said), aka <n> (red fives
// in the set, else the profile's), yakumans <n> (how many yakuman count,
// else the profile's). expected is "refused <code>", or the
// value and reason: "H/F" (han and fu counted) or a limit by name
// ("yakuman", "yakuman*2", "mangan" for a limit yaku), then every yaku as
// name:han in order, then optional checks: "+fu_part_name:fu" (a fu part
// that must be there, spaces as _), "=limit" (the limit reached),
// "@shape" (the reading, spaces as _).
type testCase struct {
	line, name string
	win        Win
	rules      Rules
	pay        payment.Rules
	refused    string
	value      string
	yaku       []Yaku
	parts      []FuPart
	limit      *payment.Limit
	shape      string
}

// parseCase reads one line of the hand tables.
func parseCase(line string) (testCase, error) {
	c := testCase{line: line}
	f := strings.Split(line, "|")
	if len(f) != 5 {
		return c, fmt.Errorf("want 5 fields separated by |, got %d", len(f))
	}
	for i := range f {
		f[i] = strings.TrimSpace(f[i])
	}
	c.name = f[0]
	if c.name == "" {
		return c, fmt.Errorf("a case needs a name")
	}
	hand, err := tile.ParseHand(f[1])
	if err != nil {
		return c, err
	}
	c.win = Win{Concealed: hand, WinTile: hand[len(hand)-1], SeatWind: tile.MustTile("2z"), RoundWind: tile.MustTile("1z")}
	if c.win.Melds, err = parseMelds(f[2]); err != nil {
		return c, err
	}
	profile, aka, yakumans, err := parseSituation(&c.win, f[3])
	if err != nil {
		return c, err
	}
	var ok bool
	if c.rules, ok = Profile(profile); !ok {
		return c, fmt.Errorf("no rules %q", profile)
	}
	if c.pay, ok = engine.ScoreFigures(profile); !ok {
		return c, fmt.Errorf("no score figures %q", profile)
	}
	if aka >= 0 {
		c.pay.Aka = aka
	}
	if yakumans > 0 {
		c.pay.MaxYakuman = yakumans
	}
	return c, parseExpected(&c, f[4])
}

// parseMelds reads the melds field: "pon 555p, ckan 7777s".
func parseMelds(field string) ([]Meld, error) {
	var melds []Meld
	if field == "" {
		return nil, nil
	}
	for _, m := range strings.Split(field, ",") {
		kind, tiles, ok := strings.Cut(strings.TrimSpace(m), " ")
		if !ok {
			return nil, fmt.Errorf("meld %q: want a kind and its tiles", m)
		}
		k, ok := map[string]MeldKind{"chii": Chii, "pon": Pon, "kan": OpenKan, "ckan": ClosedKan}[kind]
		if !ok {
			return nil, fmt.Errorf("meld %q: kind %q is not chii, pon, kan or ckan", m, kind)
		}
		ts, err := tile.ParseHand(tiles)
		if err != nil {
			return nil, fmt.Errorf("meld %q: %w", m, err)
		}
		melds = append(melds, Meld{Kind: k, Tiles: ts})
	}
	return melds, nil
}

// parseSituation reads the situation field into win: flags ("tsumo",
// "riichi", ...), tiles ("win 3p", "dora 1m"), and the rules, the red
// fives and the yakuman count to score under (-1 and 0: the profile's).
func parseSituation(win *Win, field string) (profile string, aka, yakumans int, err error) {
	profile, aka = "ema2016", -1
	words := strings.Fields(field)
	for i := 0; i < len(words); i++ {
		w := words[i]
		// next are the words after w up to the next keyword.
		next := func() []string {
			var out []string
			for i+1 < len(words) && !situationWords[words[i+1]] {
				i++
				out = append(out, words[i])
			}
			return out
		}
		tiles := func() ([]tile.Tile, error) {
			var ts []tile.Tile
			for _, s := range next() {
				t, err := tile.ParseTile(s)
				if err != nil {
					return nil, err
				}
				ts = append(ts, t)
			}
			if len(ts) == 0 {
				return nil, fmt.Errorf("%s needs tiles", w)
			}
			return ts, nil
		}
		var err error
		var ts []tile.Tile
		flags := map[string]*bool{"tsumo": &win.Tsumo, "riichi": &win.Riichi, "ippatsu": &win.Ippatsu,
			"last": &win.LastTile, "rinshan": &win.Rinshan, "chankan": &win.Chankan, "first": &win.FirstTurn}
		if flag, ok := flags[w]; ok {
			*flag = true
			continue
		}
		switch w {
		case "ron":
			win.Tsumo = false
		case "double":
			win.Riichi, win.DoubleRiichi = true, true
		case "win", "seat", "round":
			if ts, err = tiles(); err == nil {
				if len(ts) != 1 {
					return "", 0, 0, fmt.Errorf("%s takes one tile", w)
				}
				switch w {
				case "win":
					win.WinTile = ts[0]
				case "seat":
					win.SeatWind = ts[0]
				default:
					win.RoundWind = ts[0]
				}
			}
		case "dora":
			win.Indicators, err = tiles()
		case "ura":
			win.Ura, err = tiles()
		case "rules":
			v := next()
			if len(v) != 1 {
				return "", 0, 0, fmt.Errorf("rules takes a profile name")
			}
			profile = v[0]
		case "yakumans":
			v := next()
			if len(v) != 1 {
				return "", 0, 0, fmt.Errorf("yakumans takes a number")
			}
			yakumans, err = strconv.Atoi(v[0])
		case "aka":
			v := next()
			if len(v) != 1 {
				return "", 0, 0, fmt.Errorf("aka takes a number")
			}
			aka, err = strconv.Atoi(v[0])
		default:
			return "", 0, 0, fmt.Errorf("situation word %q is not known", w)
		}
		if err != nil {
			return "", 0, 0, fmt.Errorf("situation %q: %w", w, err)
		}
	}
	return profile, aka, yakumans, nil
}

// parseExpected reads the expected field into c: "refused code", or the
// value then its yaku (name:han), fu parts (+name:fu), limit (=name) and
// shape (@shape).
func parseExpected(c *testCase, field string) error {
	exp := strings.Fields(field)
	if len(exp) == 0 {
		return fmt.Errorf("no expected result")
	}
	if exp[0] == "refused" {
		if len(exp) != 2 {
			return fmt.Errorf("refused takes a code")
		}
		c.refused = exp[1]
		return nil
	}
	c.value = exp[0]
	for _, e := range exp[1:] {
		switch e[0] {
		case '+':
			name, fu, ok := strings.Cut(e[1:], ":")
			n, err := strconv.Atoi(fu)
			if !ok || err != nil {
				return fmt.Errorf("fu part %q: want +name:fu", e)
			}
			c.parts = append(c.parts, FuPart{Name: strings.ReplaceAll(name, "_", " "), Fu: n})
		case '=':
			l, err := payment.ParseLimit(e[1:])
			if err != nil {
				return err
			}
			c.limit = &l
		case '@':
			c.shape = strings.ReplaceAll(e[1:], "_", " ")
		default:
			name, han, ok := strings.Cut(e, ":")
			n, err := strconv.Atoi(han)
			if !ok || err != nil || !known(name) {
				return fmt.Errorf("yaku %q: want a known name:han", e)
			}
			c.yaku = append(c.yaku, Yaku{name, n})
		}
	}
	return nil
}

// situationWords are the keywords of the situation field.
var situationWords = map[string]bool{
	"tsumo": true, "ron": true, "riichi": true, "double": true, "ippatsu": true, "last": true,
	"rinshan": true, "chankan": true, "first": true, "win": true, "seat": true, "round": true,
	"dora": true, "ura": true, "rules": true, "aka": true, "yakumans": true,
}

// valueWord is a result's value as the tables write it.
func valueWord(r Result) string {
	switch {
	case r.Value.Limit == payment.Yakuman && r.Value.Yakuman > 1:
		return fmt.Sprintf("yakuman*%d", r.Value.Yakuman)
	case r.Value.Limit != payment.NoLimit:
		return r.Value.Limit.String()
	}
	return fmt.Sprintf("%d/%d", r.Value.Han, r.Value.Fu)
}

// known reports a name in Names.
func known(name string) bool {
	for _, n := range Names {
		if n == name {
			return true
		}
	}
	return false
}
