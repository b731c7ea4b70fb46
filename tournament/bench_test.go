package tournament

import (
	"fmt"
	"testing"
)

// day is the records of a day of 32 players on 8 tables, 8 rounds, each
// game with a result and four confirmations, and a few penalties: about
// the records a tournament day makes.
func day(b *testing.B) []Record {
	var book Book
	add := func(r Record) {
		if _, err := book.Add(r); err != nil {
			b.Fatal(err)
		}
	}
	tables := []string{"t1", "t2", "t3", "t4", "t5", "t6", "t7", "t8"}
	add(rec(0, KindOptions, "", Options{Name: "Bench", Rounds: 8, RoundMinutes: 90, Tables: tables, Start: 30000, Uma: [4]int{15000, 5000, -5000, -15000}}))
	players := make([]int, 32)
	for i := range 32 {
		add(rec(1, KindPlayer, "", Player{Name: fmt.Sprintf("P%d", i+1)}))
		players[i] = i + 1
	}
	var rounds [][][4]int
	for r := range 8 {
		var ts [][4]int
		for t := range 8 {
			var tb [4]int
			for s := range 4 {
				tb[s] = (t*4+s+r*(s+1)*4)%32 + 1
			}
			ts = append(ts, tb)
		}
		rounds = append(rounds, ts)
	}
	// A seating where each round is a permutation: shift by round.
	for r := range rounds {
		for t := range rounds[r] {
			for s := range 4 {
				rounds[r][t][s] = (t*4+s+r*4)%32 + 1
			}
		}
	}
	add(rec(2, KindSeated, "", Seated{From: 1, Players: players, Rounds: rounds}))
	for r := 1; r <= 8; r++ {
		for t, name := range tables {
			add(rec(10*r, KindResult, "", result(r, name, rounds[r-1][t], [4]int{45000, 32000, 28000, 15000})))
			for _, p := range rounds[r-1][t] {
				add(rec(10*r+1, KindConfirm, "", Confirm{Round: r, Table: name, Player: p}))
			}
		}
		add(rec(10*r+2, KindPenalty, "late", Penalty{Player: r, Amount: 1000}))
	}
	recs, _ := book.Records()
	return recs
}

// BenchmarkFold is what a console does at each start: fold a day's
// records again from the first.
//
//	go test -run '^$' -bench Fold -benchmem ./tournament/
func BenchmarkFold(b *testing.B) {
	recs := day(b)
	b.ReportMetric(float64(len(recs)), "records")
	b.ResetTimer()
	for b.Loop() {
		if _, err := Fold(recs); err != nil {
			b.Fatal(err)
		}
	}
}
