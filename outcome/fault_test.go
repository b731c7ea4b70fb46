package outcome_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/enginetest"
	"github.com/tabled/tabled/outcome"
	"github.com/tabled/tabled/payment"
	"github.com/tabled/tabled/scorer"
)

// TestFaultWords: each sub-code of a refused hand reads in English as the
// scorer's or the engine's sentence always read (its Reason), and in
// French. The scorer's own table (scorer's TestRefusalWords) checks every
// refused hand of its tables the same way; these are the engine's
// refusals, and a scorer's with the melds the table recorded after it.
func TestFaultWords(t *testing.T) {
	fr := french(t)
	for _, tc := range []struct {
		f      scorer.Fault
		en, fr string
	}{
		{scorer.Fault{Code: engine.FaultNotWinner, Text: "W"},
			"West did not win this hand: only a winner's hand is scored",
			"le joueur Ouest n'a pas gagné cette main : seule la main d'un gagnant est comptée"},
		{scorer.Fault{Code: engine.FaultNotWinner},
			"no seat did not win this hand: only a winner's hand is scored",
			"aucun joueur n'est nommé : seule la main d'un gagnant est comptée"},
		{scorer.Fault{Code: engine.FaultNoHandRules},
			"these rules score no hands: enter the value as han and fu",
			"ces règles ne comptent pas les mains : entrez la valeur en han et fu"},
		{scorer.Fault{Code: engine.FaultTsumoWin},
			"name the drawn tile of the tsumo (win 5m)",
			"nommez la tuile piochée du tsumo (win 5m)"},
		{scorer.Fault{Code: engine.FaultWinOther, Text: "5m", Text2: "4s"},
			"the hand names 5m as its winning tile, but the win was on 4s",
			"la main nomme 5 caractères comme tuile gagnante, mais le gain était sur 4 bambous"},
		{scorer.Fault{Code: engine.FaultWinUnseen},
			"the table did not see the tile won on: name it (win 5m)",
			"la table n'a pas vu la tuile du gain : nommez-la (win 5m)"},
		{scorer.Fault{Code: engine.FaultMeldUnseen, Text: "pon"},
			"the table did not see the tile of a pon: enter the value as han and fu",
			"la table n'a pas vu la tuile d'un pung : entrez la valeur en han et fu"},
		{scorer.Fault{Code: engine.FaultChiiUnseen, Text: "3m"},
			"the table did not see the tiles of the chii on 3m: enter the value as han and fu",
			"la table n'a pas vu les tuiles du chow sur 3 caractères : entrez la valeur en han et fu"},
		{scorer.Fault{Code: scorer.FaultTileCount, N: 15, Melds: "pon 444z"},
			"15 tiles with the melds (a kong counts 3): a winning hand has 14 (with the pon 444z the table recorded: a meld the table recorded differently goes to the referee)",
			"15 tuiles avec les combinaisons (un kong compte pour 3) : une main gagnante en a 14 (avec les combinaisons pung de vent du Nord que la table a enregistrées : une combinaison enregistrée autrement va à l'arbitre)"},
		{scorer.Fault{Code: scorer.FaultMeldSize, Text: "closed kan", N: 4, M: 3, At: 2, AtKind: "closed kan", AtTiles: "111m"},
			"meld 2 (closed kan 111m): a closed kan shows 4 tiles, not 3",
			"combinaison 2 (kong fermé de 1 caractère) : un kong fermé montre 4 tuiles, pas 3"},
		{scorer.Fault{Code: scorer.FaultTileCount, N: 13, Melds: "pon 4z4z4z, chii 3s4s5s, closed kan 0m5m5m5m"},
			"13 tiles with the melds (a kong counts 3): a winning hand has 14 (with the pon 4z4z4z, chii 3s4s5s, closed kan 0m5m5m5m the table recorded: a meld the table recorded differently goes to the referee)",
			"13 tuiles avec les combinaisons (un kong compte pour 3) : une main gagnante en a 14 (avec les combinaisons pung de vent du Nord, chow de 3 à 5 bambous et kong fermé de 5 caractères que la table a enregistrées : une combinaison enregistrée autrement va à l'arbitre)"},
		{scorer.Fault{Code: scorer.FaultMeldSize, Text: "chii", N: 3, M: 2, At: 1, AtKind: "chii", AtTiles: "3s9s"},
			"meld 1 (chii 3s9s): a chii shows 3 tiles, not 2",
			"combinaison 1 (chow : 3 bambous et 9 bambous) : un chow montre 3 tuiles, pas 2"},
		{scorer.Fault{Code: scorer.FaultFive, N: 5, Text: "1z"},
			"5 tiles 1z between the hand, the melds and the indicators: a set has 4",
			"5 tuiles vent d'Est entre la main, les combinaisons et les indicateurs : le jeu en a 4"},
		{scorer.Fault{Code: scorer.FaultUnknownYaku, Text: "ema2016", Text2: "renhou"},
			`the rules ema2016 name a yaku "renhou" the scorer does not know`,
			"les règles ema2016 nomment un yaku « renhou » que le calcul ne connaît pas"},
		{scorer.Fault{Code: scorer.FaultNotComplete, Text: "234m 345678p 19s (pon 555z) (closed kan 0m5m5m5m)"},
			"the hand is not complete: 234m 345678p 19s (pon 555z) (closed kan 0m5m5m5m) is not four sets and a pair, seven pairs or thirteen orphans",
			"la main n'est pas complète : 234m 345678p 19s (pung 555z) (kong fermé 0m5m5m5m) n'est ni quatre combinaisons et une paire, ni sept paires, ni treize orphelins"},
		{scorer.Fault{Code: "no_such_code"}, "no_such_code", "no_such_code"},
	} {
		if got := outcome.FaultWords(catalog.English(), tc.f); got != tc.en {
			t.Errorf("%+v in English: %q, want %q", tc.f, got, tc.en)
		}
		if got := outcome.FaultWords(nil, tc.f); got != tc.en {
			t.Errorf("%+v without a language: %q, want the English %q", tc.f, got, tc.en)
		}
		if got := outcome.FaultWords(fr, tc.f); got != tc.fr {
			t.Errorf("%+v in French: %q, want %q", tc.f, got, tc.fr)
		}
	}
}

