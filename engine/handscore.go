package engine

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/tabled/tabled/payment"
	"github.com/tabled/tabled/scorer"
	"github.com/tabled/tabled/tile"
)

// This file scores a winner's hand: the concealed tiles the winner enters,
// with the situation the table saw (situation.go), the melds it recorded
// and the indicators it read, go to the scorer; its value is settled like
// an entered value. A hand the scorer refuses is refused with its reason;
// a furiten ron is flagged for the referee (RCR 2016 4.3 makes a wrong win
// declaration a chombo, which is the referee's to rule).

// WonHand is a winner's hand as entered and scored.
type WonHand struct {
	// Concealed are the tiles entered, the winning tile included.
	Concealed []Tile
	// WinTile is the winning tile: the drawn tile, or the discard won on.
	WinTile Tile
	// Melds are the melds the table recorded, as the scorer read them.
	Melds []scorer.Meld
	// Result is the scorer's answer: the value, the yaku and the fu.
	Result scorer.Result
	// Points is what the win pays before counters and deposits: a ron
	// what the discarder pays, a tsumo the sum the others pay (0 under
	// rules that keep no score).
	Points int
	// Furiten says, for a preview (State.ScoreHand), the discard that
	// makes a ron on this hand furiten; "" when none. FuritenArgs are
	// what it names, for its words in a reader's language (CodeFuriten).
	Furiten     string
	FuritenArgs *Args
}

// handRules are what ScoreHand needs of the profile: the hand rules, the
// payments and the number of red fives in the set.
type handRules struct {
	rules *scorer.Rules
	pay   *payment.Rules
	aka   int
}

func (e *Engine) handRules() handRules {
	r := handRules{rules: e.p.Hand, pay: e.p.Score}
	if e.p.Score != nil {
		r.aka = e.p.Score.Aka
	}
	return r
}

// HandError is why a proposed hand cannot be scored: Code is the rule
// for the log, Fault its parameters for a view to word in its reader's
// language (package outcome), Reason the English for developers.
type HandError struct {
	Code   string
	Fault  scorer.Fault
	Reason string
}

func (e *HandError) Error() string { return e.Reason }

// The sub-codes of the engine's own hand refusals (HandError.Fault.Code),
// beside the scorer's.
const (
	FaultNotWinner   = "not_winner"    // Text is the seat's wind letter, "" no seat
	FaultNoHandRules = "no_hand_rules" // the rules score no hands
	FaultTsumoWin    = "tsumo_win"     // a tsumo's drawn tile not named
	FaultWinOther    = "win_other"     // winning tile Text, the win was on Text2
	FaultWinUnseen   = "win_unseen"    // the tile won on was not seen
	FaultMeldUnseen  = "meld_unseen"   // a call Text's tile not seen
	FaultChiiUnseen  = "chii_unseen"   // the tiles of the chii on Text not seen
)

func handErr(code string, f scorer.Fault, format string, a ...any) error {
	return &HandError{Code: code, Fault: f, Reason: fmt.Sprintf(format, a...)}
}

// ScoreHand scores a hand proposed for seat's win in the state st, without
// applying it: what the seat's page shows while the tiles are picked. win
// is the winning tile (NoTile after a ron: the discard). It is pure.
func (st State) ScoreHand(seat Seat, concealed []Tile, win Tile) (WonHand, error) {
	if !seat.Valid() || st.Seen[seat] == nil {
		return WonHand{}, handErr("not_winner", scorer.Fault{Code: FaultNotWinner, Text: seatLetter(seat, st.Dealer)}, "%s did not win this hand: only a winner's hand is scored", seatName(seat, st.Dealer))
	}
	sit := st.Seen[seat]
	wh, err := scoreHand(st.hand, sit, st.Melds[seat], st.Indicators, st.Ura, concealed, win)
	if err != nil {
		return wh, err
	}
	if d, from, ok := furiten(sit, seat, st.Discards, wh); ok {
		wh.Furiten = furitenWords(seat, from, d.Tile, waitsWords(wh), st.Dealer)
		wh.FuritenArgs = &Args{Dealer: st.Dealer, Seat: seat, Other: from, Tile: d.Tile, Waits: wh.waits()}
	}
	return wh, nil
}

// furitenWords are a furiten in words: the waits, and the discard that
// makes a ron on them furiten.
func furitenWords(seat, from Seat, t Tile, waits string, dealer Seat) string {
	n := func(s Seat) string { return s.Wind(dealer).String() }
	if from == seat {
		return fmt.Sprintf("furiten: %s waits on %s and discarded %s itself: a ron is not allowed (referee)", n(seat), waits, t)
	}
	return fmt.Sprintf("furiten: %s waits on %s and let %s's %s pass: a ron is not allowed (referee)", n(seat), waits, n(from), t)
}

