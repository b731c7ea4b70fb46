package scorer_test

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/payment"
	. "github.com/tabled/tabled/scorer"
	"github.com/tabled/tabled/tile"
)

// Profile is the hand rules of the named engine profile, as a table holds
// them: the one definition of each book (scorer.RCR2016, ...) composed
// into the engine's profile.
func Profile(name string) (Rules, bool) {
	p, err := engine.ProfileByName(name)
	if err != nil || p.Hand == nil {
		return Rules{}, false
	}
	return *p.Hand, true
}

// TestProfiles: every engine profile with score figures has hand rules,
// each valid, the book's own, and a profile hands out copies.
func TestProfiles(t *testing.T) {
	for _, name := range []string{"ema2016", "ema2008", "wrc2015"} {
		r, ok := Profile(name)
		if !ok {
			t.Fatalf("no hand rules for %s", name)
		}
		if _, ok := engine.ScoreFigures(name); !ok {
			t.Errorf("%s has hand rules but the engine has no score figures", name)
		}
		if err := r.Validate(); err != nil {
			t.Error(err)
		}
		for _, y := range r.Yaku {
			if y.Book == "" {
				t.Errorf("%s: yaku %s says no book", name, y.Name)
			}
		}
		if book := map[string]Rules{"ema2016": RCR2016, "ema2008": RCR2008, "wrc2015": WRC2015}[name]; book.Name != r.Name || len(book.Yaku) != len(r.Yaku) {
			t.Errorf("%s: the profile's hand rules are not the book's own (%s, %d yaku)", name, book.Name, len(book.Yaku))
		}
		r.Yaku[0].Closed = 99
		if again, _ := Profile(name); again.Yaku[0].Closed == 99 {
			t.Errorf("%s: Profile shares its table with the caller", name)
		}
	}
	if _, ok := Profile("ema1999"); ok {
		t.Error("Profile knows a book that is not there")
	}
}

// TestRulesValidate: a table the scorer cannot apply is refused.
func TestRulesValidate(t *testing.T) {
	for _, tc := range []struct {
		name string
		yaku []YakuRule
		fu   int
		want string
	}{
		{"unknown yaku", []YakuRule{{Name: "nagashi_mangan", Closed: 5}}, 4, "not a yaku"},
		{"dora is not a yaku", []YakuRule{{Name: "dora", Closed: 1}}, 4, "not a yaku"},
		{"twice", []YakuRule{{Name: "riichi", Closed: 1}, {Name: "riichi", Closed: 1}}, 4, "twice"},
		{"open more than closed", []YakuRule{{Name: "ittsu", Closed: 1, Open: 2}}, 4, "cannot be"},
		{"no han", []YakuRule{{Name: "ittsu"}}, 4, "cannot be"},
		{"double wind pair fu", nil, 6, "0..4 fu"},
	} {
		err := Rules{Name: "x", Yaku: tc.yaku, DoubleWindPairFu: tc.fu}.Validate()
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error with %q", tc.name, err, tc.want)
		}
	}
}

// TestRefusalsOfUnseenTiles: what a table may not have seen is refused
// with its code, not scored.
func TestRefusalsOfUnseenTiles(t *testing.T) {
	rules, _ := Profile("ema2016")
	pay, _ := engine.ScoreFigures("ema2016")
	good := func() Win {
		h := tiles("123m 456p 789s 55m 234s")
		return Win{Concealed: h, WinTile: h[13], SeatWind: tile.MustTile("2z"), RoundWind: tile.MustTile("1z")}
	}
	for _, tc := range []struct {
		name string
		edit func(*Win)
		code string
	}{
		{"an unseen concealed tile", func(w *Win) { w.Concealed[3] = tile.NoTile }, UnknownTile},
		{"no winning tile", func(w *Win) { w.WinTile = tile.NoTile }, UnknownTile},
		{"no seat wind", func(w *Win) { w.SeatWind = tile.NoTile }, UnknownTile},
		{"a dragon for a round wind", func(w *Win) { w.RoundWind = tile.MustTile("5z") }, UnknownTile},
		{"a meld without its tiles", func(w *Win) {
			w.Concealed = w.Concealed[3:]
			w.Melds = []Meld{{Kind: Pon, Tiles: []tile.Tile{tile.NoTile, tile.NoTile, tile.NoTile}}}
		}, BadMeld},
		{"an unknown meld kind", func(w *Win) {
			w.Concealed = w.Concealed[3:]
			w.Melds = []Meld{{Kind: 9, Tiles: tiles("123m")}}
		}, BadMeld},
		{"unknown rules", nil, UnknownYaku},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w, r := good(), rules
			if tc.edit != nil {
				tc.edit(&w)
			} else {
				r.Yaku = append(r.Yaku, YakuRule{Name: "open_riichi", Closed: 2})
			}
			_, err := Score(w, r, pay)
			var ref *Refusal
			if !errors.As(err, &ref) || ref.Code != tc.code {
				t.Fatalf("got %v, want refusal %s", err, tc.code)
			}
			if !strings.HasPrefix(err.Error(), "scorer: ") || ref.Reason == "" {
				t.Errorf("refusal %q lacks its reason", err)
			}
		})
	}
}

