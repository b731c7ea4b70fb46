package engine

import (
	"github.com/tabled/tabled/payment"
	"github.com/tabled/tabled/scorer"
)

// The score figures of each rule book, by profile name. They are data:
// ProfileByName puts them in the profile, and the session note records
// them with it, so a game replays under the figures it was played with. A
// profile recorded without them (a log from before the score was kept)
// replays without any score.
//
// Each figure says where its book states it; where the book could not be
// read for a figure, the comment says so and what was chosen.
var scoreFigures = map[string]payment.Rules{
	// EMA Riichi Competition Rules 2016.
	"ema2016": {
		StartPoints: 30000,                              // 1.4: every player starts with 30,000
		Game:        payment.Hanchan,                    // 3.5: East and South rounds
		Uma:         [4]int{15000, 5000, -5000, -15000}, // 3.6.1
		Oka:         0,                                  // 3.6.1: no oka
		TiesSplit:   true,                               // 3.6.1: tied players share the uma of their places
		// 3.6: deposits left at the end go to the winner (split on a tie;
		// the rounding of a split is not stated: see payment.Standings).
		LeftoverToFirst: true,
		BustEnds:        false, // 3.6: no bust, play goes on below zero
		// 5.9 (tournament sessions): at the signal the hand in play is
		// finished and one more hand is played.
		AfterTime:       1,
		Kiriage:         false, // 4.1: 4 han 30 fu is 7,700 (no rounding to mangan)
		KazoeYakuman:    false, // 4.1: 13 han or more is a sanbaiman
		MaxYakuman:      1,     // 4.2.5: yakuman are not cumulative
		HonbaRon:        300,   // 3.4.10
		HonbaTsumo:      100,   // 3.4.10
		HonbaEachWinner: true,  // 4.1: with several winners each gets the counters
		Riichi:          1000,  // 3.3.14
		OwnRiichiBack:   true,  // 3.3.14: winners take their own deposit back, the rest to the closest winner
		Noten:           3000,  // 3.4.2
		ChomboResult:    20000, // 3.4.6: in a tournament, 20,000 off the result after uma
		PaoShared:       true,  // 3.3.9
		Aka:             0,     // no red fives in 2016
	},
	// EMA Riichi Competition Rules 2008 (the same text in the 2012
	// edition unless said).
	"ema2008": {
		StartPoints: 30000,                              // 1.4, as in 2016
		Game:        payment.Hanchan,                    // 3.5, as in 2016
		Uma:         [4]int{15000, 5000, -5000, -15000}, // NOT READ in the 2008 text: sources disagree (+9/+3 reported for 2008); the 2012/2016 uma is used
		TiesSplit:   true,                               // NOT READ: as 2016
		// NOT READ: leftover deposits; as 2016 (to the first place).
		LeftoverToFirst: true,
		// NOT READ: the 2008/2012 text on time-limited sessions; as 2016
		// 5.9 (the hand in play is finished and one more is played).
		AfterTime:       1,
		Kiriage:         false, // no rounding to mangan in 2008 (4.1 table)
		KazoeYakuman:    true,  // 2008: 13 han or more is a yakuman (dropped in 2016)
		MaxYakuman:      1,     // NOT READ: a single yakuman, as 2016
		HonbaRon:        300,   // 3.4.10 (2012 text read): each counter adds 300
		HonbaTsumo:      100,   // 3.4.10: 100 from each opponent on a self-draw
		HonbaEachWinner: true,  // 3.4.9: a discarder pays "the full value of each hand" to each winner
		Riichi:          1000,  // 3.3.12: 1,000 to the table, to the winner; after a draw it stays
		OwnRiichiBack:   true,  // NOT READ for several winners: as 2016
		Noten:           3000,  // 3.4.2
		// 3.4.6: "The chombo penalty is the same size as a mangan
		// payment: 4000 to East, 2000 to other players", paid at the table.
		ChomboTable: 2000,
		PaoShared:   true, // NOT READ: as 2016
		Aka:         3,    // 2008/2012 used red fives (one per suit); dropped in 2016
	},
	// World Riichi Championship Rules 2015.
	"wrc2015": {
		StartPoints: 30000,                              // 4.1
		Game:        payment.Hanchan,                    // 5.8-5.9
		Uma:         [4]int{15000, 5000, -5000, -15000}, // 5.9.2
		TiesSplit:   true,                               // 5.9.2: the uma of tied players is averaged
		// NOT READ: deposits left at the end; as RCR 2016 (to the first place).
		LeftoverToFirst: true,
		// 8.2 (tournament hanchans): "When the time ends, players must
		// finish the current hand"; none is played after it.
		AfterTime:       0,
		Kiriage:         true,  // 6.1: 4 han 30 fu and 3 han 60 fu are a mangan
		KazoeYakuman:    false, // 6.1: no kazoe yakuman, 11+ han is a sanbaiman
		MaxYakuman:      1,     // every yakuman counts as a single one
		HonbaRon:        300,   // 5.7.7
		HonbaTsumo:      100,   // 5.7.7
		HonbaEachWinner: false, // 5.7.6: one winner per hand (head bump)
		Riichi:          1000,
		OwnRiichiBack:   false, // one winner per hand
		Noten:           3000,  // 5.7.2
		ChomboResult:    20000, // 7.1: penalties are taken off the overall score, not the table's
		PaoShared:       true,  // 6.2
		Aka:             0,
	},
}

// scoreOf is a copy of the named profile's figures, nil when it has none.
func scoreOf(name string) *payment.Rules {
	if r, ok := scoreFigures[name]; ok {
		return &r
	}
	return nil
}

// ScoreFigures returns the score figures of the named profile, and false
// when the profile keeps no score.
func ScoreFigures(name string) (payment.Rules, bool) {
	r, ok := scoreFigures[name]
	return r, ok
}

// handOf is a copy of the named profile's hand rules (yaku, fu, limits:
// the scorer keeps them, with the book and section of each figure), nil
// when the scorer has none for it.
func handOf(name string) *scorer.Rules {
	r, ok := scorer.Profile(name)
	if !ok {
		return nil
	}
	return &r
}
