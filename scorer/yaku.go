package scorer

// The places of the yaku in names.
const (
	yMenzenTsumo = iota
	yRiichi
	yIppatsu
	yChankan
	yRinshan
	yHaitei
	yHoutei
	yPinfu
	yTanyao
	yIipeikou
	ySeatWind
	yRoundWind
	yHaku
	yHatsu
	yChun
	yDoubleRiichi
	yChiitoitsu
	yChanta
	yIttsu
	ySanshoku
	ySanshokuDoukou
	ySankantsu
	yToitoi
	ySanankou
	yShousangen
	yHonroutou
	yRyanpeikou
	yJunchan
	yHonitsu
	yChinitsu
	yTenhou
	yChiihou
	yRenhou
	yKokushi
	ySuuankou
	yDaisangen
	yTsuuiisou
	yRyuuiisou
	yChinroutou
	yChuuren
	ySuukantsu
	yShousuushii
	yDaisuushii
	yDora
	yUraDora
	yAkaDora
)

// found are the yaku a reading has, by place in names.
type found [len(names)]bool

// wait is how the winning tile completed the hand.
type wait uint8

const (
	twoSided wait = iota // ryanmen: 45 waiting on 3 or 6
	edge                 // penchan: 12 on 3, 89 on 7
	closed               // kanchan: 46 on 5
	pairWait             // tanki: the pair
	dualPung             // shanpon: one of two pairs made a pung
)

// waitOf is the wait of a standard reading.
func (rd *reading) waitOf(win int8) wait {
	if rd.winSet < 0 {
		return pairWait
	}
	s := rd.sets[rd.winSet]
	if s.typ != chow {
		return dualPung
	}
	pos, rank := win-s.kind, s.kind%9
	switch {
	case pos == 1:
		return closed
	case (pos == 0 && rank == 6) || (pos == 2 && rank == 0):
		return edge
	}
	return twoSided
}

// traits are what the tiles of a reading are made of.
type traits struct {
	simples, termHon, honours, terminals, green bool // every tile is one
	anyHonour                                   bool
	suits                                       uint8 // bit s: a tile of suit s (m p s)
}

// traitsOf sums up the kinds ks.
func traitsOf(ks []int8) traits {
	t := traits{simples: true, termHon: true, honours: true, terminals: true, green: true}
	for _, k := range ks {
		th := terminalOrHonour(k)
		t.simples = t.simples && !th
		t.termHon = t.termHon && th
		t.honours = t.honours && k >= east
		t.terminals = t.terminals && th && k < east
		t.green = t.green && (k == hatsu || k == 19 || k == 20 || k == 21 || k == 23 || k == 25)
		if k >= east {
			t.anyHonour = true
		} else {
			t.suits |= 1 << (k / 9)
		}
	}
	return t
}

// situation marks the yaku of what the table saw, whatever the reading.
func (h *hand) situation(y *found) {
	w := h.w
	y[yMenzenTsumo] = w.Tsumo && !h.open
	y[yDoubleRiichi] = w.DoubleRiichi
	y[yRiichi] = w.Riichi && !w.DoubleRiichi
	y[yIppatsu] = w.Ippatsu
	y[yChankan] = w.Chankan && !w.Tsumo
	y[yRinshan] = w.Rinshan && w.Tsumo
	y[yHaitei] = w.LastTile && w.Tsumo && !w.Rinshan
	y[yHoutei] = w.LastTile && !w.Tsumo
	dealer := h.seat == east
	y[yTenhou] = w.FirstTurn && w.Tsumo && dealer
	y[yChiihou] = w.FirstTurn && w.Tsumo && !dealer
	y[yRenhou] = w.FirstTurn && !w.Tsumo && !dealer
}

// suitYaku marks honitsu, chinitsu, tanyao, honroutou, tsuuiisou,
// ryuuiisou and chinroutou from the tiles' traits.
func suitYaku(t traits, y *found) {
	oneSuit := t.suits == 1 || t.suits == 2 || t.suits == 4
	y[yChinitsu] = oneSuit && !t.anyHonour
	y[yHonitsu] = oneSuit && t.anyHonour
	y[yTanyao] = t.simples
	y[yTsuuiisou] = t.honours
	y[yChinroutou] = t.terminals
	y[yHonroutou] = t.termHon && !t.honours && !t.terminals
	y[yRyuuiisou] = t.green
}

