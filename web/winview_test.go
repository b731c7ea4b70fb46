package web

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/tabled/tabled/display/displaytest"
	"github.com/tabled/tabled/engine"
)

// TestWinView: a winner's seat says how it won (the picker presets a
// ron's discard, asks a tsumo for its drawn tile), and once the hand is
// settled from its tiles, every tablet gets the hand, its yaku and fu and
// its value; a value entered as han and fu has no hand to show.
func TestWinView(t *testing.T) {
	ronDue := "@0ms dora 1s\n+0ms E discard 5z\n+300ms S pon 5z 5z\n+1s S discard 9p\n+4s W discard 3m\n+200ms S ron"
	for _, tt := range []struct {
		name, script string
		seat         int
		want         string // the seat's win as JSON
	}{
		{"ron due", ronDue, 1, `{"tsumo":false,"on":"3m"}`},
		{"ron settled", ronDue + "\n+2s S hand 123m 456p 789s 55s", 1,
			`{"tsumo":false,"on":"3m","scored":{"hand":["1m","2m","3m","4p","5p","6p","7s","8s","9s","5s","5s"],"win":"3m","melds":[["5z","5z","5z"]],` +
				`"yaku":[{"name":"haku","han":1}],"fu":[{"name":"base","code":"base","fu":20},`},
		{"value entered", ronDue + "\n+2s S value 1 30", 1, `{"tsumo":false,"on":"3m"}`},
		{"tsumo settled", displaytest.Named(t, "tsumo_hand_settled").Script, 1, `{"tsumo":true,"scored":{"hand":["2m","3m","4m","4p","5p","6p","7s","8s","9s","1s","2s","3s","5z","5z"],"win":"1s",`},
		{"no winner", "@0ms dora 1s\n+0ms E discard 5z", 1, `null`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			st, _, _ := displaytest.Play(t, displaytest.Scene{Name: tt.name, Script: tt.script, At: 4 * time.Second})
			v := stateView(st, 0, engine.EMA2016, nil)
			b, _ := json.Marshal(v.Seats[tt.seat].Win)
			if !strings.HasPrefix(string(b), tt.want) {
				t.Errorf("win %s\nwant %s…", b, tt.want)
			}
			for s, sv := range v.Seats {
				if s != tt.seat && sv.Win != nil {
					t.Errorf("seat %d, no winner, has a win %+v", s, sv.Win)
				}
			}
		})
	}
	st, _, _ := displaytest.Play(t, displaytest.Named(t, "tsumo_hand_settled"))
	v := stateView(st, 0, engine.EMA2016, nil)
	if sc := v.Seats[1].Win.Scored; sc.Value != "5 han 30 fu" || sc.Points != 8000 || len(sc.Yaku) != 5 || len(sc.Fu) == 0 {
		t.Errorf("scored %+v", sc)
	}
	// The picker offers red fives only in a set that has them.
	if v.Aka != engine.EMA2016.Score.Aka {
		t.Errorf("aka %d, the profile's %d", v.Aka, engine.EMA2016.Score.Aka)
	}
	p, _ := engine.ProfileByName("ema2016")
	p.Score.Aka = 3
	if v := stateView(st, 0, p, nil); v.Aka != 3 {
		t.Errorf("aka %d with three red fives", v.Aka)
	}
}
