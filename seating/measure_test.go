package seating

import "testing"

// TestMeasure measures hand-made seatings whose figures are counted by
// hand in the comments.
func TestMeasure(t *testing.T) {
	same16 := Seating{}
	for range 6 {
		same16 = append(same16, [][4]int{{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}, {13, 14, 15, 16}})
	}
	for _, c := range []struct {
		name    string
		s       Seating
		players int
		want    Quality
	}{{
		// The same two tables twice: the 12 pairs of a table meet twice,
		// everyone sits the same wind and table twice, the 16 pairs across
		// the tables never meet and have no one in common.
		name: "8 players, the same tables twice", players: 8,
		s: Seating{{{1, 2, 3, 4}, {5, 6, 7, 8}}, {{1, 2, 3, 4}, {5, 6, 7, 8}}},
		want: Quality{Players: 8, Hanchan: 2, Tables: 2,
			RepeatPairs: 12, Repeats: 12, MaxMeet: 2,
			WindOff: 8, WindMin: 0, WindMax: 2,
			MaxVisits: 2, NeededVisits: 1, VisitsOver: 8,
			NeverMet: 16},
	}, {
		// Round 2 seats 5 2 7 4 and 1 6 3 8: 2-4, 5-7, 1-3 and 6-8 meet
		// again; 2, 4, 6 and 8 stay at their table; everyone keeps their
		// wind. The 8 pairs never met (1-5, 1-7, 3-5, 3-7, 2-6, 2-8, 4-6,
		// 4-8) each have 4 players in common (1-5: 2, 4, 6, 8).
		name: "8 players, half the tables moved", players: 8,
		s: Seating{{{1, 2, 3, 4}, {5, 6, 7, 8}}, {{5, 2, 7, 4}, {1, 6, 3, 8}}},
		want: Quality{Players: 8, Hanchan: 2, Tables: 2,
			RepeatPairs: 4, Repeats: 4, MaxMeet: 2,
			WindOff: 8, WindMin: 0, WindMax: 2,
			MaxVisits: 2, NeededVisits: 1, VisitsOver: 4,
			NeverMet: 8, MinCommon: 4, MeanCommon: 4},
	}, {
		// Four players, four rounds, the winds turning: each pair meets 4
		// times (18 repeats, all forced: 24 meetings for 6 pairs), each
		// player sits each wind once, at the one table 4 times, as needed.
		name: "one table, winds turning", players: 4,
		s: Seating{{{1, 2, 3, 4}}, {{2, 3, 4, 1}}, {{3, 4, 1, 2}}, {{4, 1, 2, 3}}},
		want: Quality{Players: 4, Hanchan: 4, Tables: 1,
			RepeatPairs: 6, Repeats: 18, ForcedRepeats: 18, MaxMeet: 4,
			WindMin: 1, WindMax: 1,
			MaxVisits: 4, NeededVisits: 4},
	}, {
		// Sixteen players at the same tables six times: 24 pairs meet 6
		// times (120 repeats; the sizes force 16·(18-15)/2 = 24); each
		// player sits one wind 6 times (4 over 2) and three none (1 under
		// 1 each): 7 off each; 6 visits to a table where 2 are needed.
		name: "16 players, the same tables six times", players: 16, s: same16,
		want: Quality{Players: 16, Hanchan: 6, Tables: 4,
			RepeatPairs: 24, Repeats: 120, ForcedRepeats: 24, MaxMeet: 6,
			WindOff: 112, WindMin: 0, WindMax: 6,
			MaxVisits: 6, NeededVisits: 2, VisitsOver: 64,
			NeverMet: 96},
	}, {
		// Numbers outside 1..players are left out, not a panic: player 4
		// has not played, and never met the three others.
		name: "a number out of range", players: 4,
		s: Seating{{{1, 2, 3, 9}}},
		want: Quality{Players: 4, Hanchan: 1, Tables: 1,
			MaxMeet: 1, WindMin: 0, WindMax: 1,
			MaxVisits: 1, NeededVisits: 1, NeverMet: 3},
	}} {
		t.Run(c.name, func(t *testing.T) {
			if got := Measure(c.s, c.players); got != c.want {
				t.Errorf("got  %#v\nwant %#v", got, c.want)
			}
		})
	}
}