// TestRefusalReasons: a refusal names what is wrong and where.
func TestRefusalReasons(t *testing.T) {
	rules, _ := Profile("ema2016")
	pay, _ := engine.ScoreFigures("ema2016")
	for _, tc := range []struct {
		hand  string
		melds []Meld
		win   string
		want  string
	}{
		{"123m 456p 789s 55m 235s", nil, "5s", "the hand is not complete: 12355m 456p 235789s is not four sets and a pair"},
		{"234m 567p 88p 123s", []Meld{{Pon, tiles("999m")}}, "3s", "has no yaku"},
		{"234m 567p 88p 345s", []Meld{{Chii, tiles("135m")}}, "5s", "meld 1 (chii 135m): not three tiles in a row"},
		{"123m 456p 789s 55m 234s", nil, "6s", "the winning tile 6s is not among the concealed tiles"},
		{"11111m 234p 567p 88s 9s", nil, "9s", "5 tiles 1m"},
		{"123m 456p 789s 55m 23s", nil, "3s", "13 tiles with the melds"},
	} {
		h := tiles(tc.hand)
		w := Win{Concealed: h, Melds: tc.melds, WinTile: tile.MustTile(tc.win), SeatWind: tile.MustTile("2z"), RoundWind: tile.MustTile("1z")}
		_, err := Score(w, rules, pay)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.hand, err, tc.want)
		}
	}
}

// TestReason: the whole reason of one hand, as the score line shows it.
func TestReason(t *testing.T) {
	rules, _ := Profile("ema2016")
	pay, _ := engine.ScoreFigures("ema2016")
	h := tiles("234m 567p 88p 345s")
	w := Win{Concealed: h, WinTile: tile.MustTile("5s"), Melds: []Meld{{ClosedKan, tiles("9999m")}},
		SeatWind: tile.MustTile("1z"), RoundWind: tile.MustTile("1z"), Riichi: true, Tsumo: true,
		Rinshan: true, Indicators: tiles("1m 7p"), Ura: tiles("8m")}
	res, err := Score(w, rules, pay)
	if err != nil {
		t.Fatal(err)
	}
	want := Result{
		Value: payment.Value{Han: 10, Fu: 60},
		Limit: payment.Baiman,
		Han:   10, Fu: 60,
		Yaku:    []Yaku{{"menzen_tsumo", 1}, {"riichi", 1}, {"rinshan_kaihou", 1}, {"dora", 3}, {"ura_dora", 4}},
		FuParts: []FuPart{{Name: "base", Code: "base", Fu: 20}, {Name: "closed kong 9m", Code: "closed_kong", Tile: tile.MustTile("9m"), Fu: 32}, {Name: "tsumo", Code: "tsumo", Fu: 2}, {Name: "rounding", Code: "rounding", Fu: 6}},
		Shape:   "234m 567p 88p 345s [9999m]",
	}
	if !reflect.DeepEqual(res, want) {
		t.Errorf("got  %+v\nwant %+v", res, want)
	}
	b, err := json.Marshal(res.Yaku[:1])
	if err != nil || string(b) != `[{"name":"menzen_tsumo","han":1}]` {
		t.Errorf("yaku as JSON: %s, %v", b, err)
	}
}

// TestParseCase: the hand tables' lines are read as written, and a line
// that is wrong says why.
func TestParseCase(t *testing.T) {
	c, err := parseCase("x | 234m 567p 88p 345s | pon 222s, ckan 1111z | tsumo win 5s seat 3z round 2z riichi ippatsu last dora 1m 2m ura 3p rules wrc2015 aka 2 yakumans 2 | 3/30 tanyao:1 dora:2 +tsumo:2 =mangan @a_b")
	if err != nil {
		t.Fatal(err)
	}
	w := c.win
	if !w.Tsumo || w.WinTile != tile.MustTile("5s") || w.SeatWind != tile.MustTile("3z") || w.RoundWind != tile.MustTile("2z") ||
		!w.Riichi || !w.Ippatsu || !w.LastTile || len(w.Indicators) != 2 || len(w.Ura) != 1 || len(w.Melds) != 2 ||
		w.Melds[1].Kind != ClosedKan || c.rules.Name != "wrc2015" || c.pay.Aka != 2 || c.pay.MaxYakuman != 2 {
		t.Errorf("parsed %+v", c)
	}
	if c.value != "3/30" || len(c.yaku) != 2 || c.parts[0] != (FuPart{Name: "tsumo", Fu: 2}) || *c.limit != payment.Mangan || c.shape != "a b" {
		t.Errorf("expected part parsed as %+v", c)
	}
	for _, bad := range []string{
		"x | 123m | | |",
		"x | 123m | | | 1/30 | extra",
		" | 123m | | | 1/30",
		"x | 12 | | | 1/30",
		"x | 123m | pong 111z | | 1/30",
		"x | 123m | pon | | 1/30",
		"x | 123m | | sideways | 1/30",
		"x | 123m | | dora | 1/30",
		"x | 123m | | win 1m 2m | 1/30",
		"x | 123m | | rules ema1999 | 1/30",
		"x | 123m | | | 1/30 nagashi:5",
		"x | 123m | | | 1/30 +tsumo",
		"x | 123m | | | 1/30 =grand",
		"x | 123m | | | refused",
	} {
		if _, err := parseCase(bad); err == nil {
			t.Errorf("parseCase(%q) accepted a bad line", bad)
		}
	}
}
