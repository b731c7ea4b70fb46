// Package payment is the arithmetic of a riichi mahjong score sheet: what a
// winning hand of so many han and fu is worth, who pays it, how counters
// (honba) and riichi deposits move, the payments at an exhaustive draw and
// for a chombo, and the final standings with uma. It is pure: no clock, no
// I/O, only the standard library, so the engine replays it exactly and a
// scorer can call it for a hand it has counted.
//
// Every figure comes from a Rules value (the score part of a rule profile),
// never from a constant in the code, so that a game recorded under one
// edition's figures replays under them. Seats are the indices 0..3 in turn
// order; the dealer (East) is one of them.
package payment
