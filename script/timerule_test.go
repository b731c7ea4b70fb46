package script_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/script"
)

// The round's time rule (engine/timerule.go): one scenario per sentence of
// the books (RCR 2016 5.9, WRC 2015 8.2) and per choice the table makes
// where they are silent, each quoting it in its comment. Those named for a
// book run under it; the others run under every profile (below).
func init() {
	ruleCases = append(ruleCases, []struct {
		name, rule string
		want       []string
	}{
		{"time-one-more-hand-rcr2016", "RCR 2016 5.9: at the signal the hand in play is finished and one more hand is played",
			[]string{`"type":"score","at_ms":18500`, `"type":"deal","at_ms":23500,"round_wind":"E","hand":2`, `"type":"score","at_ms":39000`, `"type":"game_end","at_ms":39000`, `"reason":"time"}`}},
		{"time-one-more-hand-2008", "RCR 2008/2012 (not read; as RCR 2016 5.9): the hand in play is finished and one more hand is played",
			[]string{`"type":"deal","at_ms":23500,"round_wind":"E","hand":2`, `"type":"game_end","at_ms":39000`, `"reason":"time"}`}},
		{"time-current-hand-finished-wrc2015", "WRC 2015 8.2: when the time ends, players must finish the current hand",
			[]string{`"type":"score","at_ms":18500`, `"type":"game_end","at_ms":18500`, `"reason":"time"}`, `"turn":null`}},
		{"time-between-hands-ends-at-once-wrc2015", "WRC 2015 8.2: if the walls are not set up or the dice not thrown when the time ends, the hanchan ends immediately",
			[]string{`"type":"score","at_ms":18500`, `"type":"game_end","at_ms":23500`, `"reason":"time"}`, `"type":"deal","at_ms":28500,"round_wind":"E","hand":1,"honba":0`}},
		{"time-between-hands-next-is-last-rcr2016", "RCR 2016 5.9 between hands (the book is silent): the next hand is the one more hand",
			[]string{`"type":"deal","at_ms":28500,"round_wind":"E","hand":2`, `"type":"game_end","at_ms":44000`, `"reason":"time"}`}},
		{"time-chombo-last-hand-not-redealt-wrc2015", "WRC 2015 8.2: in case of chonbo during the last hand, the hand is not re-dealt",
			[]string{`"result":"chombo","chombo":"W"`, `"type":"game_end","at_ms":10000`, `{"seat":2,"wind":"W","place":1,"points":30000,"result":-20000}`, `"reason":"time"}`}},
		{"time-dealer-repeat-is-a-hand", "A dealer's repeat after the signal is a hand played: it counts against the hands after the signal",
			[]string{`"type":"deal","at_ms":19500,"round_wind":"E","hand":1,"honba":1`, `"winners":["E"]`, `"type":"game_end","at_ms":35000`, `"reason":"time"}`}},
		{"time-game-ends-by-itself-first", "RCR 2016 3.5: a game that ends by itself after the signal ends as it would have without it",
			[]string{`"type":"game_end","at_ms":18500`, `"reason":"south4"}`}},
		{"time-in-last-hand-dealer-repeat", "RCR 2016 5.9 in South 4: East's repeat is the one more hand, and the game ends by the time rule",
			[]string{`"type":"deal","at_ms":19500,"round_wind":"S","hand":4,"honba":1`, `"type":"game_end","at_ms":35000`, `"reason":"time"}`}},
		{"time-after-time-header", "The tournament sets the hands played after the one in play (after_time)",
			[]string{`"hand":2`, `"result":"draw"`, `"hand":3`, `"type":"game_end","at_ms":44000`, `"reason":"time"}`}},
		{"time-signal-once", "The round's time is up once; a signal after the game's end is refused; the next game is a new round's",
			[]string{`"rejected","at_ms":2000,"seat":null,"call":"time","reason":"the time is already up: 1 hand is left to play"`, `"type":"game_end","at_ms":18500`, `"reason":"time"}`,
				`"rejected","at_ms":19500,"seat":null,"call":"time","reason":"the game is over`, `"type":"deal","at_ms":24500,"round_wind":"E","hand":1`}},
		{"confirm-result-after-game-end", "Each player confirms the ended game's result at its seat, once",
			[]string{`"rejected","at_ms":2000,"seat":"W","call":"confirm","reason":"the game is not over`, `"type":"game_end"`,
				`{"type":"confirmed","at_ms":20500,"seat":"S","physical_seat":1,"player":0,"name":"Bo","reason":"Bo (South) confirms the game's result"}`,
				`"rejected","at_ms":21500,"seat":"S","call":"confirm","reason":"this seat has confirmed the result already"`,
				`{"type":"confirmed","at_ms":22500,"seat":"E","physical_seat":0,"player":0,"name":"","reason":"East confirms the game's result"}`}},
	}...)
}

// TestTimeRuleUnderEveryProfile: the time rule's choices that no book
// differs on (a repeat is a hand, a game that ends by itself, the last
// hand's repeat, the tournament's number, one signal) decide the same under
// every profile: each scenario sets after_time, and its golden output is
// every profile's.
func TestTimeRuleUnderEveryProfile(t *testing.T) {
	for _, name := range []string{"time-dealer-repeat-is-a-hand", "time-game-ends-by-itself-first", "time-in-last-hand-dealer-repeat", "time-after-time-header", "time-signal-once", "confirm-result-after-game-end"} {
		path := filepath.Join("testdata", "rules", name+".tbl")
		want, err := os.ReadFile(strings.TrimSuffix(path, ".tbl") + ".jsonl")
		if err != nil {
			t.Fatal(err)
		}
		f, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, prof := range engine.ProfileNames() {
			t.Run(name+"/"+prof, func(t *testing.T) {
				s, err := script.Parse(strings.NewReader("rules " + prof + "\n" + string(f)))
				if err != nil {
					t.Fatal(err)
				}
				var b bytes.Buffer
				if err := script.WriteJSON(s, &b); err != nil {
					t.Fatal(err)
				}
				if b.String() != string(want) {
					t.Errorf("under %s:\n%s\nwant (%s):\n%s", prof, b.String(), path, want)
				}
			})
		}
	}
}

// TestTimeHeaderAndAction: the header's and the action's errors name the
// line and what is wrong.
func TestTimeHeaderAndAction(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"after_time 17\n@0ms time\n", "line 1: after_time \"17\" is not a number of hands 0..16"},
		{"after_time x\n", "line 1: after_time \"x\" is not a number of hands 0..16"},
		{"after_time 1 2\n", "line 1: header \"after_time\" takes 1 value(s), got 2"},
		{"@0ms time\nafter_time 1\n", "line 2: header \"after_time\" must come before the first timed line"},
		{"@0ms time now\n", "line 1: time takes nothing"},
		{"@0ms E time\n", "line 1: unknown action \"time\""},
	} {
		_, err := script.Parse(strings.NewReader(tc.src))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: got %v, want %q", tc.src, err, tc.want)
		}
	}
}
