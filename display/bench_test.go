package display_test

import (
	"testing"

	"github.com/tabled/tabled/display"
	"github.com/tabled/tabled/display/displaytest"
)

func BenchmarkNewView(b *testing.B) {
	st, out, now := displaytest.Play(b, displaytest.Named(b, "head_bump"))
	b.ReportAllocs()
	for b.Loop() {
		display.NewView(st, out, now)
	}
}
