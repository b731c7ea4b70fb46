package display_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tabled/tabled/display"
	"github.com/tabled/tabled/display/displaytest"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/outcome"
)

func TestNewViewScenes(t *testing.T) {
	for _, tc := range []struct {
		scene, mode, headline, tags, lights string
		// detail is a substring of the joined detail lines.
		detail string
		due    int
	}{
		{"idle", "idle", "East 1", "", "E:turn S:- W:- N:-", "East to discard", 0},
		{"discard_open", "open", "South: 5 characters", "", "E:- S:- W:turn N:-", "West to draw", 0},
		{"pending_window", "pending", "CHII West, PON North", "DECIDING", "E:- S:- W:pending N:pending", "on South's 5m", 0},
		{"decision_chii", "decision", "CHII - West", "", "E:- S:- W:won N:-", "West to discard", 0},
		{"decision_pon", "decision", "PON - South", "", "E:- S:won W:- N:lost", "CHII North lost: called within 250 ms", 0},
		{"decision_kan", "decision", "KAN - West", "", "E:- S:- W:won N:-", "West to discard", 1},
		{"decision_ron", "decision", "RON - North", "HAND OVER", "E:- S:- W:- N:won", "", 0},
		{"tsumo", "hand_end", "TSUMO - South", "HAND OVER", "E:- S:won W:- N:-", "", 0},
		{"head_bump", "decision", "RON - West", "HAND OVER", "E:lost S:- W:won N:-", "RON East lost: head bump", 0},
		{"late_ron_overrides_pon", "decision", "RON - West", "OVERRIDE HAND OVER", "E:lost S:- W:won N:-", "PON East lost: a win beats", 0},
		{"late_pon", "decision", "PON - North", "LATE", "E:- S:- W:- N:late", "late: after the call deadline", 0},
		{"rejected", "rejected", "CHII West", "REJECTED", "E:- S:turn W:rejected N:-", "only South, next in turn", 0},
		{"referee", "referee", "CHECK South", "REFEREE", "E:- S:referee W:turn N:-", "swap-calling", 0},
		{"kan_dora_prompt", "open", "South: 1 character", "KONG", "E:- S:turn W:- N:-", "RON only", 1},
		{"dora_with_kan_dora", "dora", "KAN DORA white dragon", "DORA", "E:- S:- W:won N:-", "indicator red dragon -> dora white dragon", 0},
		{"robbed_kong_dora_withdrawn", "decision", "RON - North", "ROBS KONG HAND OVER", "E:- S:- W:- N:won", "", 0},
		{"exhaustive_draw", "hand_end", "DRAW", "HAND OVER", "E:-+riichi S:- W:- N:-", "live wall is empty", 0},
		{"tsumo_hand_settled", "hand_end", "TSUMO - South", "HAND OVER", "E:- S:won+riichi W:- N:-", "South: 5 han 30 fu = 8000 | Menzen tsumo 1, Riichi 1, Ippatsu 1, Dora 1, Ura dora 1", 0},
		{"ron_hand_settled", "decision", "RON - South", "HAND OVER", "E:- S:won W:- N:-", "South: 1 han 30 fu = 1000 | Haku (white dragon) 1", 0},
	} {
		t.Run(tc.scene, func(t *testing.T) {
			v := displaytest.Named(t, tc.scene).View(t)
			b := v.Board
			if got := b.Mode.String(); got != tc.mode {
				t.Errorf("mode %s, want %s", got, tc.mode)
			}
			if b.Headline != tc.headline {
				t.Errorf("headline %q, want %q", b.Headline, tc.headline)
			}
			if got := strings.Join(b.Tags, " "); got != tc.tags {
				t.Errorf("tags %q, want %q", got, tc.tags)
			}
			if got := displaytest.Signals(v); got != tc.lights {
				t.Errorf("lights %q, want %q", got, tc.lights)
			}
			if d := strings.Join(b.Detail, " | "); !strings.Contains(d, tc.detail) {
				t.Errorf("detail %q does not say %q", d, tc.detail)
			}
			if b.KanDoraDue != tc.due {
				t.Errorf("kan dora due %d, want %d", b.KanDoraDue, tc.due)
			}
			if (b.Hand != nil) != strings.HasSuffix(tc.scene, "_hand_settled") {
				t.Errorf("hand %+v", b.Hand)
			}
			if len(b.Dora) != len(b.Indicators) {
				t.Errorf("%d dora for %d indicators", len(b.Dora), len(b.Indicators))
			}
		})
	}
}

