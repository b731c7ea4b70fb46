package display

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden images in testdata/ from the current renderer")

// TestGolden compares the panel frame of every scene, at the e-ink and the
// OLED size, with testdata/<scene>[_oled].png. Run with -update to rewrite
// them on purpose, then look at them.
func TestGolden(t *testing.T) {
	if runtime.GOARCH != "amd64" && !*update {
		// Go may fuse a multiply and an add elsewhere (arm64), which can
		// move an anti-aliased glyph edge across the threshold.
		t.Skipf("the golden images are drawn on amd64, this is %s", runtime.GOARCH)
	}
	for _, sc := range scenes {
		for _, sz := range []struct {
			suffix string
			size   image.Point
		}{{"", EInkSize}, {"_oled", OLEDSize}} {
			name := sc.name + sz.suffix
			t.Run(name, func(t *testing.T) {
				got := Render(sc.view(t), sz.size)
				path := filepath.Join("testdata", name+".png")
				if *update {
					var buf bytes.Buffer
					if err := (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&buf, got); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
						t.Fatal(err)
					}
					return
				}
				f, err := os.Open(path)
				if err != nil {
					t.Fatalf("%v (run go test -run TestGolden -update to create it)", err)
				}
				defer f.Close()
				want, err := png.Decode(f)
				if err != nil {
					t.Fatal(err)
				}
				if diff := compare(got, want); diff != "" {
					t.Errorf("%s: %s (if the change is meant, run go test -run TestGolden -update and look at the image)", path, diff)
				}
			})
		}
	}
}

// compare reports how two frames differ, "" when they are the same.
func compare(got *image.Gray, want image.Image) string {
	if got.Bounds() != want.Bounds() {
		return fmt.Sprintf("size %v, want %v", got.Bounds().Size(), want.Bounds().Size())
	}
	n, first := 0, image.Point{-1, -1}
	r := got.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			a := got.GrayAt(x, y).Y
			wr, _, _, _ := want.At(x, y).RGBA()
			if uint32(a) != wr>>8 {
				if n == 0 {
					first = image.Pt(x, y)
				}
				n++
			}
		}
	}
	if n == 0 {
		return ""
	}
	return fmt.Sprintf("%d pixels differ, the first at %v", n, first)
}
