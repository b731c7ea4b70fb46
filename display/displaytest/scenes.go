// Package displaytest holds the table situations every display is tested
// on: scenario scripts played on the real engine up to a moment, and the
// View each gives. The golden images of display/render are drawn from
// them.
package displaytest

import (
	"fmt"
	"image"
	"strings"
	"testing"
	"time"

	"github.com/tabled/tabled/alert"
	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/display"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/outcome"
	"github.com/tabled/tabled/script"
)

// URL is the status page a tablet joins by the idle QR code.
const URL = "http://tabled.local:8080/"

// Scene is a table situation for the golden images and the view tests: a
// scenario script run up to At on the real engine.
type Scene struct {
	// Name names the scene and its golden images.
	Name string
	// Script is the scenario script (script.Parse).
	Script string
	// At is the view's moment, relative to the script's last step.
	At time.Duration
}

// Scenes are the situations every display is tested on.
var Scenes = []Scene{
	{"idle", "@0ms dora 3p", time.Second},
	{"discard_open", "@0ms dora 3p\n+1s E discard 1z\n+3s S discard 5m", 500 * time.Millisecond},
	{"pending_window", "@0ms dora 3p\n+1s E discard 1z\n+3s S discard 5m\n+1s W chii\n+100ms N pon", 50 * time.Millisecond},
	{"decision_chii", "@0ms dora 3p\n+1s E discard 1z\n+3s S discard 5m\n+1s W chii", 300 * time.Millisecond},
	{"decision_pon", "@0ms dora 3p\n+1s E discard 1z\n+2s S discard 2z\n+2s W discard 6s\n+200ms N chii\n+180ms S pon", 300 * time.Millisecond},
	{"decision_kan", "@0ms dora 9p\n+1s E discard 4z\n+500ms W kan", 300 * time.Millisecond},
	{"decision_ron", "@0ms dora 3p\n+1s E discard 1z\n+3s S discard 5m\n+100ms N ron", 300 * time.Millisecond},
	{"tsumo", "@0ms dora 3p\n+1s E discard 1z\n+4s S tsumo", 300 * time.Millisecond},
	{"head_bump", "rules wrc2015\n@0ms dora 3p\n+1s E discard 1z\n+3s S discard 5m\n+100ms E ron\n+100ms W ron", 300 * time.Millisecond},
	{"late_ron_overrides_pon", "@0ms dora 3p\n+1s E discard 1z\n+2s S discard 2z\n+2s W discard 3z\n+2s N discard 7p\n+100ms E pon\n+3500ms W ron", 300 * time.Millisecond},
	{"late_pon", "@0ms dora 3p\n+1s E discard 1z\n+2s S discard 2z\n+3200ms N pon", 300 * time.Millisecond},
	{"rejected", "@0ms dora 3p\n+1s E discard 3p\n+200ms W chii", 100 * time.Millisecond},
	{"referee", "@0ms dora 3p\n+1s E discard 1p\n+300ms S chii 2p 3p\n+1s S discard 4p", 100 * time.Millisecond},
	{"kan_dora_prompt", "@0ms dora 3p\n+1s E discard 1z\n+4s S kan 1m", 100 * time.Millisecond},
	{"dora_with_kan_dora", "@0ms dora 9p\n+1s E discard 4z\n+500ms W kan\n+1s dora 7z", 100 * time.Millisecond},
	{"exhaustive_draw", exhaustive(), 4 * time.Second},
	// RCR 2016: the kan dora read with the extended kong is withdrawn when
	// a ron robs the kong; the board still tells the ron.
	{"robbed_kong_dora_withdrawn", "rules ema2016\n@0ms dora 1m\n+0ms E discard 9m\n+300ms S pon 9m 9m\n+1s S discard 1z\n+4s W discard 2z\n+4s N discard 3z\n+4s E discard 4z\n+4s S kan 9m\n+200ms dora 4m\n+800ms N ron", 300 * time.Millisecond},
	{"alert_reboot", "@0ms dora 3p\n+1s E discard 1z\n+2s S discard 2z\n+2s W discard 6s\n+200ms N chii\n+180ms S pon", 300 * time.Millisecond},
	{"alerts_two", "@0ms dora 3p\n+1s E discard 1z", 300 * time.Millisecond},
	{"idle_paired", "@0ms dora 3p", time.Second},
	{"ron_value_due", "@0ms E name Ana\n+0ms dora 3p\n+1s E discard 1z\n+3s S discard 5m\n+100ms N ron", 4 * time.Second},
	{"ron_value_due_paired", "@0ms E name Ana\n+0ms dora 3p\n+1s E discard 1z\n+3s S discard 5m\n+100ms N ron", 4 * time.Second},
	{"ron_settled", "sticks 1\n@0ms E name Ana\n+0ms dora 3p\n+1s E riichi\n+0ms E discard 1z\n+3s S discard 5m\n+100ms N ron\n+2s N value 3 40", time.Second},
	{"game_end", "round S4\nscores 36000 32000 27000 25000\n@0ms W name Ana\n+0ms N name Bartholomew\n+0ms dora 3p\n+1s E discard 1z\n+3s S discard 5m\n+100ms N ron\n+2s N value 3 40", time.Second},
	// Names as European players write them: the panel has their letters.
	{"game_end_accented", "round S4\nscores 36000 32000 27000 25000\n@0ms E name Zoé\n+0ms S name Łucja\n+0ms W name Søren\n+0ms N name Ángel\n+0ms dora 3p\n+1s E discard 1z\n+3s S discard 5m\n+100ms N ron\n+2s N value 3 40", time.Second},
	{"tsumo_paired", "@0ms dora 3p\n+1s E discard 1z\n+4s S tsumo", 4 * time.Second},
	{"idle_https", "@0ms dora 3p", time.Second},
	{"idle_paired_https", "@0ms dora 3p", time.Second},
	{"discard_open_https", "@0ms dora 3p\n+1s E discard 1z\n+3s S discard 5m", 500 * time.Millisecond},
	// Hands scored from their tiles: a riichi, an ippatsu tsumo, a dora
	// and an ura dora; a ron with a pon of white dragons the table saw.
	{"tsumo_hand_settled", riichiIppatsuTsumo, time.Second},
	{"ron_hand_settled", "@0ms dora 1s\n+0ms E discard 5z\n+300ms S pon 5z 5z\n+1s S discard 9p\n+4s W discard 3m\n+200ms S ron\n+2s S hand 123m 456p 789s 55s", time.Second},
}