// TestNewViewHold: won and lost show for Hold, then the seat on turn; the
// panel keeps the decision until the next discard.
func TestNewViewHold(t *testing.T) {
	st, out, _ := displaytest.Play(t, displaytest.Named(t, "decision_pon"))
	var now time.Duration // the decision's moment
	for _, o := range out {
		if o.Kind == engine.KindDecision {
			now = o.At
		}
	}
	for _, tc := range []struct {
		after  time.Duration
		lights string
	}{
		{0, "E:- S:won W:- N:lost"},
		{display.Hold - time.Millisecond, "E:- S:won W:- N:lost"},
		{display.Hold, "E:- S:turn W:- N:-"},
	} {
		v := display.NewView(st, out, now+tc.after)
		if got := displaytest.Signals(v); got != tc.lights {
			t.Errorf("%v after: lights %q, want %q", tc.after, got, tc.lights)
		}
		if v.Board.Headline != "PON - South" {
			t.Errorf("%v after: headline %q", tc.after, v.Board.Headline)
		}
		if want := tc.after < display.Hold; v.Expires() != want {
			t.Errorf("%v after: Expires %v, want %v", tc.after, v.Expires(), want)
		}
	}
}

// TestNewViewExpiry: the view says when its signals next change by time
// alone: the decision's Hold's end, or an outcome stamped ahead of the
// clock coming into force.
func TestNewViewExpiry(t *testing.T) {
	st, out, _ := displaytest.Play(t, displaytest.Named(t, "decision_pon"))
	var at time.Duration
	for _, o := range out {
		if o.Kind == engine.KindDecision {
			at = o.At
		}
	}
	for _, tc := range []struct {
		now, expiry time.Duration
	}{
		{at - time.Millisecond, at},
		{at, at + display.Hold},
		{at + display.Hold - time.Millisecond, at + display.Hold},
		{at + display.Hold, 0},
	} {
		v := display.NewView(st, out, tc.now)
		if v.Expiry != tc.expiry {
			t.Errorf("at %v: expiry %v, want %v", tc.now, v.Expiry, tc.expiry)
		}
		if next, ok := v.NextChange(0); ok != (tc.expiry != 0) || next != tc.expiry {
			t.Errorf("at %v: next change %v %v, want %v", tc.now, next, ok, tc.expiry)
		}
	}
}

// TestNewViewPreviousHand: outcomes of an earlier hand do not show.
func TestNewViewPreviousHand(t *testing.T) {
	st, out, now := displaytest.Play(t, displaytest.Scene{Name: "next", Script: "@0ms dora 3p\n+1s E discard 1z\n+4s S tsumo\n+1s S value 2 30\n+1s newhand\n+1s dora 7s", At: 100 * time.Millisecond})
	v := display.NewView(st, out, now)
	if v.Board.Mode != display.ModeIdle || slices.Contains(v.Board.Tags, "HAND OVER") {
		t.Errorf("new hand: mode %s, tags %v", v.Board.Mode, v.Board.Tags)
	}
	if got := displaytest.Signals(v); got != "E:turn S:- W:- N:-" {
		t.Errorf("new hand lights %q, want East (the seat that was South) on turn alone", got)
	}
}

func TestNewViewDeterministic(t *testing.T) {
	for _, sc := range displaytest.Scenes {
		a, b := sc.View(t), sc.View(t)
		if !a.Board.Equal(b.Board) || a.Seats != b.Seats {
			t.Errorf("%s: two views of the same input differ", sc.Name)
		}
	}
}

func TestNames(t *testing.T) {
	for s := display.SignalNone; s <= display.SignalReferee+1; s++ {
		if s.String() == "" {
			t.Errorf("signal %d has no name", s)
		}
	}
	for m := display.ModeIdle; m <= display.ModeHandEnd+1; m++ {
		if m.String() == "" {
			t.Errorf("mode %d has no name", m)
		}
	}
}

// TestWithdrawnKanDoraBoard: a kan dora read taken back (its kong never
// happened) is told as such, not as a new dora.
func TestWithdrawnKanDoraBoard(t *testing.T) {
	sc := displaytest.Named(t, "robbed_kong_dora_withdrawn")
	st, out, now := displaytest.Play(t, sc)
	for i, o := range out {
		if o.Code != engine.CodeDoraWithdrawn {
			continue
		}
		b := display.NewView(st, out[:i+1], now).Board
		if b.Headline != "NO KAN DORA" || !strings.Contains(strings.Join(b.Detail, " "), "kan dora indicator 4m withdrawn") {
			t.Fatalf("board %q %q", b.Headline, b.Detail)
		}
		return
	}
	t.Fatal("the scene withdraws no kan dora")
}

