package render

import (
	"bytes"
	"flag"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/display/displaytest"
)

var update = flag.Bool("update", false, "rewrite the golden images in testdata/ from the current renderer")

// TestGolden compares the panel frame of every scene, at the e-ink and the
// OLED size, with testdata/<scene>[_oled].png, and in every other language
// of the catalog with testdata/<lang>/<scene>[_oled].png (the French
// frames have their accents drawn). Run with -update to rewrite them on
// purpose, then look at them.
func TestGolden(t *testing.T) {
	if runtime.GOARCH != "amd64" && !*update {
		// Go may fuse a multiply and an add elsewhere (arm64), which can
		// move an anti-aliased glyph edge across the threshold.
		t.Skipf("the golden images are drawn on amd64, this is %s", runtime.GOARCH)
	}
	for _, code := range catalog.Codes() {
		l, _ := catalog.Get(code)
		dir := "testdata"
		if code != catalog.Default {
			dir = filepath.Join("testdata", code)
		}
		t.Run(code, func(t *testing.T) { golden(t, l, dir) })
	}
}

// golden compares every scene's frames in l with those in dir.
func golden(t *testing.T, l *catalog.Lang, dir string) {
	for _, sc := range displaytest.Scenes {
		for _, sz := range []struct {
			suffix string
			size   image.Point
		}{{"", EInkSize}, {"_oled", OLEDSize}} {
			name := sc.Name + sz.suffix
			t.Run(name, func(t *testing.T) {
				got := Render(sc.ViewIn(t, l), sz.size)
				path := filepath.Join(dir, name+".png")
				if *update {
					var buf bytes.Buffer
					if err := (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&buf, got); err != nil {
						t.Fatal(err)
					}
					if err := os.MkdirAll(dir, 0o755); err != nil {
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
				if diff := displaytest.Diff(got, want); diff != "" {
					t.Errorf("%s: %s (if the change is meant, run go test -run TestGolden -update and look at the image)", path, diff)
				}
			})
		}
	}
}

// TestCertAtIdleOnly: the certificate's fingerprint shows at idle, when
// tablets join; once play is on the frame is the one without it.
func TestCertAtIdleOnly(t *testing.T) {
	for _, size := range []image.Point{EInkSize, OLEDSize} {
		with := Render(displaytest.Named(t, "discard_open_https").View(t), size)
		if diff := displaytest.Diff(with, Render(displaytest.Named(t, "discard_open").View(t), size)); diff != "" {
			t.Errorf("%v: a discard open shows the fingerprint: %s", size, diff)
		}
		with = Render(displaytest.Named(t, "idle_https").View(t), size)
		if diff := displaytest.Diff(with, Render(displaytest.Named(t, "idle").View(t), size)); diff == "" {
			t.Errorf("%v: the idle frame does not show the fingerprint", size)
		}
	}
}
