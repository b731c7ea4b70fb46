package outcome

import "github.com/tabled/tabled/engine"

// State is the scenario contract's closing "state" line: the wall, the
// kongs, the dora indicators, the seats in riichi (wind letters, East
// first) and whose turn it is (nil once the hand is over).
type State struct {
	Type       string   `json:"type"`
	At         MS       `json:"at_ms"`
	Wall       int      `json:"wall"`
	Kongs      int      `json:"kongs"`
	Indicators []string `json:"indicators"`
	Riichi     []string `json:"riichi"`
	Turn       *string  `json:"turn"`
}

// StateOf is the engine's state as the closing line.
func StateOf(st engine.State) State {
	s := State{Type: "state", At: MS(st.Now), Wall: st.Wall, Kongs: st.Kongs, Indicators: tiles(st.Indicators), Riichi: []string{}}
	for w := engine.East; w <= engine.North; w++ {
		if st.Riichi[w.Seat(st.Dealer)] {
			s.Riichi = append(s.Riichi, w.Letter())
		}
	}
	if st.Turn.Valid() && !st.Ended {
		l := letter(st.Turn, st.Dealer)
		s.Turn = &l
	}
	return s
}

// Marshal is the line's JSON (no newline, no HTML escaping).
func (s State) Marshal() ([]byte, error) { return marshal(s) }