// riichiIppatsuTsumo is South's riichi on its second turn and its tsumo
// on the next draw, the hand entered from its tiles after an ura read.
const riichiIppatsuTsumo = "@0ms dora 1s\n+0ms E discard 1z\n+4s S discard 2z\n+4s W discard 1m\n+4s N discard 9m\n+4s E discard 3z\n" +
	"+4s S riichi\n+0ms S discard 9p\n+4s W discard 1m\n+4s N discard 9m\n+4s E discard 2z\n+4s S tsumo\n+2s ura 3p\n+1s S hand 234m 456p 789s 123s 55z win 1s"

// Pairs are the pairing codes the Driver would add to a scene's board, by name.
var Pairs = map[string]string{"idle_paired": "K7PQRM", "tsumo_paired": "K7PQRM", "ron_value_due_paired": "K7PQRM", "idle_paired_https": "K7PQRM"}

// Cert is the start of the fingerprint of a certificate the table made,
// as the Driver adds it to a scene's board (Certs).
const Cert = "3F A2 91 0C 7B E4 55 D1"

// Certs are the scenes whose board the Driver gives the certificate's
// fingerprint: it shows at idle only.
var Certs = map[string]bool{"idle_https": true, "idle_paired_https": true, "discard_open_https": true}

// Alerts are the alerts the Driver would add to a scene's board, by name.
var Alerts = map[string][]alert.Alert{
	"alert_reboot": {{Seq: 9, Wall: time.Date(2025, 5, 3, 14, 3, 0, 0, time.UTC), Kind: "reboot", Label: alert.Label("reboot"), Line: alert.Line("reboot"),
		Text: "seat controller 1 rebooted: presses in flight may be lost"}},
	"alerts_two": {
		{Seq: 4, Wall: time.Date(2025, 5, 3, 14, 1, 0, 0, time.UTC), Kind: "disk-low", Label: alert.Label("disk-low"), Line: alert.Line("disk-low"), Text: "claim log disk: 40 MB left"},
		{Seq: 7, Wall: time.Date(2025, 5, 3, 14, 2, 0, 0, time.UTC), Kind: "events-lost", Label: alert.Label("events-lost"), Line: alert.Line("events-lost"), Text: "seat controller 2 lost 3 events"},
	},
}

