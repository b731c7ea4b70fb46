package render

import (
	"fmt"
	"io"
	"strings"

	"github.com/tabled/tabled/display"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/outcome"
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
//	| hand: 234m 456p 78s 55z win 9s, pon 5z5z5z (from E)
//	| lights: E:won S:- W:lost(pon) N:turn+riichi
func WriteText(w io.Writer, v display.View) error {
	b := v.Board
	wd := words(b)
	var sb strings.Builder
	turn := "-"
	if b.Turn.Valid() {
		turn = wd.Wind(b.Turn.Wind(b.Dealer))
	}
	fmt.Fprintf(&sb, "| %s  %s  %s\n", roundLine(b), wallLine(b), wd.Text("panel.text.turn", "wind", turn))
	if b.Scoring {
		// In physical seat order, each by its player (or its number, as
		// the status page numbers seats) and its wind this hand: the line
		// keeps its order from deal to deal while the winds move on.
		var cells []string
		for s := engine.Seat(0); s < 4; s++ {
			wind := wd.Letter(s.Wind(b.Dealer))
			who := wd.Text("seat.numbered", "seat", int(s), "wind", wind)
			if b.Names[s] != "" {
				who = wd.Text("seat.named", "name", b.Names[s], "wind", wind)
			}
			cells = append(cells, fmt.Sprintf("%s %d", who, b.Scores[s]))
		}
		fmt.Fprintf(&sb, "| %s\n", wd.Text("panel.text.scores", "cells", strings.Join(cells, "  ")))
	}
	for _, a := range b.Alerts {
		fmt.Fprintf(&sb, "| %s %s %s: %s\n", wd.Text("panel.text.alert"), a.Wall.Format("15:04"), alertLabel(b, a), a.Text)
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
	sb.WriteString("| " + wd.Text("panel.text.dora"))
	for i, t := range b.Indicators {
		fmt.Fprintf(&sb, " %s>%s", t, b.Dora[i])
	}
	for range b.KanDoraDue {
		sb.WriteString(" ?>?")
	}
	if len(b.Indicators)+b.KanDoraDue == 0 {
		sb.WriteString(" " + wd.Text("panel.text.unread"))
	}
	if b.KanDoraDue > 0 {
		sb.WriteString("  " + wd.Text("panel.reveal"))
	}
	if b.Mode == display.ModeIdle && b.URL != "" {
		sb.WriteString("  " + wd.Text("panel.text.join", "url", b.URL))
	}
	if b.Clock != "" {
		fmt.Fprintf(&sb, "\n| %s", b.Clock)
	}
	if b.ShowsPair() {
		fmt.Fprintf(&sb, "\n| %s", pairLine(b))
	}
	if b.ShowsCert() {
		fmt.Fprintf(&sb, "\n| %s %s", certLabel(b), b.Cert)
	}
	if h := b.Hand; h != nil {
		sb.WriteString("\n| " + wd.Text("panel.text.hand", "tiles", tile.Format(h.Concealed), "tile", h.Win.String()))
		for _, m := range h.Melds {
			sb.WriteString(", " + meldText(wd, m))
		}
	}
	sb.WriteString("\n| " + wd.Text("panel.text.lights"))
	for x := engine.East; x <= engine.North; x++ {
		s := v.Seats[x.Seat(b.Dealer)]
		fmt.Fprintf(&sb, " %s:%s", wd.Letter(x), seatText(wd, s))
	}
	sb.WriteByte('\n')
	if _, err := io.WriteString(w, sb.String()); err != nil {
		return fmt.Errorf("render: text panel: %w", err)
	}
	return nil
}

// meldText is a meld as the text panel words it, from the one meld model:
// its call, its tiles as laid ("?" for one not seen) and where it came
// from: "pon 5z5z5z (from E)", "kan ?2m2m?".
func meldText(wd display.Words, m outcome.Meld) string {
	var tiles strings.Builder
	for _, t := range m.Tiles {
		if t == "" {
			t = "?"
		}
		tiles.WriteString(t)
	}
	call := m.Call
	if a, err := engine.ParseAction(m.Call); err == nil {
		call = strings.ToLower(wd.Call(a))
	}
	if m.From == "" {
		return wd.Text("panel.text.meld_own", "call", call, "tiles", tiles.String())
	}
	from := m.From
	if x, err := engine.ParseWind(m.From); err == nil {
		from = wd.Letter(x)
	}
	return wd.Text("panel.text.meld", "call", call, "tiles", tiles.String(), "wind", from)
}

// seatText is one seat's light in words: "lost(pon)+riichi".
func seatText(wd display.Words, s display.SeatSignal) string {
	t := "-"
	if s.Signal != display.SignalNone {
		t = wd.SignalName(s.Signal.String())
		if s.Call != engine.ActNone && s.Signal != display.SignalTurn {
			t += "(" + strings.ToLower(wd.Call(s.Call)) + ")"
		}
	}
	if s.Riichi {
		t += "+" + wd.SignalName("riichi")
	}
	return t
}
