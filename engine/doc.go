// Package engine holds the rules of a riichi mahjong table as the rule
// books state them (the EMA Riichi Competition Rules 2016 and 2008/2012,
// the World Riichi Championship rules 2015, a profile each): tiles, seats
// and winds, rule profiles, the state of a hand, and the arbitration of
// claims on a discard.
//
// The engine is pure and deterministic. It never reads a clock, starts a
// goroutine or does I/O: time enters only as the stamp on an Event and as the
// argument of Advance. Replaying the same events therefore yields the same
// outcomes, which is what lets a referee trust a replayed claim log.
//
// One Engine is owned by one goroutine; it is not safe for concurrent use.
package engine
