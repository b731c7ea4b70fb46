package scorer

import "github.com/tabled/tabled/tile"

// setType is what a group of tiles is.
type setType uint8

const (
	chow setType = iota
	pung
	kong
)

// set is a chow, pung or kong of a reading, by its lowest kind.
type set struct {
	kind   int8
	typ    setType
	melded bool // one of the Win's melds
	open   bool // called: a chii, pon or open kong
}

// holds reports whether the set holds a tile of kind k.
func (s set) holds(k int8) bool {
	if s.typ == chow {
		return k >= s.kind && k <= s.kind+2
	}
	return k == s.kind
}

// kinds are the kinds of the set's tiles, one per tile.
func (s set) kinds() []int8 {
	switch s.typ {
	case chow:
		return []int8{s.kind, s.kind + 1, s.kind + 2}
	case pung:
		return []int8{s.kind, s.kind, s.kind}
	}
	return []int8{s.kind, s.kind, s.kind, s.kind}
}

// String is the set in mpsz: "234m", "(555p)" for a called set, "[5555p]"
// for a concealed kong.
func (s set) String() string { return string(s.appendTo(nil)) }

// appendTo appends the set in mpsz to b.
func (s set) appendTo(b []byte) []byte {
	switch {
	case s.open:
		b = append(b, '(')
	case s.melded:
		b = append(b, '[')
	}
	for _, k := range s.kinds() {
		b = append(b, byte('1'+k%9))
	}
	b = append(b, "mpsz"[s.kind/9])
	switch {
	case s.open:
		b = append(b, ')')
	case s.melded:
		b = append(b, ']')
	}
	return b
}

// meldSet is the set a meld's shown tiles make, or why they make none.
func meldSet(m Meld) (set, *Refusal) {
	want := 3
	if m.Kind == OpenKan || m.Kind == ClosedKan {
		want = 4
	}
	if m.Kind > ClosedKan {
		return set{}, refuse(BadMeld, Fault{Code: FaultMeldKind}, "unknown kind of meld")
	}
	if len(m.Tiles) != want {
		return set{}, refuse(BadMeld, Fault{Code: FaultMeldSize, Text: m.Kind.String(), N: want, M: len(m.Tiles)}, "a %s shows %d tiles, not %d", m.Kind, want, len(m.Tiles))
	}
	var ks [4]int8
	for i, t := range m.Tiles {
		if !t.Known() {
			return set{}, refuse(BadMeld, Fault{Code: FaultMeldUnseen, N: i + 1}, "tile %d was not seen: the scorer needs every meld's tiles", i+1)
		}
		ks[i] = int8(t.Kind())
	}
	s := set{kind: ks[0], melded: true, open: m.Kind != ClosedKan, typ: pung}
	if m.Kind == Chii {
		s.typ = chow
		lo := min(ks[0], ks[1], ks[2])
		s.kind = lo
		if lo >= east || lo%9 > 6 || (ks[0]+ks[1]+ks[2]) != 3*lo+3 || ks[0] == ks[1] || ks[1] == ks[2] || ks[0] == ks[2] {
			return set{}, refuse(BadMeld, Fault{Code: FaultMeldNotRow}, "not three tiles in a row of one suit")
		}
		return s, nil
	}
	if want == 4 {
		s.typ = kong
	}
	for _, k := range ks[:want] {
		if k != ks[0] {
			return set{}, refuse(BadMeld, Fault{Code: FaultMeldNotKind, N: want}, "not %d tiles of one kind", want)
		}
	}
	return s, nil
}

// form is the shape of a reading.
type form uint8

const (
	standard   form = iota // four sets and a pair
	sevenPairs             // chiitoitsu
	orphans                // kokushi: one of each terminal and honour, one doubled
)

// reading is one way to read a hand: the sets (the melds among them) and
// the pair, or seven pairs, or thirteen orphans.
type reading struct {
	form   form
	sets   [4]set
	n      int  // sets in use
	pair   int8 // the pair's kind; the doubled tile of thirteen orphans
	pairs  [7]int8
	winSet int // the set the winning tile completed, -1: the pair
}

// shape is the reading in mpsz, concealed groups first, the pair in its
// place among them, then the melds.
func (rd *reading) shape(h *hand) string {
	if rd.form == orphans {
		return tile.Format(h.w.Concealed)
	}
	b := make([]byte, 0, 40)
	pair := func(k int8) {
		if len(b) > 0 {
			b = append(b, ' ')
		}
		b = append(b, byte('1'+k%9), byte('1'+k%9), "mpsz"[k/9])
	}
	if rd.form == sevenPairs {
		for _, k := range rd.pairs {
			pair(k)
		}
		return string(b)
	}
	pairDone := false
	for _, melded := range []bool{false, true} {
		for _, s := range rd.sets[:rd.n] {
			if s.melded != melded {
				continue
			}
			if !pairDone && (melded || rd.pair < s.kind) {
				pair(rd.pair)
				pairDone = true
			}
			if len(b) > 0 {
				b = append(b, ' ')
			}
			b = s.appendTo(b)
		}
	}
	if !pairDone {
		pair(rd.pair)
	}
	return string(b)
}

