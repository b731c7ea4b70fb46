package outcome

import (
	"slices"
	"strconv"
)

// ByWind is a number for each seat by its wind letter ("E": 1000), as a
// line's scores or deltas: written East, South, West, North (encoding/json
// would sort the letters E, N, S, W), any other key after them in order.
type ByWind map[string]int

// windOrder is how ByWind writes the seats.
var windOrder = []string{"E", "S", "W", "N"}

// MarshalJSON writes the numbers in wind order.
func (m ByWind) MarshalJSON() ([]byte, error) {
	if m == nil {
		return []byte("null"), nil
	}
	keys := make([]string, 0, len(m))
	for _, w := range windOrder {
		if _, ok := m[w]; ok {
			keys = append(keys, w)
		}
	}
	var rest []string
	for k := range m {
		if !slices.Contains(windOrder, k) {
			rest = append(rest, k)
		}
	}
	slices.Sort(rest)
	b := []byte{'{'}
	for i, k := range append(keys, rest...) {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendQuote(b, k)
		b = strconv.AppendInt(append(b, ':'), int64(m[k]), 10)
	}
	return append(b, '}'), nil
}
