package display

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/tabled/tabled/alert"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/script"
)

// testURL is the status page a tablet joins by the idle QR code.
const testURL = "http://tabled.local:8080/"

// scene is a table situation for the golden images and the view tests: a
// scenario script run up to At on the real engine.
type scene struct {
	name   string
	script string
	// at is the view's moment, relative to the script's last step.
	at time.Duration
}

// scenes are the situations every display is tested on.
var scenes = []scene{
	{"idle", "@0ms dora 3p", time.Second},
	{"discard_open", "@0ms dora 3p\n+1s E discard 1z\n+3s S discard 5m", 500 * time.Millisecond},
	{"pending_window", "@0ms dora 3p\n+1s E discard 1z\n+3s S discard 5m\n+1s W chii\n+100ms N pon", 50 * time.Millisecond},
	{"decision_chii", "@0ms dora 3p\n+1s E discard 1z\n+3s S discard 5m\n+1s W chii", 300 * time.Millisecond},
	{"decision_pon", "@0ms dora 3p\n+1s E discard 1z\n+2s S discard 2z\n+2s W discard 6s\n+200ms N chii\n+180ms S pon", 300 * time.Millisecond},
	{"decision_kan", "@0ms dora 9p\n+1s E discard 4z\n+500ms W kan", 300 * time.Millisecond},
	{"decision_ron", "@0ms dora 3p\n+1s E discard 1z\n+3s S discard 5m\n+100ms N ron", 300 * time.Millisecond},
	{"tsumo", "@0ms dora 3p\n+1s E discard 1z\n+4s S tsumo", 300 * time.Millisecond},
	{"head_bump", "@0ms dora 3p\n+1s E discard 1z\n+3s S discard 5m\n+100ms E ron\n+100ms W ron", 300 * time.Millisecond},
	{"late_ron_overrides_pon", "@0ms dora 3p\n+1s E discard 1z\n+2s S discard 2z\n+2s W discard 3z\n+2s N discard 7p\n+100ms E pon\n+3500ms W ron", 300 * time.Millisecond},
	{"late_pon", "@0ms dora 3p\n+1s E discard 1z\n+2s S discard 2z\n+3200ms N pon", 300 * time.Millisecond},
	{"rejected", "@0ms dora 3p\n+1s E discard 3p\n+200ms W chii", 100 * time.Millisecond},
	{"referee", "@0ms dora 3p\n+1s E discard 1p\n+300ms S chii 2p 3p\n+1s S discard 4p", 100 * time.Millisecond},
	{"kan_dora_prompt", "@0ms dora 3p\n+1s E discard 1z\n+4s S kan 1m", 100 * time.Millisecond},
	{"dora_with_kan_dora", "@0ms dora 9p\n+1s E discard 4z\n+500ms W kan\n+1s dora 7z", 100 * time.Millisecond},
	{"exhaustive_draw", exhaustive(), 4 * time.Second},
	{"alert_reboot", "@0ms dora 3p\n+1s E discard 1z\n+2s S discard 2z\n+2s W discard 6s\n+200ms N chii\n+180ms S pon", 300 * time.Millisecond},
	{"alerts_two", "@0ms dora 3p\n+1s E discard 1z", 300 * time.Millisecond},
}

// sceneAlerts are the alerts the Driver would add to a scene's board.
var sceneAlerts = map[string][]alert.Alert{
	"alert_reboot": {{Seq: 9, Wall: time.Date(2025, 5, 3, 14, 3, 0, 0, time.UTC), Kind: "reboot", Label: alert.Label("reboot"),
		Text: "seat controller 1 rebooted: presses in flight may be lost"}},
	"alerts_two": {
		{Seq: 4, Wall: time.Date(2025, 5, 3, 14, 1, 0, 0, time.UTC), Kind: "disk-low", Label: alert.Label("disk-low"), Text: "claim log disk: 40 MB left"},
		{Seq: 7, Wall: time.Date(2025, 5, 3, 14, 2, 0, 0, time.UTC), Kind: "events-lost", Label: alert.Label("events-lost"), Text: "seat controller 2 lost 3 events"},
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

// play runs sc on a new engine: every step, then time on to the view's
// moment. It returns the state and every outcome, and the moment.
func play(t testing.TB, sc scene) (engine.State, []engine.Outcome, time.Duration) {
	t.Helper()
	s, err := script.Parse(strings.NewReader(sc.script))
	if err != nil {
		t.Fatalf("%s: %v", sc.name, err)
	}
	e, err := engine.New(s.Profile, s.Dealer)
	if err != nil {
		t.Fatal(err)
	}
	var out []engine.Outcome
	var last time.Duration
	for _, st := range s.Steps {
		if out, err = e.Apply(st.Event(e.State().Dealer), out); err != nil {
			t.Fatalf("%s line %d: %v", sc.name, st.Line, err)
		}
		last = st.At
	}
	now := last + sc.at
	out = e.Advance(now, out)
	return e.State(), out, now
}

// view is the scene's view, with the test URL.
func (sc scene) view(t testing.TB) View {
	st, out, now := play(t, sc)
	v := NewView(st, out, now)
	v.Board.URL = testURL
	v.Board.Alerts = sceneAlerts[sc.name]
	return v
}

func sceneNamed(t testing.TB, name string) scene {
	for _, sc := range scenes {
		if sc.name == name {
			return sc
		}
	}
	t.Fatalf("no scene %q", name)
	return scene{}
}
