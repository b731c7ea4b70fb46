package outcome

import (
	"testing"

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
	} {
		if got := Compare(c.logged, c.replayed); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}
