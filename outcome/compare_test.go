package outcome

import (
	"strings"
	"testing"

	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/engine"
)

// TestCompare: a replayed record against the logged one: the same words,
// other words for the same decision, another decision; a record logged
// before codes were logged is compared without them.
func TestCompare(t *testing.T) {
	logged := Of(outcomes()[0])
	reword := func(r Record) Record {
		r.Reason = "PON South wins over CHII West"
		r.Lost = []SeatCall{r.Lost[0]}
		r.Lost[0].Why = "pon wins over chii"
		return r
	}
	otherSeat := func(r Record) Record { r.Won = []SeatCall{{Seat: "N", Call: "pon"}}; return r }
	otherCode := func(r Record) Record { r.Code = engine.CodeOnlyClaim; return r }
	otherLostCode := func(r Record) Record {
		r.Lost = []SeatCall{r.Lost[0]}
		r.Lost[0].Code = engine.CodeFirstCall
		return r
	}
	noReferee := func(r Record) Record { r.Referee = ""; return r }
	for _, c := range []struct {
		name             string
		logged, replayed Record
		want             Match
	}{
		{"same", logged, logged, Same},
		{"reworded", logged, reword(logged), Reworded},
		{"another winner", logged, otherSeat(logged), Differs},
		{"another rule", logged, otherCode(logged), Differs},
		{"another rule for the loser", logged, otherLostCode(logged), Differs},
		{"the referee no longer asked", logged, noReferee(logged), Differs},
		{"logged before codes", logged.Contract(), logged, Same},
		{"logged before codes, reworded", logged.Contract(), reword(logged), Reworded},
		{"logged before codes, another winner", logged.Contract(), otherSeat(logged), Differs},
		{"another time", Of(outcomes()[1]), func() Record { r := Of(outcomes()[1]); r.At++; return r }(), Differs},
		{"a game end logged before it kept its penalties", gameEnd(nil), gameEnd(ByWind{"S": 20000}), Same},
		{"a game end with another penalty", gameEnd(ByWind{"S": 20000}), gameEnd(ByWind{"W": 20000}), Differs},
	} {
		if got := Compare(c.logged, c.replayed); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

// gameEnd is a game's end record with penalty.
func gameEnd(penalty ByWind) Record {
	return Record{Type: TypeGameEnd, Code: engine.CodeGameEnd, Scores: ByWind{"E": 29000, "S": 30000, "W": 31000, "N": 30000}, Penalty: penalty,
		Standings: []Standing{{Seat: 0, Wind: "E", Place: 4, Points: 29000, Result: -36000}}, Reason: "time"}
}

// TestGameEndSaysItsPenalty: a game's end names the seat whose result
// holds a penalty, in each language.
func TestGameEndSaysItsPenalty(t *testing.T) {
	r := gameEnd(ByWind{"E": 20000})
	for lang, want := range map[string]string{
		"en": "East's result includes a penalty of -20000 (a chombo)",
		"fr": "le résultat de Est comprend une pénalité de -20000 (un chombo)",
	} {
		l, _ := catalog.Get(lang)
		if got := In(l).GameEnd(r); !strings.Contains(got, want) {
			t.Errorf("%s: %q, want it to say %q", lang, got, want)
		}
	}
	if got := GameEnd(gameEnd(nil)); strings.Contains(got, "penalty") {
		t.Errorf("a game end with no penalty says %q", got)
	}
}
