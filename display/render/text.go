package render

import (
	"fmt"
	"io"
	"strings"

	"github.com/tabled/tabled/display"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/tile"
)

// WriteText writes the view as a compact text panel, for --sim, each line
// after a "| " that sets it apart from the log lines around it:
//
//	| East 1  0 honba  1 riichi  wall 64  turn: South
//	| scores: Ana (E) 24800  seat 1 (S) 25000  seat 2 (W) 30200  seat 3 (N) 20000
//	| ALERT 14:03 REBOOT: seat controller 1 rebooted
//	| [LATE] [OVERRIDE] RON - West  (5m)
//	|   PON East lost: a win beats every other claim until the next discard
//	| dora: 3p>4p 1z>2z ?>?  REVEAL KAN DORA
//	| https certificate 3F A2 91 0C 7B E4 55 D1
//	| hand: 234m 456p 78s 55z win 9s, 5z5z5z
//	| lights: E:won S:- W:lost(pon) N:turn+riichi
func WriteText(w io.Writer, v display.View) error {
	b := v.Board
	var sb strings.Builder
	turn := "-"
	if b.Turn.Valid() {
		turn = b.Turn.Wind(b.Dealer).String()
	}
	fmt.Fprintf(&sb, "| %s  wall %d  turn: %s\n", roundLine(b), b.Wall, turn)
	if b.Scoring {
		// In physical seat order, each by its player (or its number, as
		// the status page numbers seats) and its wind this hand: the line
		// keeps its order from deal to deal while the winds move on.
		var cells []string
		for s := engine.Seat(0); s < 4; s++ {
			who := b.Names[s]
			if who == "" {
				who = fmt.Sprintf("seat %d", s)
			}
			cells = append(cells, fmt.Sprintf("%s (%s) %d", who, s.Wind(b.Dealer).Letter(), b.Scores[s]))
		}
		fmt.Fprintf(&sb, "| scores: %s\n", strings.Join(cells, "  "))
	}
	for _, a := range b.Alerts {
		fmt.Fprintf(&sb, "| ALERT %s %s: %s\n", a.Wall.Format("15:04"), a.Label, a.Text)
	}
	sb.WriteString("| ")
	for _, t := range b.Tags {
		fmt.Fprintf(&sb, "[%s] ", t)
	}
	sb.WriteString(b.Headline)
	if b.Tile.Known() && !strings.Contains(b.Headline, b.Tile.String()) {
		fmt.Fprintf(&sb, "  (%s)", b.Tile)
	}
	sb.WriteByte('\n')
	for _, d := range b.Detail {
		fmt.Fprintf(&sb, "|   %s\n", d)
	}
	sb.WriteString("| dora:")
	for i, t := range b.Indicators {
		fmt.Fprintf(&sb, " %s>%s", t, b.Dora[i])
	}
	for range b.KanDoraDue {
		sb.WriteString(" ?>?")
	}
	if len(b.Indicators)+b.KanDoraDue == 0 {
		sb.WriteString(" (indicator not read)")
	}
	if b.KanDoraDue > 0 {
		sb.WriteString("  REVEAL KAN DORA")
	}
	if b.Mode == display.ModeIdle && b.URL != "" {
		fmt.Fprintf(&sb, "  join: %s", b.URL)
	}
	if b.Clock != "" {
		fmt.Fprintf(&sb, "\n| %s", b.Clock)
	}
	if b.ShowsPair() {
		fmt.Fprintf(&sb, "\n| %s", pairLine(b.Pair))
	}
	if b.ShowsCert() {
		fmt.Fprintf(&sb, "\n| %s %s", certLabel, b.Cert)
	}
	if h := b.Hand; h != nil {
		fmt.Fprintf(&sb, "\n| hand: %s win %s", tile.Format(h.Concealed), h.Win)
		for _, m := range h.Melds {
			sb.WriteString(", ")
			for _, t := range m {
				sb.WriteString(t.String())
			}
		}
	}
	sb.WriteString("\n| lights:")
	for w := engine.East; w <= engine.North; w++ {
		s := v.Seats[w.Seat(b.Dealer)]
		fmt.Fprintf(&sb, " %s:%s", w.Letter(), seatText(s))
	}
	sb.WriteByte('\n')
	if _, err := io.WriteString(w, sb.String()); err != nil {
		return fmt.Errorf("render: text panel: %w", err)
	}
	return nil
}

// seatText is one seat's light in words: "lost(pon)+riichi".
func seatText(s display.SeatSignal) string {
	t := "-"
	if s.Signal != display.SignalNone {
		t = s.Signal.String()
		if s.Call != engine.ActNone && s.Signal != display.SignalTurn {
			t += "(" + s.Call.String() + ")"
		}
	}
	if s.Riichi {
		t += "+riichi"
	}
	return t
}
