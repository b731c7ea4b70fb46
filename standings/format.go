package standings

import "strconv"

// Thousands writes points in thousands with one decimal, as results are
// read: 45300 is "+45.3", -12000 "-12.0", 0 "0.0". The sign is always
// written except for zero. It rounds to the nearest 100 points, a half
// away from zero (50 is "+0.1", -50 "-0.1"), so a value that rounds to
// zero (-40, 30) is "0.0": there is no negative zero.
func Thousands(points int) string {
	neg := points < 0
	// The magnitude as a uint64, so that the most negative int has one.
	abs := uint64(points)
	if neg {
		abs = -abs
	}
	tenths := (abs + 50) / 100
	if tenths == 0 {
		return "0.0"
	}
	s := strconv.FormatUint(tenths/10, 10) + "." + strconv.FormatUint(tenths%10, 10)
	if neg {
		return "-" + s
	}
	return "+" + s
}