// TestHandRefusedInFrench: the engine refuses South's hand input one
// tile short after its ron (the 12 tiles laid, not the discard); the rejection reads in English as the
// engine's own sentence, and in French, also from its args as the claim
// log keeps them (JSON).
func TestHandRefusedInFrench(t *testing.T) {
	e := ronOnFourSouth(t)
	ev := engine.Event{At: 30 * time.Second, Seat: 1, Action: engine.Hand, Dealer: engine.NoSeat}
	for _, h := range strings.Fields("2m 3m 4m 4p 5p 6p 5z 5z 5z 2s 3s 9s") {
		ev.Hand = append(ev.Hand, engine.MustTile(h))
	}
	out, err := e.Apply(ev, nil)
	if err != nil {
		t.Fatal(err)
	}
	rej, logged := refusedWithFault(t, out, engine.CodeHandRefused)
	const en = "South's hand is refused: 12 tiles with the melds (a kong counts 3): a winning hand has 14"
	if want := "South's hand is refused: " + rej.Args.Fault; want != en {
		t.Errorf("the engine's own words %q, want %q", want, en)
	}
	fr := french(t)
	for _, tc := range []struct {
		l    *catalog.Lang
		a    engine.Args
		want string
	}{
		{catalog.English(), *rej.Args, en},
		{catalog.English(), logged, en},
		{fr, *rej.Args, "la main du joueur Sud est refusée : 12 tuiles avec les combinaisons (un kong compte pour 3) : une main gagnante en a 14"},
		{fr, logged, "la main du joueur Sud est refusée : 12 tuiles avec les combinaisons (un kong compte pour 3) : une main gagnante en a 14"},
	} {
		if got, ok := outcome.Reason(tc.l, engine.CodeHandRefused, tc.a); !ok || got != tc.want {
			t.Errorf("%s: %q, want %q", tc.l.Code(), got, tc.want)
		}
	}
}

