package tournament

import (
	"fmt"
	"slices"
)

// Book is a tournament's records and the State they fold to. Add checks
// a record against what came before and refuses one that does not fit,
// so the records a Book holds always fold without error.
type Book struct {
	recs      []Record
	withdrawn map[int]int // record seq -> the withdrawal's seq
	state     State
}

// Fold replays records (as a store gives them back, Seq 1, 2, ...) into
// a Book; the first that does not fit is an error naming it.
func Fold(recs []Record) (*Book, error) {
	b := &Book{}
	for _, r := range recs {
		if r.Seq != len(b.recs)+1 {
			return nil, fmt.Errorf("tournament: record %d comes after record %d: the records are not in order", r.Seq, len(b.recs))
		}
		if _, err := b.add(r, false); err != nil {
			return nil, err
		}
	}
	if b.withdrawn == nil {
		b.refold()
	}
	b.state.Alerts = check(&b.state)
	return b, nil
}

// State returns what is in force. It shares nothing with the Book.
func (b *Book) State() State {
	if b.withdrawn == nil {
		b.refold()
	}
	return clone(b.state)
}

// Records returns the records, oldest first, with the seq of the
// withdrawal that took each back (0: in force).
func (b *Book) Records() ([]Record, map[int]int) {
	w := make(map[int]int, len(b.withdrawn))
	for k, v := range b.withdrawn {
		w[k] = v
	}
	return slices.Clone(b.recs), w
}

// Len is the number of records.
func (b *Book) Len() int { return len(b.recs) }

// Add checks r against the records before it and, when it fits, adds it
// with the next Seq (and, for a new player, the next number) and returns
// it as added; the error says why a record that does not fit is refused.
func (b *Book) Add(r Record) (Record, error) { return b.add(r, true) }

// add is Add; checked says whether to look for what does not add up now
// (Fold looks once, at the end).
func (b *Book) add(r Record, checked bool) (Record, error) {
	if b.withdrawn == nil {
		b.refold()
	}
	r.Seq = len(b.recs) + 1
	if err := shape(r); err != nil {
		return Record{}, fmt.Errorf("tournament: record %d (%s): %w", r.Seq, r.Kind, err)
	}
	if r.Kind == KindPlayer && r.Player.Number == 0 {
		p := *r.Player
		p.Number = len(b.state.Players) + 1
		r.Player = &p
	}
	if r.Kind == KindWithdraw {
		if err := b.withdraw(r); err != nil {
			return Record{}, fmt.Errorf("tournament: record %d (withdraw): %w", r.Seq, err)
		}
		b.recs = append(b.recs, r)
		return r, nil
	}
	if err := apply(&b.state, r); err != nil {
		return Record{}, fmt.Errorf("tournament: record %d (%s): %w", r.Seq, r.Kind, err)
	}
	b.recs = append(b.recs, r)
	b.state.Last = r.Seq
	if checked {
		b.state.Alerts = check(&b.state)
	}
	return r, nil
}

// withdrawable are the kinds a withdrawal can take back.
var withdrawable = map[Kind]bool{KindCorrect: true, KindSwap: true, KindPenalty: true, KindConfirm: true, KindResult: true}

// withdraw takes back the record a withdrawal names: the records are
// folded again without it, and the withdrawal is refused when a later
// record then no longer fits (withdraw that one first).
func (b *Book) withdraw(r Record) error {
	t := r.Withdraw.Seq
	switch {
	case t < 1 || t >= r.Seq:
		return fmt.Errorf("there is no record %d to withdraw", t)
	case b.withdrawn[t] != 0:
		return fmt.Errorf("record %d was withdrawn already (by record %d)", t, b.withdrawn[t])
	case !withdrawable[b.recs[t-1].Kind]:
		return fmt.Errorf("record %d is a %s, which is not withdrawn (only corrections, swaps, penalties, confirmations and results)", t, b.recs[t-1].Kind)
	case b.recs[t-1].Kind == KindResult && !b.recs[t-1].Result.Referee:
		return fmt.Errorf("record %d is the table's own result: correct it instead", t)
	}
	b.withdrawn[t] = r.Seq
	if err := b.refoldErr(); err != nil {
		delete(b.withdrawn, t)
		b.refold()
		return fmt.Errorf("record %d cannot be withdrawn: %w", t, err)
	}
	b.state.Last = r.Seq
	return nil
}