// terminalOrHonour reports a 1, a 9 or an honour.
func terminalOrHonour(k int8) bool { return k >= east || k%9 == 0 || k%9 == 8 }

// readings calls f with every reading of the hand. The reading is reused
// between calls.
func (h *hand) readings(f func(*reading)) {
	var rd reading
	counts := h.concealed
	if len(h.melds) == 0 {
		if seven(&counts, &rd) {
			f(&rd)
		}
		if k, ok := thirteen(&counts); ok {
			rd = reading{form: orphans, pair: k}
			f(&rd)
		}
	}
	rd = reading{form: standard}
	for k := range int8(kinds) {
		if counts[k] < 2 {
			continue
		}
		counts[k] -= 2
		rd.pair = k
		rd.n = 0
		split(&counts, 0, &rd, func(rd *reading) {
			n := rd.n
			for _, m := range h.melds {
				rd.sets[rd.n] = m
				rd.n++
			}
			f(rd)
			rd.n = n
		})
		counts[k] += 2
	}
}

// split takes the concealed counts apart into pungs and chows from kind
// from up, calling f with each complete reading.
func split(counts *[kinds]int8, from int8, rd *reading, f func(*reading)) {
	for from < kinds && counts[from] == 0 {
		from++
	}
	if from == kinds {
		f(rd)
		return
	}
	if rd.n == 4 {
		return
	}
	if counts[from] >= 3 {
		counts[from] -= 3
		rd.sets[rd.n] = set{kind: from, typ: pung}
		rd.n++
		split(counts, from, rd, f)
		rd.n--
		counts[from] += 3
	}
	if from < east && from%9 <= 6 && counts[from+1] > 0 && counts[from+2] > 0 {
		counts[from]--
		counts[from+1]--
		counts[from+2]--
		rd.sets[rd.n] = set{kind: from, typ: chow}
		rd.n++
		split(counts, from, rd, f)
		rd.n--
		counts[from]++
		counts[from+1]++
		counts[from+2]++
	}
}

// seven reads seven different pairs.
func seven(counts *[kinds]int8, rd *reading) bool {
	*rd = reading{form: sevenPairs, winSet: -1}
	n := 0
	for k, c := range counts {
		switch {
		case c == 0:
		case c == 2 && n < 7:
			rd.pairs[n] = int8(k)
			n++
		default:
			return false
		}
	}
	return n == 7
}

// thirteen reads thirteen orphans and returns the doubled kind.
func thirteen(counts *[kinds]int8) (int8, bool) {
	double := int8(noKind)
	for k, c := range counts {
		switch {
		case c == 0 && !terminalOrHonour(int8(k)):
		case c == 1 && terminalOrHonour(int8(k)):
		case c == 2 && terminalOrHonour(int8(k)) && double == noKind:
			double = int8(k)
		default:
			return 0, false
		}
	}
	return double, double != noKind
}

// Waits are the tiles that would complete a hand of concealed tiles and
// melds holding 3n+1 tiles (a kong counts 3), one tile of each kind in
// mpsz order: four sets and a pair, seven pairs or thirteen orphans. A
// kind the hand and melds already hold four of is no wait. Tiles not seen
// and melds that make no set give no waits.
func Waits(concealed []tile.Tile, melds []Meld) []tile.Tile {
	h := hand{}
	held := [kinds]int8{}
	for _, t := range concealed {
		if !t.Known() {
			return nil
		}
		h.concealed[t.Kind()]++
		held[t.Kind()]++
	}
	for _, m := range melds {
		s, err := meldSet(m)
		if err != nil {
			return nil
		}
		h.melds = append(h.melds, s)
		for _, k := range s.kinds() {
			held[k]++
		}
	}
	if len(concealed)+3*len(melds) != 13 {
		return nil
	}
	var waits []tile.Tile
	for k := range int8(kinds) {
		if held[k] >= 4 {
			continue
		}
		h.concealed[k]++
		found := false
		h.readings(func(*reading) { found = true })
		h.concealed[k]--
		if found {
			waits = append(waits, tile.Tile(k+1))
		}
	}
	return waits
}
