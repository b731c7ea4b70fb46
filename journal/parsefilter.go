package journal

import (
	"strconv"
	"strings"
	"time"

	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/claimlog"
)

// ParseFilter reads into f the filter fields a person types as words
// (tabled log's --hand, --seat and --at), then checks every field
// (CheckFilter): a value no record can have is a *FilterError naming the
// field, the value and what the field accepts, not an empty listing.
// f.Seat is read in place: any case of a wind's letter or name.
func ParseFilter(f *claimlog.Filter, hand, at string) error {
	var err error
	if f.Hand, err = ParseHand(hand); err != nil {
		return err
	}
	if f.Seat, err = ParseSeat(f.Seat); err != nil {
		return err
	}
	if f.HandFrom, f.HandTo, err = ParseWindow(at); err != nil {
		return err
	}
	return CheckFilter(*f)
}

// ParseHand is a hand number from 1; "" is every hand (0).
func ParseHand(hand string) (int, error) {
	if hand == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(hand)
	if err != nil || n < 1 {
		return 0, &FilterError{Field: "hand", Value: hand, Accepts: "a hand number: 1, 2, ..."}
	}
	return n, nil
}

// ParseSeat is a seat as its wind's letter (Seats), from any case of a
// letter or a name in any language of the catalog ("w", "W", "West",
// "west", "O", "Ouest"); "" stays "".
func ParseSeat(seat string) (string, error) {
	if seat == "" {
		return "", nil
	}
	letter, ok := catalog.WindLetter(seat)
	if !ok {
		return "", &FilterError{Field: "seat", Value: seat, Accepts: "a seat: one of E, S, W, N (or East, South, West, North)"}
	}
	return letter, nil
}

// ParseWindow is a window of time within the hand, from its deal, written
// FROM..TO (like 4s..6.5s), as a filter's HandFrom and HandTo; "" is no
// window. The window ends at least a nanosecond in: HandTo 0 would mean
// no bound.
func ParseWindow(at string) (from, to time.Duration, err error) {
	if at == "" {
		return 0, 0, nil
	}
	a, b, ok := strings.Cut(at, "..")
	from, err1 := time.ParseDuration(a)
	to, err2 := time.ParseDuration(b)
	if !ok || err1 != nil || err2 != nil || from < 0 || to < from {
		return 0, 0, &FilterError{Field: "at", Value: at, Accepts: "a time window within the hand: FROM..TO, like 4s..6.5s or 0s..1.5s"}
	}
	return from, max(to, 1), nil
}