// seatLetter is s's wind letter ("E"), "" for no seat.
func seatLetter(s, dealer Seat) string {
	if !s.Valid() {
		return ""
	}
	return s.Wind(dealer).Letter()
}

func seatName(s, dealer Seat) string {
	if !s.Valid() {
		return "no seat"
	}
	return s.Wind(dealer).String()
}

// scoreHand is the one place a hand is scored, for an input and for a
// preview alike.
func scoreHand(hr handRules, sit *Situation, melds []Meld, indicators, ura []Tile, concealed []Tile, win Tile) (WonHand, error) {
	if hr.rules == nil {
		return WonHand{}, handErr("no_hand_rules", scorer.Fault{Code: FaultNoHandRules}, "these rules score no hands: enter the value as han and fu")
	}
	switch {
	case sit.Tsumo && !win.Known():
		return WonHand{}, handErr("win_tile", scorer.Fault{Code: FaultTsumoWin}, "name the drawn tile of the tsumo (win 5m)")
	case !sit.Tsumo && win.Known() && sit.Discard.Known() && !win.SameKind(sit.Discard):
		return WonHand{}, handErr("win_tile", scorer.Fault{Code: FaultWinOther, Text: win.String(), Text2: sit.Discard.String()}, "the hand names %s as its winning tile, but the win was on %s", win, sit.Discard)
	case !sit.Tsumo && !win.Known() && !sit.Discard.Known():
		return WonHand{}, handErr("win_tile", scorer.Fault{Code: FaultWinUnseen}, "the table did not see the tile won on: name it (win 5m)")
	case !sit.Tsumo && !win.Known():
		win = sit.Discard
	}
	wh := WonHand{Concealed: append([]Tile(nil), concealed...), WinTile: win}
	if !sit.Tsumo && !slicesHas(wh.Concealed, wh.WinTile) {
		// The discard is the winning tile whether its red was seen or not.
		for _, t := range wh.Concealed {
			if t.SameKind(wh.WinTile) {
				wh.WinTile = t
				break
			}
		}
	}
	for _, m := range melds {
		sm, err := scorerMeld(m, hr.aka)
		if err != nil {
			return WonHand{}, err
		}
		wh.Melds = append(wh.Melds, sm)
	}
	w := scorer.Win{
		Concealed: wh.Concealed, Melds: wh.Melds, WinTile: wh.WinTile, Tsumo: sit.Tsumo,
		SeatWind: windTile(sit.SeatWind), RoundWind: windTile(sit.RoundWind),
		Riichi: sit.Riichi, DoubleRiichi: sit.DoubleRiichi, Ippatsu: sit.Ippatsu,
		LastTile: sit.LastTile, Rinshan: sit.Rinshan, Chankan: sit.Chankan, FirstTurn: sit.FirstTurn,
		Indicators: append([]Tile(nil), indicators...),
	}
	if sit.Riichi {
		w.Ura = append([]Tile(nil), ura...)
	}
	var pay payment.Rules
	if hr.pay != nil {
		pay = *hr.pay
	}
	res, err := scorer.Score(w, *hr.rules, pay)
	if err != nil {
		var r *scorer.Refusal
		if errors.As(err, &r) {
			reason, f := r.Reason, r.Fault
			if (r.Code == "too_many_tiles" || r.Code == "too_few_tiles" || r.Code == "bad_meld") && len(melds) > 0 {
				f.Melds = meldWords(wh.Melds)
				reason += fmt.Sprintf(" (with the %s the table recorded: a meld the table recorded differently goes to the referee)", f.Melds)
			}
			return WonHand{}, &HandError{Code: r.Code, Fault: f, Reason: reason}
		}
		return WonHand{}, &HandError{Code: "not_complete", Reason: err.Error()}
	}
	wh.Result = res
	if p := hr.pay; p != nil {
		dealer := sit.SeatWind == East
		if sit.Tsumo {
			fromDealer, fromOther := p.TsumoPoints(res.Value, dealer)
			wh.Points = fromDealer + 2*fromOther
			if dealer {
				wh.Points = 3 * fromOther
			}
		} else {
			wh.Points = p.RonPoints(res.Value, dealer)
		}
	}
	return wh, nil
}

func slicesHas(ts []Tile, t Tile) bool {
	for _, x := range ts {
		if x == t {
			return true
		}
	}
	return false
}

// windTile is the honour tile of a wind: 1z East .. 4z North.
func windTile(w Wind) Tile {
	t, _ := NewTile(Honor, int(w&3)+1, false)
	return t
}

