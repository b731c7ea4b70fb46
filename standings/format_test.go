package standings_test

import (
	"math"
	"testing"

	"github.com/tabled/tabled/standings"
)

// TestThousands: the one formatter of results, its sign, its rounding and
// no negative zero.
func TestThousands(t *testing.T) {
	for _, c := range []struct {
		points int
		want   string
	}{
		{45300, "+45.3"},
		{-45300, "-45.3"},
		{0, "0.0"},
		{-12000, "-12.0"},
		{100, "+0.1"},
		{-100, "-0.1"},
		{50, "+0.1"},   // a half rounds away from zero
		{-50, "-0.1"},  // likewise below zero
		{49, "0.0"},    // rounds to zero: no sign
		{-49, "0.0"},   // no negative zero
		{3333, "+3.3"}, // a split uma rounded to the point
		{-3334, "-3.3"},
		{1_234_560, "+1234.6"},
		{math.MinInt, "-9223372036854775.8"},
		{math.MaxInt, "+9223372036854775.8"},
	} {
		if got := standings.Thousands(c.points); got != c.want {
			t.Errorf("Thousands(%d) = %q, want %q", c.points, got, c.want)
		}
	}
}
