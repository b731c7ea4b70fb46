package web

import (
	"encoding/json"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/payment"
)

// TestGameView: what the page offers is the rules packages' own lists:
// the 34 kinds and a red five per suit only under a book with red fives
// (ema2008, not ema2016), the fu a value may name, the limits, a seat's
// buttons.
func TestGameView(t *testing.T) {
	for _, c := range []struct {
		profile string
		tiles   int
		red     bool
	}{
		{"ema2016", 34, false},
		{"ema2008", 37, true},
	} {
		p, err := engine.ProfileByName(c.profile)
		if err != nil {
			t.Fatal(err)
		}
		s := New(Config{Profile: p})
		w := httptest.NewRecorder()
		s.mux.ServeHTTP(w, httptest.NewRequest("GET", "/api/game", nil))
		var v GameView
		if err := json.Unmarshal(w.Body.Bytes(), &v); err != nil {
			t.Fatalf("%s: %v: %s", c.profile, err, w.Body)
		}
		all := strings.Join(v.Tiles, " ")
		if len(v.Tiles) != c.tiles || strings.Contains(all, "0") != c.red {
			t.Errorf("%s: tiles %v, want %d (red fives %v)", c.profile, v.Tiles, c.tiles, c.red)
		}
		if !strings.HasPrefix(all, "1m 2m") || !strings.HasSuffix(all, "6z 7z") {
			t.Errorf("%s: tiles %v, want the suits in order, then the honours", c.profile, v.Tiles)
		}
		if c.red && !strings.Contains(all, "9m 0m 1p") {
			t.Errorf("%s: tiles %v, want a suit's red five after its nine", c.profile, v.Tiles)
		}
		if !slices.Equal(v.Fu, payment.FuCounts()) || strings.Join(v.Limits, " ") != "mangan haneman baiman sanbaiman yakuman" ||
			strings.Join(v.Actions, " ") != "discard chii pon kan ron tsumo riichi cancel" || strings.Join(v.Winds, "") != "ESWN" {
			t.Errorf("%s: %+v", c.profile, v)
		}
	}
}
