package payment

import "fmt"

// Seats is the number of players.
const Seats = 4

// Win is one winner's hand.
type Win struct {
	Seat int
	// Value is the hand's worth; the zero Value (none was entered) pays
	// nothing.
	Value Value
	// Pao is the seat liable for the yakuman (it fed the third dragon pung
	// or the fourth wind pung), or -1.
	Pao int
}

// Hand is how a hand ended, as the score sheet needs it.
type Hand struct {
	// Dealer is East's seat.
	Dealer int
	// Wins are the winners, in the order they were decided; empty for a
	// draw or a chombo.
	Wins []Win
	// Tsumo: the single winner drew the tile; otherwise the winners won
	// on From's discard (or kong).
	Tsumo bool
	From  int
	// Honba is the number of counters on the table during the hand.
	Honba int
	// Sticks is the number of riichi deposits on the table as the hand
	// ended, those placed in this hand included.
	Sticks int
	// Riichi marks the seats whose riichi deposit was placed in this hand.
	Riichi [Seats]bool
	// Tenpai marks the seats that showed a ready hand at a draw.
	Tenpai [Seats]bool
	// Chombo is the offender of a chombo that ended the hand, or -1.
	Chombo int
}

// Settlement is what a hand moves.
type Settlement struct {
	// Deltas is each seat's gain in the payments, counters and deposits
	// the hand settles (the riichi deposits placed during the hand were
	// paid then and are not in it).
	Deltas [Seats]int
	// Points is each win's worth before counters and deposits: a ron what
	// the discarder pays, a tsumo the sum the others pay.
	Points []int
	// Limits is the limit each win reached (NoLimit below mangan).
	Limits []Limit
	// Sticks is the number of deposits left on the table.
	Sticks int
	// Penalty is taken off each seat's result after uma (a chombo in a
	// tournament); table points are not touched.
	Penalty [Seats]int
}

// distance is how many turns after from the seat to comes.
func distance(from, to int) int { return ((to-from)%Seats + Seats) % Seats }

// Settle computes the payments of a hand. Values must pass Check; an error
// reports a hand the rules cannot settle (a seat out of range, a pao that
// is no yakuman).
func (r Rules) Settle(h Hand) (Settlement, error) {
	s := Settlement{Sticks: h.Sticks}
	if err := h.check(); err != nil {
		return s, err
	}
	switch {
	case h.Chombo >= 0:
		r.chombo(h, &s)
	case len(h.Wins) == 0:
		r.noten(h, &s)
	default:
		if err := r.wins(h, &s); err != nil {
			return s, err
		}
	}
	return s, nil
}

func (h Hand) check() error {
	valid := func(seat int) bool { return seat >= 0 && seat < Seats }
	switch {
	case !valid(h.Dealer):
		return refuse(Fault{Code: FaultSettleDealer, N: h.Dealer}, "payment: dealer seat %d is not 0..3", h.Dealer)
	case h.Chombo >= Seats || h.Chombo < -1:
		return refuse(Fault{Code: FaultSettleChombo, N: h.Chombo}, "payment: chombo seat %d is not 0..3", h.Chombo)
	case h.Tsumo && len(h.Wins) != 1:
		return refuse(Fault{Code: FaultSettleTsumo, N: len(h.Wins)}, "payment: a tsumo has one winner, not %d", len(h.Wins))
	case len(h.Wins) > 0 && !h.Tsumo && !valid(h.From):
		return refuse(Fault{Code: FaultSettleFrom, N: h.From}, "payment: the discarder's seat %d is not 0..3", h.From)
	case h.Honba < 0 || h.Sticks < 0:
		return refuse(Fault{Code: FaultSettleNegative}, "payment: counters and deposits cannot be negative")
	}
	seen := [Seats]bool{}
	for _, w := range h.Wins {
		switch {
		case !valid(w.Seat) || seen[w.Seat]:
			return refuse(Fault{Code: FaultSettleWinner, N: w.Seat}, "payment: winner seat %d is not a distinct seat 0..3", w.Seat)
		case !h.Tsumo && w.Seat == h.From:
			return refuse(Fault{Code: FaultSettleOwnDiscard, N: w.Seat}, "payment: seat %d cannot win on its own discard", w.Seat)
		case w.Pao >= Seats || w.Pao < -1 || w.Pao == w.Seat:
			return refuse(Fault{Code: FaultSettlePaoSeat, N: w.Pao, M: w.Seat}, "payment: seat %d cannot be liable for seat %d's hand", w.Pao, w.Seat)
		case w.Pao >= 0 && w.Value.Limit != Yakuman:
			return refuse(Fault{Code: FaultSettlePao}, "payment: liability (pao) is for a yakuman only")
		}
		seen[w.Seat] = true
	}
	return nil
}

