package scorer

import "github.com/tabled/tabled/tile"

// fu counts the fu of a standard reading, part by part, and rounds them up
// to 10. pinfu says the hand scores pinfu (a tsumo then adds nothing).
func (h *hand) fu(rd *reading, pinfu bool) (int, []FuPart) {
	parts := []FuPart{{Name: "base", Code: "base", Fu: 20}}
	add := func(code, name string, t tile.Tile, fu int) {
		if fu > 0 {
			parts = append(parts, FuPart{Name: name, Code: code, Tile: t, Fu: fu})
		}
	}
	if !h.open && !h.w.Tsumo {
		add("closed_ron", "closed ron", tile.NoTile, 10)
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
		t := tile.Tile(s.kind + 1)
		switch {
		case s.open:
			add("open_"+name, "open "+name+" "+t.String(), t, fu)
		case i == rd.winSet && !h.w.Tsumo:
			add("ron_"+name, "open "+name+" "+t.String()+" (won on a discard)", t, fu)
		default:
			add("closed_"+name, "closed "+name+" "+t.String(), t, 2*fu)
		}
	}
	p := rd.pair
	pt := tile.Tile(p + 1)
	pairTile := pt.String()
	switch {
	case p >= haku:
		add("pair_dragon", "pair "+pairTile+" (dragon)", pt, 2)
	case p == h.seat && p == h.round:
		add("pair_double_wind", "pair "+pairTile+" (seat and round wind)", pt, h.rules.DoubleWindPairFu)
	case p == h.seat:
		add("pair_seat_wind", "pair "+pairTile+" (seat wind)", pt, 2)
	case p == h.round:
		add("pair_round_wind", "pair "+pairTile+" (round wind)", pt, 2)
	}
	switch rd.waitOf(h.win) {
	case edge:
		add("edge_wait", "edge wait", tile.NoTile, 2)
	case closed:
		add("closed_wait", "closed wait", tile.NoTile, 2)
	case pairWait:
		add("pair_wait", "pair wait", tile.NoTile, 2)
	}
	if h.w.Tsumo && !pinfu {
		add("tsumo", "tsumo", tile.NoTile, 2)
	}
	sum := 0
	for _, part := range parts {
		sum += part.Fu
	}
	if h.open && sum == 20 {
		add("open_pinfu", "open pinfu shape", tile.NoTile, 2)
		sum += 2
	}
	if r := (sum+9)/10*10 - sum; r > 0 {
		add("rounding", "rounding", tile.NoTile, r)
		sum += r
	}
	return sum, parts
}