// exhaustive is a hand of 70 discards and no call: the live wall runs out.
func exhaustive() string {
	var sb strings.Builder
	sb.WriteString("@0ms dora 0s\n+1s E riichi\n")
	winds := "ESWN"
	for i := range engine.LiveDraws + 1 {
		fmt.Fprintf(&sb, "+1s %c discard %dp\n", winds[i%4], i%9+1)
	}
	return sb.String()
}

// Play runs sc on a new engine: every step, then time on to the view's
// moment. It returns the state and every outcome, and the moment.
func Play(t testing.TB, sc Scene) (engine.State, []engine.Outcome, time.Duration) {
	t.Helper()
	return Laid(t, sc, engine.NoSeat)
}

// Laid is Play with tiles laid after sc's steps, one a second, on seat's
// discard reader (reads from nfc, as the reader gives them); the view's
// moment is sc.At after the last.
func Laid(t testing.TB, sc Scene, seat engine.Seat, tiles ...string) (engine.State, []engine.Outcome, time.Duration) {
	t.Helper()
	s, err := script.Parse(strings.NewReader(sc.Script))
	if err != nil {
		t.Fatalf("%s: %v", sc.Name, err)
	}
	e, err := engine.NewGame(s.Profile, s.Dealer, s.Start)
	if err != nil {
		t.Fatal(err)
	}
	e.SetWords(outcome.EnglishReason) // as the table does
	var out []engine.Outcome
	var last time.Duration
	for _, st := range s.Steps {
		if out, err = e.Apply(st.Event(e.State().Dealer), out); err != nil {
			t.Fatalf("%s line %d: %v", sc.Name, st.Line, err)
		}
		last = st.At
	}
	for _, x := range tiles {
		last += time.Second
		ev := engine.Event{At: last, Seat: seat, Action: engine.Discard, Tile: engine.MustTile(x), Source: engine.SourceNFC, Dealer: engine.NoSeat}
		if out, err = e.Apply(ev, out); err != nil {
			t.Fatalf("%s: %s laid: %v", sc.Name, x, err)
		}
	}
	now := last + sc.At
	out = e.Advance(now, out)
	return e.State(), out, now
}

// View is the scene's view, with URL and the scene's Alerts, Pairs and
// Certs.
func (sc Scene) View(t testing.TB) display.View {
	t.Helper()
	return sc.ViewIn(t, nil)
}

// ViewIn is View with the board's words in l (nil: English).
func (sc Scene) ViewIn(t testing.TB, l *catalog.Lang) display.View {
	t.Helper()
	st, out, now := Play(t, sc)
	v := display.NewViewIn(l, st, out, now)
	v.Board.URL = URL
	v.Board.Alerts = Alerts[sc.Name]
	v.Board.Pair = Pairs[sc.Name]
	if Certs[sc.Name] {
		v.Board.Cert = Cert
	}
	return v
}

// Named is the scene called name; it fails t when there is none.
func Named(t testing.TB, name string) Scene {
	t.Helper()
	for _, sc := range Scenes {
		if sc.Name == name {
			return sc
		}
	}
	t.Fatalf("no scene %q", name)
	return Scene{}
}

// Signals is the seat signals of a view by wind: "E:won S:- W:lost N:turn".
func Signals(v display.View) string {
	var parts []string
	for w := engine.East; w <= engine.North; w++ {
		s := v.Seats[w.Seat(v.Board.Dealer)]
		sig := "-"
		if s.Signal != display.SignalNone {
			sig = s.Signal.String()
		}
		if s.Riichi {
			sig += "+riichi"
		}
		parts = append(parts, w.Letter()+":"+sig)
	}
	return strings.Join(parts, " ")
}

// Diff reports how two frames differ, "" when they are the same: the
// number of pixels that differ and the first of them.
func Diff(got *image.Gray, want image.Image) string {
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