// scorerMeld is a recorded meld as the scorer reads it, its tiles as
// shown. A kong of fives holds the set's red five (two in pins with four
// red fives: RCR 2008 sets have one a suit).
func scorerMeld(m Meld, aka int) (scorer.Meld, error) {
	if !m.Tile.Known() {
		return scorer.Meld{}, handErr("meld_unseen", scorer.Fault{Code: FaultMeldUnseen, Text: m.Call.String()}, "the table did not see the tile of a %s: enter the value as han and fu", m.Call)
	}
	plain, _ := NewTile(m.Tile.Suit(), m.Tile.Rank(), false)
	switch m.Call {
	case Chii:
		if !m.Shown[0].Known() || !m.Shown[1].Known() {
			return scorer.Meld{}, handErr("meld_unseen", scorer.Fault{Code: FaultChiiUnseen, Text: m.Tile.String()}, "the table did not see the tiles of the chii on %s: enter the value as han and fu", m.Tile)
		}
		ts := []Tile{m.Shown[0], m.Tile, m.Shown[1]}
		sort.Slice(ts, func(i, j int) bool { return ts[i].Rank() < ts[j].Rank() })
		return scorer.Meld{Kind: scorer.Chii, Tiles: ts}, nil
	case Pon:
		ts := []Tile{m.Tile, plain, plain}
		if m.Shown[0].Known() && m.Shown[1].Known() {
			ts = []Tile{m.Shown[0], m.Tile, m.Shown[1]}
		}
		return scorer.Meld{Kind: scorer.Pon, Tiles: ts}, nil
	}
	ts := []Tile{plain, plain, plain, plain}
	if plain.Suit() != Honor && plain.Rank() == 5 && aka > 0 {
		reds := 1
		if aka == 4 && plain.Suit() == Pin {
			reds = 2
		}
		for i := 0; i < reds; i++ {
			ts[i], _ = NewTile(plain.Suit(), 5, true)
		}
	}
	k := scorer.OpenKan
	if m.Concealed {
		k = scorer.ClosedKan
	}
	return scorer.Meld{Kind: k, Tiles: ts}, nil
}

// waits are the tiles the hand waited on before its winning tile.
func (h *WonHand) waits() []Tile {
	rest := append([]Tile(nil), h.Concealed...)
	for i, t := range rest {
		if t == h.WinTile {
			rest = append(rest[:i], rest[i+1:]...)
			break
		}
	}
	return scorer.Waits(rest, h.Melds)
}

// meldWords are melds as people say them: "pon 4z4z4z, chii 3s4s5s".
func meldWords(ms []scorer.Meld) string {
	l := make([]string, len(ms))
	for i, m := range ms {
		var b strings.Builder
		b.WriteString(m.Kind.String())
		b.WriteByte(' ')
		for _, t := range m.Tiles {
			b.WriteString(t.String())
		}
		l[i] = b.String()
	}
	return strings.Join(l, ", ")
}

// String is the hand as tiles: the concealed ones, the winning tile and
// the melds as shown: "234m 456p 789s 55z 5p win 5p, pon 4z4z4z".
func (h *WonHand) String() string {
	s := tile.Format(h.Concealed) + " win " + h.WinTile.String()
	if len(h.Melds) > 0 {
		s += ", " + meldWords(h.Melds)
	}
	return s
}

// furiten is the discard that makes a ron with hand wh furiten (RCR 2016
// 4.3: a player may not win on a discard when a tile it waits on is in its
// own discards, has been passed since its own last discard, or has been
// passed since its riichi), and false when none does. Only tiles the table
// saw count.
func furiten(sit *Situation, seat Seat, discards [4][]DiscardRecord, wh WonHand) (DiscardRecord, Seat, bool) {
	if sit.Tsumo {
		return DiscardRecord{}, NoSeat, false
	}
	waits := wh.waits()
	waiting := func(t Tile) bool {
		for _, w := range waits {
			if w.SameKind(t) {
				return true
			}
		}
		return false
	}
	own := discards[seat]
	for _, d := range own {
		if d.Tile.Known() && waiting(d.Tile) {
			return d, seat, true
		}
	}
	since, riichiAt := time.Duration(-1), time.Duration(-1)
	if n := len(own); n > 0 {
		since = own[n-1].At
	}
	for _, d := range own {
		if d.Riichi {
			riichiAt = d.At
		}
	}
	for s := Seat(0); s < 4; s++ {
		if s == seat {
			continue
		}
		for _, d := range discards[s] {
			passed := d.At < sit.DiscardAt && (d.At > since || (sit.Riichi && d.At > riichiAt))
			if passed && d.Tile.Known() && waiting(d.Tile) {
				return d, s, true
			}
		}
	}
	return DiscardRecord{}, NoSeat, false
}
