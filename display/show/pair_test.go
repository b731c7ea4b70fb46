package show

import (
	"bytes"
	"image"
	"image/png"
	"testing"
	"time"

	"github.com/tabled/tabled/display"
	"github.com/tabled/tabled/display/displaytest"
	"github.com/tabled/tabled/display/render"
)

// TestPairOnPanelNotInPNG: the pairing code is on the board the panels
// show once SetPair gives it, and never in the PNG the status page serves.
func TestPairOnPanelNotInPNG(t *testing.T) {
	d := &Driver{URL: displaytest.URL}
	us := updates(t, displaytest.Named(t, "idle").Script, time.Second)
	d.update(us[0])
	d.SetPair("K7PQRM")
	v := d.View()
	if v.Board.Mode != display.ModeIdle || v.Board.Pair != "K7PQRM" || !v.Board.ShowsPair() {
		t.Fatalf("after SetPair: mode %s, pair %q", v.Board.Mode, v.Board.Pair)
	}
	img := servedPNG(t, d)
	if diff := displaytest.Diff(render.Render(v, render.EInkSize), img); diff == "" {
		t.Fatal("the PNG shows the pairing code")
	}
	v.Board.Pair = ""
	if diff := displaytest.Diff(render.Render(v, render.EInkSize), img); diff != "" {
		t.Fatalf("the PNG is not the board without the code: %s", diff)
	}
	d.SetPair("")
	if d.View().Board.ShowsPair() {
		t.Fatal("SetPair(\"\") left the code showing")
	}
}

// TestCertOnPanelNotInPNG: the certificate's fingerprint is on the
// board the panels show at idle, and never in the PNG the status page
// serves (a copy the network delivers is no check).
func TestCertOnPanelNotInPNG(t *testing.T) {
	d := &Driver{URL: displaytest.URL, Cert: displaytest.Cert}
	us := updates(t, displaytest.Named(t, "idle").Script, time.Second)
	d.update(us[0])
	v := d.View()
	if !v.Board.ShowsCert() || v.Board.Cert != displaytest.Cert {
		t.Fatalf("at idle: mode %s, cert %q", v.Board.Mode, v.Board.Cert)
	}
	v.Board.Cert = ""
	if diff := displaytest.Diff(render.Render(v, render.EInkSize), servedPNG(t, d)); diff != "" {
		t.Fatalf("the PNG is not the board without the fingerprint: %s", diff)
	}
}

// servedPNG is the panel image the Driver serves the status page.
func servedPNG(t *testing.T, d *Driver) image.Image {
	t.Helper()
	var buf bytes.Buffer
	if err := d.PNG(&buf); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	return img
}
