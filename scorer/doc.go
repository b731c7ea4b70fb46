// Package scorer works out what a winning hand is worth: from the winner's
// concealed tiles, the melds the table recorded and the situation the table
// saw (riichi, ippatsu, the last tile, a kong, the winds, the dora
// indicators), it finds every way to read the hand (four sets and a pair,
// seven pairs, thirteen orphans), every yaku the rule book has with its
// han, the fu part by part, the dora, ura dora and red fives, the limits and
// yakuman, and keeps the reading worth the most, saying why.
//
// The rules are data: a Rules per rule book (Profile), each figure with the
// book and section that state it; what the books leave open is chosen and
// said in docs/scoring.md. The payment figures (kiriage, kazoe yakuman, how
// many yakuman count, red fives in the set) are payment.Rules', passed in.
//
// The package is pure: no clock, no goroutines, no I/O; it imports only the
// standard library, tile and payment.
package scorer
