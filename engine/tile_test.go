package engine

import "testing"

// TestRuleWindsFollowDealer: "wind = (physical seat - dealer seat) mod 4",
// and turns go counter-clockwise 0 -> 1 -> 2 -> 3 -> 0.
func TestRuleWindsFollowDealer(t *testing.T) {
	for dealer := Seat(0); dealer < 4; dealer++ {
		for s := Seat(0); s < 4; s++ {
			w := s.Wind(dealer)
			if int(w) != (int(s)-int(dealer)+4)%4 || w.Seat(dealer) != s {
				t.Errorf("seat %d dealer %d: wind %v", s, dealer, w)
			}
		}
	}
	if Seat(3).Next() != 0 || Seat(0).Next() != 1 {
		t.Error("turn order is not 0 -> 1 -> 2 -> 3 -> 0")
	}
}
