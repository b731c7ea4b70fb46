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
	// closing: the newhand came; the hand closes at the deal that follows
	// (a draw's score comes between them) or at the next input.
	closing bool
	// scores are the points by physical seat at the start of the hand,
	// when the log keeps score (known: a start or a score line was read);
	// score is the hand's settlement.
	scores [4]int
	known  bool
	score  *outcome.Record
	// start is the points a game starts with; over: a game ended in this
	// hand, and the next starts again from start.
	start int
	over  bool
	err   error
}

// StartPoints says the points every seat starts a game with (the session's
// rule profile keeps score): the next start_kyoku carries "scores".
func (m *Writer) StartPoints(points int) {
	m.scores, m.known, m.start = [4]int{points, points, points, points}, true, points
}

// absolute turns points by wind of the current hand into points by seat.
func (m *Writer) absolute(p outcome.ByWind) []int {
	out := make([]int, 4)
	for s := engine.Seat(0); s < 4; s++ {
		out[s] = p.Seat(s, m.dealer)
	}
	return out
}

// closeHand tells how the hand ended and ends it.
// A settled hand's deltas and scores go with its ryukyoku, or with its
// first hora (the table keeps one settlement a hand, not one a winner).
func (m *Writer) closeHand() {
	sc := m.score
	settle := func(ev map[string]any) {
		if sc != nil {
			ev["deltas"], ev["scores"] = m.absolute(sc.Deltas), m.absolute(sc.Scores)
			sc = nil
		}
		m.emit(ev)
	}
	if o := m.end; o != nil {
		if o.Result == "draw" {
			settle(map[string]any{"type": "ryukyoku"})
		}
		for _, s := range o.Winners {
			if o.Result != "draw" {
				ev := map[string]any{"type": "hora", "actor": m.seatOf(s)}
				m.worth(ev, s)
				settle(ev)
			}
		}
	}
	if m.score != nil {
		m.scores, m.known = [4]int(m.absolute(m.score.Scores)), true
	}
	if m.over {
		m.StartPoints(m.start)
	}
	m.end, m.score, m.closing, m.over = nil, nil, false, false
	m.emit(map[string]any{"type": "end_kyoku"})
	m.inHand = false
}

// worth adds to a hora what the winner's hand was worth, when the hand's
// score says it: mjai's "fan" and "fu" (and "han", the score line's word
// for fan), and for a hand the table scored from its tiles, mjai's
// "yakus", [name, fan] pairs in mjai's spelling (the score line's name
// where mjai has none), with the dora as mjai counts them.
func (m *Writer) worth(ev map[string]any, seat string) {
	if m.score == nil {
		return
	}
	for _, w := range m.score.Wins {
		if w.Seat != seat || (w.Han == 0 && w.Fu == 0) {
			continue
		}
		ev["fan"], ev["han"], ev["fu"] = w.Han, w.Han, w.Fu
		if len(w.Yaku) > 0 {
			yakus := make([][2]any, len(w.Yaku))
			for i, y := range w.Yaku {
				name := y.Name
				if n, ok := mjaiYaku[y.Name]; ok {
					name = n
				}
				yakus[i] = [2]any{name, y.Han}
			}
			ev["yakus"] = yakus
		}
		return
	}
}

// mjaiYaku are the score line's yaku names as mjai spells them.
var mjaiYaku = map[string]string{
	"menzen_tsumo": "menzenchin_tsumoho", "riichi": "reach", "ippatsu": "ippatsu", "chankan": "chankan",
	"rinshan_kaihou": "rinshankaiho", "haitei": "haiteiraoyue", "houtei": "hoteiraoyui", "pinfu": "pinfu",
	"tanyao": "tanyaochu", "iipeikou": "iipeko", "yakuhai_seat_wind": "jikaze", "yakuhai_round_wind": "bakaze",
	"haku": "sangenpai", "hatsu": "sangenpai", "chun": "sangenpai", "double_riichi": "double_reach",
	"chiitoitsu": "chitoitsu", "chanta": "honchantaiyao", "ittsu": "ikkitsukan", "sanshoku": "sanshokudojun",
	"sanshoku_doukou": "sanshokudoko", "sankantsu": "sankantsu", "toitoi": "toitoiho", "sanankou": "sanankou",
	"shousangen": "shosangen", "honroutou": "honroto", "ryanpeikou": "ryanpeko", "junchan": "junchantaiyao",
	"honitsu": "honiso", "chinitsu": "chiniso", "tenhou": "tenho", "chiihou": "chiho", "renhou": "renho",
	"kokushi": "kokushimuso", "suuankou": "suanko", "daisangen": "daisangen", "tsuuiisou": "tsuiso",
	"ryuuiisou": "ryuiso", "chinroutou": "chinroto", "chuuren": "churenpoton", "suukantsu": "sukantsu",
	"shousuushii": "shosushi", "daisuushii": "daisushi", "dora": "dora", "ura_dora": "uradora", "aka_dora": "akadora",
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
	ev := map[string]any{"type": "start_kyoku", "oya": int(dealer), "dora_marker": "?"}
	if m.known {
		ev["scores"] = m.scores[:]
	}
	m.emit(ev)
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
	switch in.Event.Action {
	case engine.Time, engine.Round, engine.Card, engine.Confirm:
		return // the tournament's, not the play's: mjai has no event for them
	}
	if m.closing && in.Event.Action != engine.NewHand {
		m.closeHand()
	}
	if !m.inHand && in.Event.Action != engine.NewHand {
		m.startHand(in.Dealer)
	}
	ev := in.Event
	switch ev.Action {
	case engine.Discard:
		if m.end != nil {
			// Once the hand has ended a read on a seat's reader is a
			// tile of the winner's hand laid on it, or refused: no
			// discard.
			return
		}
		m.emit(map[string]any{"type": "dahai", "actor": int(ev.Seat), "pai": Pai(ev.Tile), "tsumogiri": false})
	case engine.Riichi:
		m.emit(map[string]any{"type": "reach", "actor": int(ev.Seat)})
	case engine.NewHand:
		m.closing = m.inHand
	}
}

// Outcome adds a logged outcome.
func (m *Writer) Outcome(o outcome.Record) {
	if !m.inHand {
		return
	}
	switch o.Type {
	case outcome.TypeScore:
		sc := o
		m.score = &sc
		return
	case outcome.TypeGameEnd:
		m.over = true
		return
	case outcome.TypeDeal:
		if m.closing {
			m.closeHand()
		}
		return
	}
	if m.closing {
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
		if n := len(o.Indicators); n > 0 && o.Reason == "" { // a withdrawn read is no new indicator
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
		case claimlog.KindNote:
			if r.Type != claimlog.TypeSession {
				return nil
			}
			s, err := journal.SessionOf(r)
			if err != nil {
				return fmt.Errorf("mjai: %w", err)
			}
			if p, err := s.RuleProfile(); err == nil && p.Score != nil {
				m.StartPoints(p.Score.StartPoints)
			}
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
