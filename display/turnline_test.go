package display

import (
	"testing"

	"github.com/tabled/tabled/engine"
)

// TestTurnLineAtTheGamesEnd: once the game is over the panel's turn line
// says so, rather than that a deal is coming.
func TestTurnLineAtTheGamesEnd(t *testing.T) {
	for _, c := range []struct {
		st   engine.State
		want string
	}{
		{engine.State{Ended: true, Turn: engine.NoSeat}, "hand over: waiting for the next deal"},
		{engine.State{Ended: true, Turn: engine.NoSeat, GameOver: true}, "game over: the standings are final"},
	} {
		if got := In(nil).turnLine(c.st); got != c.want {
			t.Errorf("turnLine = %q, want %q", got, c.want)
		}
	}
}