// standardYaku marks the yaku of four sets and a pair.
func (h *hand) standardYaku(rd *reading, y *found) {
	sets := rd.sets[:rd.n]
	var ks [18]int8
	tiles := append(ks[:0], rd.pair, rd.pair)
	var chows [kinds]int8 // concealed-or-not chows by lowest kind
	var pungs [kinds]bool // pungs and kongs by kind
	concealedPungs, kongs, dragons, winds, nChows := 0, 0, 0, 0, 0
	allTermSets := terminalOrHonour(rd.pair)
	for i, s := range sets {
		tiles = append(tiles, s.kind)
		switch s.typ {
		case chow:
			tiles = append(tiles, s.kind+2)
			chows[s.kind]++
			nChows++
			allTermSets = allTermSets && (s.kind%9 == 0 || s.kind%9 == 6)
			continue
		case kong:
			kongs++
		}
		pungs[s.kind] = true
		allTermSets = allTermSets && terminalOrHonour(s.kind)
		if !s.open && !(i == rd.winSet && s.typ == pung && !h.w.Tsumo) {
			concealedPungs++
		}
		switch {
		case s.kind >= haku:
			dragons++
		case s.kind >= east:
			winds++
		}
	}
	t := traitsOf(tiles)
	suitYaku(t, y)
	w := rd.waitOf(h.win)
	valuePair := rd.pair >= haku || rd.pair == h.seat || rd.pair == h.round
	y[yPinfu] = !h.open && nChows == 4 && !valuePair && w == twoSided
	peikou := 0
	for _, c := range chows {
		peikou += int(c / 2)
	}
	y[yRyanpeikou] = !h.open && peikou == 2
	y[yIipeikou] = !h.open && peikou == 1
	y[ySeatWind] = pungs[h.seat]
	y[yRoundWind] = pungs[h.round]
	y[yHaku], y[yHatsu], y[yChun] = pungs[haku], pungs[hatsu], pungs[chun]
	y[yChanta] = allTermSets && nChows > 0 && t.anyHonour
	y[yJunchan] = allTermSets && nChows > 0 && !t.anyHonour
	for s := int8(0); s < 27; s += 9 {
		y[yIttsu] = y[yIttsu] || (chows[s] > 0 && chows[s+3] > 0 && chows[s+6] > 0)
	}
	for r := int8(0); r < 9; r++ {
		y[ySanshoku] = y[ySanshoku] || (r < 7 && chows[r] > 0 && chows[r+9] > 0 && chows[r+18] > 0)
		y[ySanshokuDoukou] = y[ySanshokuDoukou] || (pungs[r] && pungs[r+9] && pungs[r+18])
	}
	y[ySankantsu] = kongs == 3
	y[ySuukantsu] = kongs == 4
	y[yToitoi] = nChows == 0
	y[ySanankou] = concealedPungs == 3
	y[ySuuankou] = concealedPungs == 4
	dragonPair, windPair := rd.pair >= haku, rd.pair >= east && rd.pair < haku
	y[yShousangen] = dragons == 2 && dragonPair
	y[yDaisangen] = dragons == 3
	y[yShousuushii] = winds == 3 && windPair
	y[yDaisuushii] = winds == 4
	y[yChuuren] = len(h.melds) == 0 && h.nineGates()
}

// nineGates reports 1112345678999 of one suit and one more of it.
func (h *hand) nineGates() bool {
	for s := 0; s < 27; s += 9 {
		c := h.concealed[s : s+9]
		if c[0] < 3 || c[8] < 3 {
			continue
		}
		n := int8(0)
		ok := true
		for _, x := range c {
			ok = ok && x >= 1
			n += x
		}
		return ok && n == 14
	}
	return false
}

// pairsYaku marks the yaku of seven pairs.
func (h *hand) pairsYaku(rd *reading, y *found) {
	var ks [7]int8
	copy(ks[:], rd.pairs[:])
	suitYaku(traitsOf(ks[:]), y)
	y[yChiitoitsu] = true
}