// TestHandTiles: a settled hand scored from its tiles is drawn in order,
// the winning tile apart, the melds as the table recorded them, each as
// every view lays it (outcome.Meld: a pon from the player on the left
// turns its left tile); a new hand clears it.
func TestHandTiles(t *testing.T) {
	for _, tc := range []struct{ scene, want string }{
		{"tsumo_hand_settled", "[2m 3m 4m 4p 5p 6p 2s 3s 7s 8s 9s 5z 5z] 1s []"},
		{"ron_hand_settled", "[1m 2m 4p 5p 6p 5s 5s 7s 8s 9s] 3m [pon 5z5z5z (from E) turned 0]"},
	} {
		h := displaytest.Named(t, tc.scene).View(t).Board.Hand
		if h == nil {
			t.Fatalf("%s: no hand", tc.scene)
		}
		var melds []string
		for _, m := range h.Melds {
			melds = append(melds, fmt.Sprintf("%s turned %d", outcome.MeldWords(m), m.Turned))
		}
		if got := fmt.Sprintf("%v %v %v", h.Concealed, h.Win, melds); got != tc.want {
			t.Errorf("%s: %s, want %s", tc.scene, got, tc.want)
		}
		if n := h.Count(); n != 14 {
			t.Errorf("%s: %d tiles drawn, want 14", tc.scene, n)
		}
		if !h.Equal(h) || h.Equal(nil) || !(*display.HandTiles)(nil).Equal(nil) {
			t.Errorf("%s: Equal", tc.scene)
		}
	}
	sc := displaytest.Named(t, "tsumo_hand_settled")
	sc.Script += "\n+1s newhand"
	if h := sc.View(t).Board.Hand; h != nil {
		t.Errorf("the next hand still draws %+v", h)
	}
}

// TestLaidHandLine: while a winner lays its hand on its seat's reader,
// the panel's text says how many tiles are laid of how many, and which.
func TestLaidHandLine(t *testing.T) {
	st, out, now := displaytest.Laid(t, displaytest.Named(t, "ron_value_due"), 3, "3m", "4m", "5p")
	v := display.NewView(st, out, now)
	want := "North laid 3 of 13: 34m 5p"
	if !slices.Contains(v.Board.Detail, want) {
		t.Errorf("detail %q, want a line %q", v.Board.Detail, want)
	}
}

// TestCardLights: a light cannot show a name, but it can show where a
// player sits. The round seats Ana East at the first dealer's seat: her
// card on the table's reader lights that seat green; on the next seat's
// reader, that seat shows the referee's signal and hers green again, so
// the player sees where to go; both for the Hold only.
func TestCardLights(t *testing.T) {
	p, _ := engine.ProfileByName("ema2016")
	e, err := engine.NewGame(p, 0, engine.Start{})
	if err != nil {
		t.Fatal(err)
	}
	round := &engine.Seating{Tournament: "Open", Round: 1, Sent: 1, AfterTime: -1, ClockState: "running", RemainingMS: 60000,
		Players: [4]engine.SeatedPlayer{{Player: 7, Name: "Ana", Cards: []string{"0a"}}, {Player: 2, Name: "Bo"}, {Player: 3, Name: "Cy"}, {Player: 4, Name: "Di"}}}
	var out []engine.Outcome
	for _, ev := range []engine.Event{
		{At: 0, Seat: engine.NoSeat, Action: engine.Round, Seating: round},
		{At: time.Second, Seat: engine.NoSeat, Action: engine.Card, Card: "0a"},
	} {
		if out, err = e.Apply(ev, out); err != nil {
			t.Fatal(err)
		}
	}
	if got := displaytest.Signals(display.NewView(e.State(), out, 2*time.Second)); got != "E:won S:- W:- N:-" {
		t.Errorf("Ana's card on the table's reader: lights %q, want East green", got)
	}
	if got := displaytest.Signals(display.NewView(e.State(), out, time.Second+display.Hold)); got != "E:turn S:- W:- N:-" {
		t.Errorf("after the Hold: lights %q, want East's turn alone", got)
	}
	south := engine.South.Seat(e.State().Dealer)
	if out, err = e.Apply(engine.Event{At: 5 * time.Second, Seat: south, Action: engine.Card, Card: "0a"}, out); err != nil {
		t.Fatal(err)
	}
	if got := displaytest.Signals(display.NewView(e.State(), out, 6*time.Second)); got != "E:won S:referee W:- N:-" {
		t.Errorf("Ana's card on South's reader: lights %q, want East green and South the referee's", got)
	}
}