// wins pays each winner, then the counters and the deposits.
func (r Rules) wins(h Hand, s *Settlement) error {
	closest := h.Wins[0].Seat
	if !h.Tsumo {
		for _, w := range h.Wins {
			if distance(h.From, w.Seat) < distance(h.From, closest) {
				closest = w.Seat
			}
		}
	}
	for _, w := range h.Wins {
		if w.Value.IsZero() {
			// No value was entered: the hand pays nothing, its counters
			// neither; the deposits still go to the winners.
			s.Points, s.Limits = append(s.Points, 0), append(s.Limits, NoLimit)
			continue
		}
		if err := r.Check(w.Value, h.Tsumo); err != nil {
			return fmt.Errorf("payment: seat %d: %w", w.Seat, err)
		}
		_, limit := r.Basic(w.Value)
		s.Limits = append(s.Limits, limit)
		honba := 0
		if r.HonbaEachWinner || w.Seat == closest {
			honba = h.Honba
		}
		dealer := w.Seat == h.Dealer
		pay := func(from, n int) { s.Deltas[from] -= n; s.Deltas[w.Seat] += n }
		if h.Tsumo {
			fromDealer, fromOther := r.TsumoPoints(w.Value, dealer)
			total := 0
			for p := range Seats {
				if p == w.Seat {
					continue
				}
				share := fromOther
				if p == h.Dealer {
					share = fromDealer
				}
				total += share
				payer := p
				if w.Pao >= 0 && r.PaoShared {
					payer = w.Pao // the liable seat pays the whole tsumo
				}
				pay(payer, share+honba*r.HonbaTsumo)
			}
			s.Points = append(s.Points, total)
			continue
		}
		points := r.RonPoints(w.Value, dealer)
		s.Points = append(s.Points, points)
		if w.Pao >= 0 && w.Pao != h.From && r.PaoShared {
			half := up100(points / 2)
			pay(w.Pao, half)
			pay(h.From, points-half+honba*r.HonbaRon)
			continue
		}
		pay(h.From, points+honba*r.HonbaRon)
	}
	// Deposits: with several winners each winner's own riichi comes back
	// to it; the rest go to the closest winner.
	left := h.Sticks * r.Riichi
	if r.OwnRiichiBack && len(h.Wins) > 1 {
		for _, w := range h.Wins {
			if h.Riichi[w.Seat] && w.Seat != closest && left >= r.Riichi {
				s.Deltas[w.Seat] += r.Riichi
				left -= r.Riichi
			}
		}
	}
	s.Deltas[closest] += left
	s.Sticks = 0
	return nil
}

// noten pays the tenpai players at a draw.
func (r Rules) noten(h Hand, s *Settlement) {
	n := 0
	for _, t := range h.Tenpai {
		if t {
			n++
		}
	}
	if n == 0 || n == Seats {
		return
	}
	for p, t := range h.Tenpai {
		if t {
			s.Deltas[p] += r.Noten / n
		} else {
			s.Deltas[p] -= r.Noten / (Seats - n)
		}
	}
}

// chombo returns this hand's deposits and charges the offender.
func (r Rules) chombo(h Hand, s *Settlement) {
	for p, ri := range h.Riichi {
		if ri && s.Sticks > 0 {
			s.Deltas[p] += r.Riichi
			s.Sticks--
		}
	}
	if r.ChomboTable == 0 {
		s.Penalty[h.Chombo] = r.ChomboResult
		return
	}
	for p := range Seats {
		if p == h.Chombo {
			continue
		}
		n := r.ChomboTable
		if p == h.Dealer || h.Chombo == h.Dealer {
			n *= 2
		}
		s.Deltas[p] += n
		s.Deltas[h.Chombo] -= n
	}
}

// Continue is what follows a hand: the counters on the table for the next
// hand and whether East stays East. East stays after a win of its own,
// when tenpai at a draw, and after a chombo; a counter is added after an
// East win and after a draw; all are removed after another seat's win
// (RCR 2016 3.4.10-3.4.11).
func Continue(h Hand) (honba int, dealerKeeps bool) {
	switch {
	case h.Chombo >= 0:
		return h.Honba, true
	case len(h.Wins) == 0:
		return h.Honba + 1, h.Tenpai[h.Dealer]
	}
	for _, w := range h.Wins {
		if w.Seat == h.Dealer {
			return h.Honba + 1, true
		}
	}
	return 0, false
}