// refold folds the records in force again from nothing.
func (b *Book) refold() {
	if err := b.refoldErr(); err != nil {
		panic(fmt.Sprintf("tournament: records that were checked no longer fold: %v", err))
	}
}

func (b *Book) refoldErr() error {
	if b.withdrawn == nil {
		b.withdrawn = map[int]int{}
	}
	var s State
	for _, r := range b.recs {
		if r.Kind == KindWithdraw || b.withdrawn[r.Seq] != 0 {
			continue
		}
		if err := apply(&s, r); err != nil {
			return fmt.Errorf("record %d (%s) would no longer fit: %w", r.Seq, r.Kind, err)
		}
	}
	s.Last = len(b.recs)
	s.Alerts = check(&s)
	b.state = s
	return nil
}

// shape checks what a record must carry whatever came before it.
func shape(r Record) error {
	fields := 0
	for _, set := range []bool{r.Player != nil, r.Substitute != nil, r.Options != nil, r.Seated != nil, r.Clock != nil,
		r.Result != nil, r.Confirm != nil, r.Swap != nil, r.Penalty != nil, r.Withdraw != nil} {
		if set {
			fields++
		}
	}
	var ok bool
	switch r.Kind {
	case KindPlayer:
		ok = r.Player != nil
	case KindSubstitute:
		ok = r.Substitute != nil
	case KindOptions:
		ok = r.Options != nil
	case KindSeated:
		ok = r.Seated != nil
	case KindClock:
		ok = r.Clock != nil
	case KindResult, KindCorrect:
		ok = r.Result != nil
	case KindConfirm:
		ok = r.Confirm != nil
	case KindSwap:
		ok = r.Swap != nil
	case KindPenalty:
		ok = r.Penalty != nil
	case KindWithdraw:
		ok = r.Withdraw != nil
	default:
		return fmt.Errorf("unknown kind %q", r.Kind)
	}
	switch {
	case !ok || fields != 1:
		return fmt.Errorf("a %s record carries its own field and no other", r.Kind)
	case r.By == "":
		return fmt.Errorf("who made it is not said")
	case r.At.IsZero():
		return fmt.Errorf("when it was made is not said")
	}
	needWhy := r.Kind == KindCorrect || r.Kind == KindSwap || r.Kind == KindPenalty || r.Kind == KindWithdraw ||
		r.Kind == KindResult && r.Result.Referee
	if needWhy && r.Why == "" {
		return Refuse("need_why", nil, "a %s needs a reason", r.Kind)
	}
	return nil
}

// clone copies a State so that the copy shares nothing with it.
func clone(s State) State {
	c := s
	c.Options.Tables = slices.Clone(s.Options.Tables)
	c.Players = slices.Clone(s.Players)
	for i := range c.Players {
		c.Players[i].Cards = slices.Clone(c.Players[i].Cards)
	}
	c.Rounds = slices.Clone(s.Rounds)
	for i := range c.Rounds {
		c.Rounds[i].Games = slices.Clone(c.Rounds[i].Games)
		for j := range c.Rounds[i].Games {
			g := &c.Rounds[i].Games[j]
			g.ConfirmedBy = slices.Clone(g.ConfirmedBy)
			if g.Result != nil {
				r := *g.Result
				g.Result = &r
			}
		}
	}
	c.Penalties = slices.Clone(s.Penalties)
	c.Alerts = slices.Clone(s.Alerts)
	return c
}
