// Package mjai exports the public events of a claim log in the mjai event
// format (one JSON object per line), so that hands played at a physical
// table can be read by mjai tools. Tiles the table did not see are "?".
package mjai

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/journal"
	"github.com/tabled/tabled/outcome"
)

// Writer turns inputs and outcomes, in log order, into mjai events.
type Writer struct {
	w       io.Writer
	dealer  engine.Seat
	inHand  bool
	started bool
	// end is the hand's latest hand_end, told when the hand closes: a
	// later ron on the same tile can still change the winners (2016 head
	// bump by a closer seat, 2008 one more winner), and a call within the
	// deadline can put back a too-fast tsumo.
	end *outcome.Record
	err error
}

// closeHand tells how the hand ended and ends it.
func (m *Writer) closeHand() {
	if o := m.end; o != nil {
		if o.Result == "draw" {
			m.emit(map[string]any{"type": "ryukyoku"})
		}
		for _, s := range o.Winners {
			if o.Result != "draw" {
				m.emit(map[string]any{"type": "hora", "actor": m.seatOf(s)})
			}
		}
	}
	m.end = nil
	m.emit(map[string]any{"type": "end_kyoku"})
	m.inHand = false
}

// NewWriter writes to w.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w} }

func (m *Writer) emit(v map[string]any) {
	if m.err != nil {
		return
	}
	b, err := json.Marshal(v)
	if err == nil {
		_, err = fmt.Fprintf(m.w, "%s\n", b)
	}
	m.err = err
}

// Pai is a tile in mjai notation: 1m..9m, 5mr for a red five, E S W N P F C
// for honours, "?" when unknown.
func Pai(t engine.Tile) string {
	if !t.Known() {
		return "?"
	}
	if t.Suit() == engine.Honor {
		return [...]string{"E", "S", "W", "N", "P", "F", "C"}[t.Rank()-1]
	}
	s := fmt.Sprintf("%d%c", t.Rank(), t.Suit().Letter())
	if t.Red() {
		s += "r"
	}
	return s
}

func paiOf(mpsz string) string {
	t, err := engine.ParseTile(mpsz)
	if err != nil {
		return "?"
	}
	return Pai(t)
}

func (m *Writer) startHand(dealer engine.Seat) {
	if !m.started {
		m.emit(map[string]any{"type": "start_game"})
		m.started = true
	}
	m.dealer, m.inHand = dealer, true
	m.emit(map[string]any{"type": "start_kyoku", "oya": int(dealer), "dora_marker": "?"})
}

// seatOf is the absolute seat of a wind letter in the current hand.
func (m *Writer) seatOf(letter string) int {
	w, err := engine.ParseWind(letter)
	if err != nil {
		return -1
	}
	return int(w.Seat(m.dealer))
}

// Input adds a logged input.
func (m *Writer) Input(in journal.InputBody) {
	if !m.inHand && in.Event.Action != engine.NewHand {
		m.startHand(in.Dealer)
	}
	ev := in.Event
	switch ev.Action {
	case engine.Discard:
		m.emit(map[string]any{"type": "dahai", "actor": int(ev.Seat), "pai": Pai(ev.Tile), "tsumogiri": false})
	case engine.Riichi:
		m.emit(map[string]any{"type": "reach", "actor": int(ev.Seat)})
	case engine.NewHand:
		if m.inHand {
			m.closeHand()
		}
	}
}

// Outcome adds a logged outcome.
func (m *Writer) Outcome(o outcome.Record) {
	if !m.inHand {
		return
	}
	switch o.Type {
	case outcome.TypeDecision:
		if len(o.Won) > 0 && o.Won[0].Call != "ron" {
			m.end = nil // a call that put back a too-fast tsumo
		}
		if len(o.Won) == 0 || o.Discard == nil || o.Won[0].Call == "ron" {
			return // a win is told by its hand_end
		}
		w := o.Won[0]
		typ := map[string]string{"chii": "chi", "pon": "pon", "kan": "daiminkan"}[w.Call]
		consumed := map[string]int{"chi": 2, "pon": 2, "daiminkan": 3}[typ]
		m.emit(map[string]any{"type": typ, "actor": m.seatOf(w.Seat), "target": m.seatOf(o.Discard.Seat),
			"pai": paiOf(o.Discard.Tile), "consumed": strings.Split(strings.Repeat("?", consumed), "")})
	case outcome.TypeDora:
		if n := len(o.Indicators); n > 0 {
			m.emit(map[string]any{"type": "dora", "dora_marker": paiOf(o.Indicators[n-1])})
		}
	case outcome.TypeHandEnd:
		end := o
		m.end = &end
	}
}

// Close ends the game and reports the first write error.
func (m *Writer) Close() error {
	if m.inHand {
		m.closeHand()
	}
	if m.started {
		m.emit(map[string]any{"type": "end_game"})
	}
	return m.err
}

// FromLog writes the mjai events of the claim-log records in dir that pass f.
func FromLog(w io.Writer, dir string, f claimlog.Filter) error {
	m := NewWriter(w)
	err := claimlog.Read(dir, f, func(r claimlog.Record) error {
		switch r.Kind {
		case claimlog.KindInput:
			b, err := journal.Input(r)
			if err != nil {
				return fmt.Errorf("mjai: %w", err)
			}
			m.Input(b)
		case claimlog.KindOutcome:
			o, err := journal.Outcome(r)
			if err != nil {
				return fmt.Errorf("mjai: %w", err)
			}
			m.Outcome(o)
		}
		return nil
	})
	if err != nil {
		return err
	}
	return m.Close()
}
