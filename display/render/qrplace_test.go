package render

import (
	"image"
	"testing"

	"github.com/tabled/tabled/display/displaytest"
)

// TestIdleQRLeavesTheScores: on the idle e-ink panel of a game that keeps
// score, the QR code covers none of the score row: the row is drawn the
// same with the code as without it (North's score included).
func TestIdleQRLeavesTheScores(t *testing.T) {
	v := displaytest.Named(t, "idle").View(t)
	if !v.Board.Scoring || v.Board.URL == "" {
		t.Fatal("the idle scene has no scores or no URL: it tests nothing")
	}
	with := Render(v, EInkSize)
	v.Board.URL = ""
	without := Render(v, EInkSize)
	// The score row sits above the dora strip (36 px from the bottom).
	H := EInkSize.Y
	row := image.Rect(0, H-36-15, EInkSize.X, H-36)
	for y := row.Min.Y; y < row.Max.Y; y++ {
		for x := row.Min.X; x < row.Max.X; x++ {
			if with.GrayAt(x, y) != without.GrayAt(x, y) {
				t.Fatalf("the QR code covers the score row at (%d,%d)", x, y)
			}
		}
	}
}
