package claimlog

import (
	"encoding/json"
	"slices"
	"strings"
)

// Concerns reports whether the record is about the seat (a wind letter):
// the seat it names (an input's, a decision's winner, a rejection's), or a
// decision the seat won or lost, or a hand it won. A referee asking about
// a seat wants the claims it lost as much as those it won.
func (r Record) Concerns(seat string) bool {
	return r.Seat == seat || seatMaskOf(r)&seatBit(seat) != 0
}

// seatMaskOf is the seats an outcome's body names among the winners and
// losers, one bit a wind; 0 for other records.
func seatMaskOf(r Record) uint8 {
	if r.Kind != KindOutcome || (r.Type != "decision" && r.Type != "hand_end") {
		return 0
	}
	var b struct {
		Won     []struct{ Seat string } `json:"won"`
		Lost    []struct{ Seat string } `json:"lost"`
		Winners []string                `json:"winners"`
	}
	if json.Unmarshal(r.Body, &b) != nil {
		return 0
	}
	var m uint8
	for _, c := range slices.Concat(b.Won, b.Lost) {
		m |= seatBit(c.Seat)
	}
	for _, s := range b.Winners {
		m |= seatBit(s)
	}
	return m
}

// seatBit is a wind letter's bit in a seat mask, 0 for anything else: the
// log names seats by the wind letters of their hand (E, S, W, N).
func seatBit(letter string) uint8 {
	if len(letter) != 1 {
		return 0
	}
	if i := strings.IndexByte("ESWN", letter[0]); i >= 0 {
		return 1 << uint(i)
	}
	return 0
}
