package render

import (
	"image"
	"io"
	"testing"

	"github.com/tabled/tabled/display/displaytest"
)

// benchRender draws the scene's panel frame at size, again and again.
func benchRender(b *testing.B, scene string, size image.Point) {
	v := displaytest.Named(b, scene).View(b)
	img := image.NewGray(image.Rectangle{Max: size})
	b.ReportAllocs()
	for b.Loop() {
		RenderTo(img, v)
	}
}

func BenchmarkRenderEInk(b *testing.B)   { benchRender(b, "late_ron_overrides_pon", EInkSize) }
func BenchmarkRenderOLED(b *testing.B)   { benchRender(b, "late_ron_overrides_pon", OLEDSize) }
func BenchmarkRenderIdleQR(b *testing.B) { benchRender(b, "idle", EInkSize) }

func BenchmarkPNG(b *testing.B) {
	v := displaytest.Named(b, "decision_pon").View(b)
	b.ReportAllocs()
	for b.Loop() {
		if err := PNG(io.Discard, v); err != nil {
			b.Fatal(err)
		}
	}
}
