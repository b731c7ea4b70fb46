package web

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/tabled/tabled/display/displaytest"
	"github.com/tabled/tabled/engine"
)

// TestStateViewScore: the page's state gives each seat's points, player
// and change once the hand is settled, the values due before, and the
// standings at the game's end; the picker's limits and yakuman count
// come from the profile.
func TestStateViewScore(t *testing.T) {
	hand := "@0ms N name Ana\n+0ms dora 3p\n+1s E discard 1z\n+3s S discard 5m\n+100ms N ron"
	for _, tt := range []struct {
		name, script string
		want         string // seat by seat (0 is East): points/delta/due/player
		over         bool
	}{
		{"value due", hand, "30000/-// 30000/-// 30000/-// 30000/-/due/Ana", false},
		{"settled", hand + "\n+2s N value 3 40", "30000/0// 24800/-5200// 30000/0// 35200/5200//Ana", false},
		{"next hand", hand + "\n+2s N value 3 40\n+1s newhand", "30000/-// 24800/-// 30000/-// 35200/-//Ana", false},
		{"game end", "round S4\n" + hand + "\n+2s N value 3 40", "30000/0// 24800/-5200// 30000/0// 35200/5200//Ana", true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			st, _, _ := displaytest.Play(t, displaytest.Scene{Name: tt.name, Script: tt.script, At: 4 * time.Second})
			v := stateView(st, 0, engine.EMA2016, nil)
			var got []string
			for _, s := range v.Seats {
				d := "-"
				if s.Delta != nil {
					d = fmt.Sprint(*s.Delta)
				}
				due := ""
				if s.ValueDue {
					due = "due"
				}
				got = append(got, fmt.Sprintf("%d/%s/%s/%s", s.Points, d, due, s.Player))
			}
			if g := strings.Join(got, " "); g != tt.want {
				t.Errorf("seats %s, want %s", g, tt.want)
			}
			if !v.Scoring || v.GameOver != tt.over || (len(v.Standings) == 4) != tt.over {
				t.Errorf("scoring %v, game over %v with %d standings, want over %v", v.Scoring, v.GameOver, len(v.Standings), tt.over)
			}
			if strings.Join(v.Limits, " ") != "mangan haneman baiman sanbaiman yakuman" || v.MaxYakuman < 1 {
				t.Errorf("limits %v, max yakuman %d", v.Limits, v.MaxYakuman)
			}
		})
	}
}

// TestStateViewLaid: the tiles a winner has laid on its seat's reader,
// of how many, are on its win for the page; none for the other seats.
func TestStateViewLaid(t *testing.T) {
	sc := displaytest.Scene{Name: "laid", Script: "@0ms dora 3p\n+1s E discard 1z\n+3s S discard 5m\n+100ms N ron", At: time.Second}
	st, _, _ := displaytest.Laid(t, sc, 3, "3m", "4m")
	v := stateView(st, 0, engine.EMA2016, nil)
	w := v.Seats[3].Win
	if w == nil || strings.Join(w.Laid, " ") != "3m 4m" || w.LayCount != 13 {
		t.Fatalf("North's win %+v, want 3m 4m laid of 13", w)
	}
	for s := range 3 {
		if v.Seats[s].Win != nil {
			t.Errorf("seat %d has a win %+v", s, v.Seats[s].Win)
		}
	}
}
