package engine

import "fmt"

// Seat is a physical position at the table, 0..3, counter-clockwise. A seat
// keeps its number for the whole session; its wind changes with the dealer.
type Seat int8

// NoSeat marks the absence of a seat (a dora read, a referee action).
const NoSeat Seat = -1

// Wind is a seat wind: East, South, West, North.
type Wind int8

// The four winds in turn order.
const (
	East Wind = iota
	South
	West
	North
)

// Valid reports whether s is one of the four seats.
func (s Seat) Valid() bool { return s >= 0 && s <= 3 }

// Next is the seat after s in turn order (counter-clockwise).
func (s Seat) Next() Seat { return (s + 1) & 3 }

// Wind is the wind of seat s when dealer is East: (s - dealer) mod 4.
func (s Seat) Wind(dealer Seat) Wind { return Wind((s - dealer + 4) & 3) }

// Seat is the physical seat that has wind w when dealer is East.
func (w Wind) Seat(dealer Seat) Seat { return (dealer + Seat(w)) & 3 }

// Letter is E, S, W or N.
func (w Wind) Letter() string { return [...]string{"E", "S", "W", "N"}[w&3] }

// String is East, South, West or North.
func (w Wind) String() string { return [...]string{"East", "South", "West", "North"}[w&3] }

// ParseWind parses a wind letter (E, S, W, N) or name.
func ParseWind(s string) (Wind, error) {
	switch s {
	case "E", "East", "east":
		return East, nil
	case "S", "South", "south":
		return South, nil
	case "W", "West", "west":
		return West, nil
	case "N", "North", "north":
		return North, nil
	}
	return 0, fmt.Errorf("engine: %q is not a wind (want E, S, W or N)", s)
}

// distance is how many turns after from the seat to comes: 1 for the next seat.
func distance(from, to Seat) int { return int((to - from + 4) & 3) }