// TestValueRefusedInFrench: after South's ron, the engine refuses South's
// value of 2 han 35 fu; the rejection's fault reads from its logged args
// in English as the rules' own sentence, and in French.
func TestValueRefusedInFrench(t *testing.T) {
	e := ronOnFourSouth(t)
	out, err := e.Apply(engine.Event{At: 30 * time.Second, Seat: 1, Action: engine.Value, Dealer: engine.NoSeat,
		Value: &engine.HandValue{Value: payment.Value{Han: 2, Fu: 35}, Pao: engine.NoSeat}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	rej, logged := refusedWithFault(t, out, engine.CodeBadValue)
	const enFault = "35 fu: fu are rounded up to 10 (only seven pairs has 25): did you mean 40?"
	if rej.Args.Fault != enFault {
		t.Errorf("the rules' own words %q, want %q", rej.Args.Fault, enFault)
	}
	en, ok := outcome.Reason(catalog.English(), engine.CodeBadValue, logged)
	if !ok || !strings.HasPrefix(en, "South's value cannot be: ") || !strings.HasSuffix(en, ": "+enFault) {
		t.Errorf("English %q, want South's value refused for %q", en, enFault)
	}
	got, ok := outcome.Reason(french(t), engine.CodeBadValue, logged)
	const frFault = "35 fu : les fu s'arrondissent à la dizaine supérieure (seules les sept paires ont 25) : vouliez-vous dire 40 ?"
	if !ok || !strings.HasPrefix(got, "la valeur du joueur Sud est impossible : ") || !strings.HasSuffix(got, " : "+frFault) {
		t.Errorf("French %q, want South's value refused for %q", got, frFault)
	}
}

// refusedWithFault is the outcome of code in out, which must carry its
// fault's arguments, and those arguments as the claim log keeps them
// (through JSON).
func refusedWithFault(t *testing.T, out []engine.Outcome, code engine.RuleCode) (*engine.Outcome, engine.Args) {
	t.Helper()
	var rej *engine.Outcome
	for i := range out {
		if out[i].Code == code {
			rej = &out[i]
		}
	}
	if rej == nil || rej.Args == nil || rej.Args.Refusal == nil {
		t.Fatalf("outcomes %+v, want %s with its fault", out, code)
	}
	b, err := json.Marshal(rej.Args)
	if err != nil {
		t.Fatal(err)
	}
	var logged engine.Args
	if err := json.Unmarshal(b, &logged); err != nil {
		t.Fatal(err)
	}
	return rej, logged
}

// ronOnFourSouth is an EMA 2016 game where South has won by ron on East's
// 4s, its value due.
func ronOnFourSouth(t *testing.T) *engine.Engine {
	return enginetest.Play(t, engine.EMA2016, "E discard 1z", "S discard 9p", "W discard 9m", "N discard 9m", "E discard 4s", "S ron")
}

// TestEngineRefusalsWords: the hands the engine refuses after South's
// ron on East's 4s (ScoreHand, what the hand picker previews and a hand
// input is refused by) read from the catalog exactly as the engine's
// English, and in French.
func TestEngineRefusalsWords(t *testing.T) {
	e := ronOnFourSouth(t)
	st := e.State()
	fr := french(t)
	for _, tc := range []struct {
		seat engine.Seat
		hand string
		win  string
		code string
	}{
		{2, "234m 456p 555z 23s 99s 4s", "", engine.FaultNotWinner},
		{1, "234m 456p 555z 23s 99s 5m", "5m", engine.FaultWinOther},
		{1, "234m 456p 555z 23s 9s", "", scorer.FaultTileCount},
		{1, "234m 456p 555z 23s 99s 1s 4s", "", scorer.FaultTileCount},
		{1, "234m 456p 557p 23s 99s 4s", "", scorer.FaultNotComplete},
		{1, "123m 456p 789p 23s 11z 4s", "", scorer.FaultNoYaku},
		{1, "234m 456p 555z 23s 99s", "1s", engine.FaultWinOther},
	} {
		var hand []engine.Tile
		for _, f := range strings.Fields(tc.hand) {
			for _, c := range f[:len(f)-1] {
				hand = append(hand, engine.MustTile(string(c)+f[len(f)-1:]))
			}
		}
		win := engine.NoTile
		if tc.win != "" {
			win = engine.MustTile(tc.win)
		}
		_, err := st.ScoreHand(tc.seat, hand, win)
		var he *engine.HandError
		if !errors.As(err, &he) || he.Fault.Code != tc.code {
			t.Errorf("%s: %v, want refused %s", tc.hand, err, tc.code)
			continue
		}
		if got := outcome.FaultWords(catalog.English(), he.Fault); got != he.Reason {
			t.Errorf("%s: the catalog says %q, the engine %q", tc.hand, got, he.Reason)
		}
		if got := outcome.FaultWords(fr, he.Fault); got == he.Reason || strings.ContainsAny(got, "[{") {
			t.Errorf("%s: French %q is not %q in French", tc.hand, got, he.Reason)
		}
	}
}

func french(t *testing.T) *catalog.Lang {
	t.Helper()
	fr, ok := catalog.Get("fr")
	if !ok {
		t.Fatal("no French catalog")
	}
	return fr
}

// TestValueFaultWords: every value the payment rules refuse reads from the
// catalog exactly as the rules' English sentence, and in French.
func TestValueFaultWords(t *testing.T) {
	fr := french(t)
	one := *engine.EMA2016.Score
	several := one
	several.MaxYakuman = 3
	for _, tc := range []struct {
		r     payment.Rules
		v     payment.Value
		tsumo bool
		code  string
		fr    string
	}{
		{one, payment.Value{Limit: 99}, false, payment.FaultUnknownLimit, "limite inconnue 99"},
		{one, payment.Value{Limit: payment.Mangan, Han: 5}, false, payment.FaultLimitAlone, "un mangan s'entre par son seul nom, sans han ni fu"},
		{one, payment.Value{Limit: payment.Haneman, Yakuman: 2}, false, payment.FaultSeveralLimit, "seul un yakuman peut compter plusieurs fois, pas un haneman"},
		{one, payment.Value{Limit: payment.Yakuman, Yakuman: 2}, false, payment.FaultSingleYakuman, "ces règles ne comptent qu'un seul yakuman : les yakuman ne se cumulent pas"},
		{several, payment.Value{Limit: payment.Yakuman, Yakuman: 4}, false, payment.FaultMaxYakuman, "ces règles comptent au plus 3 yakuman dans une main, pas 4"},
		{one, payment.Value{Han: 3, Fu: 40, Yakuman: 2}, false, payment.FaultSeveral, "seul un yakuman peut compter plusieurs fois"},
		{one, payment.Value{Fu: 30}, false, payment.FaultHanMin, "une main gagnante a au moins 1 han (un yaku), pas 0"},
		{one, payment.Value{Han: 100, Fu: 30}, false, payment.FaultHanMax, "100 han, c'est plus qu'aucune main ne peut en avoir"},
		{one, payment.Value{Han: 3, Fu: 10}, false, payment.FaultFuMin, "10 fu : toute main a au moins 20 fu"},
		{one, payment.Value{Han: 3, Fu: 120}, false, payment.FaultFuMax, "120 fu : aucune main n'a plus de 110 fu"},
		{one, payment.Value{Han: 1, Fu: 25}, true, payment.FaultSevenPairs, "25 fu, ce sont sept paires, qui valent au moins 2 han, pas 1"},
		{one, payment.Value{Han: 2, Fu: 35}, false, payment.FaultFuRound, "35 fu : les fu s'arrondissent à la dizaine supérieure (seules les sept paires ont 25) : vouliez-vous dire 40 ?"},
		{one, payment.Value{Han: 2, Fu: 20}, false, payment.FaultFu20Ron, "20 fu sur un ron : une main gagnée sur un écart a au moins 30 fu (un pinfu sur ron en a 30)"},
		{one, payment.Value{Han: 1, Fu: 20}, true, payment.FaultFu20OneHan, "1 han 20 fu : seul un pinfu en tsumo a 20 fu, et il vaut au moins 2 han (pinfu et tsumo)"},
		{one, payment.Value{Han: 14}, false, payment.FaultCountedTooHigh, "plus de 13 han s'entre par le nom de sa limite (sanbaiman ici), sans compter : une faute de frappe ?"},
	} {
		err := tc.r.CheckEntered(tc.v, tc.tsumo)
		var ve *payment.ValueError
		if !errors.As(err, &ve) || ve.Fault.Code != tc.code {
			t.Errorf("%+v: %v, want refused %s", tc.v, err, tc.code)
			continue
		}
		if got := outcome.ValueFaultWords(catalog.English(), ve.Fault); got != ve.Reason {
			t.Errorf("%+v: the catalog says %q, the rules %q", tc.v, got, ve.Reason)
		}
		if got := outcome.ValueFaultWords(fr, ve.Fault); got != tc.fr {
			t.Errorf("%+v in French: %q, want %q", tc.v, got, tc.fr)
		}
	}
}
