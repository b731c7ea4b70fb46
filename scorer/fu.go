package scorer

import "github.com/tabled/tabled/tile"

// fu counts the fu of a standard reading, part by part, and rounds them up
// to 10. pinfu says the hand scores pinfu (a tsumo then adds nothing).
func (h *hand) fu(rd *reading, pinfu bool) (int, []FuPart) {
	parts := []FuPart{{"base", 20}}
	add := func(name string, fu int) {
		if fu > 0 {
			parts = append(parts, FuPart{name, fu})
		}
	}
	if !h.open && !h.w.Tsumo {
		add("closed ron", 10)
	}
	for i, s := range rd.sets[:rd.n] {
		if s.typ == chow {
			continue
		}
		fu, name := 2, "pung"
		if s.typ == kong {
			fu, name = 8, "kong"
		}
		if terminalOrHonour(s.kind) {
			fu *= 2
		}
		t := tile.Tile(s.kind + 1).String()
		switch {
		case s.open:
			add("open "+name+" "+t, fu)
		case i == rd.winSet && !h.w.Tsumo:
			add("open "+name+" "+t+" (won on a discard)", fu)
		default:
			add("closed "+name+" "+t, 2*fu)
		}
	}
	p := rd.pair
	pairTile := tile.Tile(p + 1).String()
	switch {
	case p >= haku:
		add("pair "+pairTile+" (dragon)", 2)
	case p == h.seat && p == h.round:
		add("pair "+pairTile+" (seat and round wind)", h.rules.DoubleWindPairFu)
	case p == h.seat:
		add("pair "+pairTile+" (seat wind)", 2)
	case p == h.round:
		add("pair "+pairTile+" (round wind)", 2)
	}
	switch rd.waitOf(h.win) {
	case edge:
		add("edge wait", 2)
	case closed:
		add("closed wait", 2)
	case pairWait:
		add("pair wait", 2)
	}
	if h.w.Tsumo && !pinfu {
		add("tsumo", 2)
	}
	sum := 0
	for _, part := range parts {
		sum += part.Fu
	}
	if h.open && sum == 20 {
		add("open pinfu shape", 2)
		sum += 2
	}
	if r := (sum+9)/10*10 - sum; r > 0 {
		add("rounding", r)
		sum += r
	}
	return sum, parts
}
