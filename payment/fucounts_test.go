package payment

import (
	"slices"
	"strconv"
	"testing"
)

// TestFuCounts: 20 and 25, then the tens to MaxFu, each a count the
// parser takes.
func TestFuCounts(t *testing.T) {
	want := []int{20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110}
	if got := FuCounts(); !slices.Equal(got, want) {
		t.Fatalf("FuCounts() = %v, want %v", got, want)
	}
	for _, fu := range FuCounts() {
		if _, err := ParseValue([]string{"2", strconv.Itoa(fu)}); err != nil {
			t.Errorf("2 han %d fu: %v", fu, err)
		}
	}
}
