package web

import (
	"github.com/tabled/tabled/display"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/payment"
	"github.com/tabled/tabled/scorer"
)

// WinView is a winner's win as the page shows it: how it was won (for the
// hand picker: a tsumo, whose drawn tile the player marks, or the discard
// a ron took, which is the winning tile), and once the hand is settled
// from its tiles, the hand with its yaku, fu and value, on every tablet.
type WinView struct {
	Tsumo bool `json:"tsumo"`
	// On is the tile a ron was won on, "" after a tsumo or when the table
	// did not see it.
	On string `json:"on,omitempty"`
	// Scored is the settled hand, nil while its value is due and for a
	// value entered as han and fu.
	Scored *ScoredView `json:"scored,omitempty"`
	// Laid are the tiles the winner has laid so far on its seat's discard
	// reader, of LayCount in all (0 when its hand is not due).
	Laid     []string `json:"laid,omitempty"`
	LayCount int      `json:"lay_count,omitempty"`
}

// ScoredView is a settled hand scored from its tiles: the concealed tiles
// as entered (the winning tile among them; the page sorts them), the winning tile, the melds the
// table recorded as their tiles, the yaku (by the score line's names, the
// page says them with the catalog's words), the fu part by part (each
// with its code and tile, for the same), the value in English words ("3
// han 40 fu", "mangan"), the value itself (Worth: the page words it in
// the reader's language) and what it paid before counters and deposits.
type ScoredView struct {
	Hand   []string        `json:"hand"`
	Win    string          `json:"win"`
	Melds  [][]string      `json:"melds"`
	Yaku   []scorer.Yaku   `json:"yaku"`
	Fu     []scorer.FuPart `json:"fu"`
	Value  string          `json:"value"`
	Worth  payment.Value   `json:"worth"`
	Points int             `json:"points"`
}

// winViews fills in each winner's WinView from what the table saw of the
// win and, once the hand is settled, the hands it was scored from.
func winViews(v *StateView, st engine.State) {
	for s, sit := range st.Seen {
		if sit == nil {
			continue
		}
		w := &WinView{Tsumo: sit.Tsumo}
		if !sit.Tsumo {
			w.On = tileText(sit.Discard)
		}
		if len(st.Laid[s]) > 0 {
			w.Laid, w.LayCount = tileTexts(st.Laid[s]), st.LayCount[s]
		}
		v.Seats[s].Win = w
	}
	if !display.HandSettled(st) {
		return
	}
	for _, sw := range st.LastScore.Wins {
		if sw.Hand == nil || !sw.Seat.Valid() || v.Seats[sw.Seat].Win == nil {
			continue
		}
		v.Seats[sw.Seat].Win.Scored = scoredView(sw)
	}
}

func scoredView(sw engine.ScoreWin) *ScoredView {
	h := sw.Hand
	sv := &ScoredView{Hand: tileTexts(h.Concealed), Win: tileText(h.WinTile), Melds: [][]string{},
		Yaku: append([]scorer.Yaku{}, h.Result.Yaku...), Fu: append([]scorer.FuPart{}, h.Result.FuParts...),
		Value: sw.Value.Words(), Worth: sw.Value, Points: sw.Points}
	for _, m := range h.Melds {
		sv.Melds = append(sv.Melds, tileTexts(m.Tiles))
	}
	return sv
}

func tileTexts(ts []engine.Tile) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = tileText(t)
	}
	return out
}
