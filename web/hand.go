package web

import (
	"errors"
	"fmt"
	"io"
	"net/http"

	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/outcome"
	"github.com/tabled/tabled/payment"
	"github.com/tabled/tabled/scorer"
)

// DecodeHand reads a hand as typed: its concealed tiles in mpsz groups,
// the winning tile included ("234m 456p 789s 5p 55z"), and its winning
// tile ("5m"; "" for none: after a ron the table knows the discard). The
// error names the field.
func DecodeHand(hand, win string) ([]engine.Tile, engine.Tile, error) {
	ts, err := engine.ParseHand(hand)
	if err != nil {
		return nil, engine.NoTile, fmt.Errorf("field hand: %w", err)
	}
	w := engine.NoTile
	if win != "" {
		if w, err = engine.ParseTile(win); err != nil {
			return nil, engine.NoTile, fmt.Errorf("field win: %q is not an mpsz tile like 5m", win)
		}
	}
	return ts, w, nil
}

// HandPreview is the body of POST /api/hand/preview: a hand proposed for
// a winner's seat, scored without being entered.
type HandPreview struct {
	// Seat is the winner's physical seat (0..3).
	Seat *int `json:"seat"`
	// Hand and Win are as a SeatEntry's.
	Hand string `json:"hand"`
	Win  string `json:"win"`
}

// PreviewValue is a previewed hand's worth: han (dora included) and fu as
// counted, the limit reached, the number of yakuman, the value in words
// ("4 han 30 fu", "mangan"), the value itself (Worth: the page words it
// in the reader's language) and what the win pays before counters and
// deposits (a ron: the discarder; a tsumo: the others together).
type PreviewValue struct {
	Han     int           `json:"han"`
	Fu      int           `json:"fu"`
	Limit   string        `json:"limit"`
	Yakuman int           `json:"yakuman,omitempty"`
	Words   string        `json:"words"`
	Worth   payment.Value `json:"worth"`
	Points  int           `json:"points"`
}

// PreviewAnswer is the answer of POST /api/hand/preview: the value, the
// yaku and the fu of the hand, or the reason it cannot be scored (value
// null, yaku and fu empty). Furiten names the discard that would make a
// ron on it furiten, "" when none.
type PreviewAnswer struct {
	Value   *PreviewValue   `json:"value"`
	Yaku    []scorer.Yaku   `json:"yaku"`
	Fu      []scorer.FuPart `json:"fu"`
	Furiten string          `json:"furiten,omitempty"`
	Error   string          `json:"error,omitempty"`
}

// DecodeHandPreview reads and checks a preview body; the error names the
// field.
func DecodeHandPreview(r io.Reader) (seat engine.Seat, hand []engine.Tile, win engine.Tile, err error) {
	var p HandPreview
	if err := decodeBody(r, &p); err != nil {
		return 0, nil, engine.NoTile, err
	}
	if p.Seat == nil || *p.Seat < 0 || *p.Seat > 3 {
		return 0, nil, engine.NoTile, fmt.Errorf("field seat: a preview needs the winner's seat 0..3")
	}
	hand, win, err = DecodeHand(p.Hand, p.Win)
	return engine.Seat(*p.Seat), hand, win, err
}

// Preview scores a proposed hand in the table's state st: the answer the
// preview endpoint gives, its furiten note in l (nil: English).
func Preview(l *catalog.Lang, st engine.State, seat engine.Seat, hand []engine.Tile, win engine.Tile) PreviewAnswer {
	a := PreviewAnswer{Yaku: []scorer.Yaku{}, Fu: []scorer.FuPart{}}
	wh, err := st.ScoreHand(seat, hand, win)
	if err != nil {
		a.Error = err.Error()
		var he *engine.HandError
		if errors.As(err, &he) && he.Fault.Code != "" {
			a.Error = outcome.FaultWords(l, he.Fault)
		}
		return a
	}
	r := wh.Result
	a.Value = &PreviewValue{Han: r.Han, Fu: r.Fu, Limit: r.Limit.String(), Words: r.Value.Words(), Worth: r.Value, Points: wh.Points}
	if r.Value.Limit == payment.Yakuman && r.Value.Yakuman > 1 {
		a.Value.Yakuman = r.Value.Yakuman
	}
	a.Yaku = append(a.Yaku, r.Yaku...)
	a.Fu = append(a.Fu, r.FuParts...)
	a.Furiten = wh.Furiten
	if l != nil && !english(l) && wh.FuritenArgs != nil {
		if s, ok := outcome.Reason(l, engine.CodeFuriten, *wh.FuritenArgs); ok {
			a.Furiten = s
		}
	}
	return a
}

// handleHandPreview scores a hand proposed for a winner without entering
// it, for whoever may enter it (entrySource): the seat's page shows the
// value as the tiles are picked. Nothing is logged or applied.
func (s *Server) handleHandPreview(w http.ResponseWriter, r *http.Request) {
	if _, ok := s.entrant(w, r); !ok {
		return
	}
	seat, hand, win, err := DecodeHandPreview(r.Body)
	if err != nil {
		badBody(w, err)
		return
	}
	a := Preview(pageLang(r), s.cfg.Table.State(), seat, hand, win)
	code := http.StatusOK
	if a.Error != "" {
		code = http.StatusUnprocessableEntity
	}
	writeJSON(w, code, a)
}
