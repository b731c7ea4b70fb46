package club

import (
	"fmt"
	"net/http"

	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/payment"
	"github.com/tabled/tabled/tournament"
)

func (t *Tournament) resultRoutes(mux *http.ServeMux) {
	mux.HandleFunc("POST /api/tournament/result", func(w http.ResponseWriter, r *http.Request) { t.result(w, r, tournament.KindResult) })
	mux.HandleFunc("POST /api/tournament/correct", func(w http.ResponseWriter, r *http.Request) { t.result(w, r, tournament.KindCorrect) })
	mux.HandleFunc("POST /api/tournament/confirm", t.confirm)
	mux.HandleFunc("POST /api/tournament/swap", t.swap)
	mux.HandleFunc("POST /api/tournament/penalty", t.penalty)
	mux.HandleFunc("POST /api/tournament/withdraw", t.withdraw)
}

// ResultBody is the body of POST /api/tournament/result (a referee enters
// the result of a table that could not finish) and /correct (a referee
// corrects a result): the table points of the game's seats, East first
// as seated, and the deposits left. Places and results after uma come
// from the tournament's book, as the table would have made them.
type ResultBody struct {
	By     string `json:"by"`
	Why    string `json:"why"`
	Round  int    `json:"round"`
	Table  string `json:"table"`
	Points [4]int `json:"points"`
	Sticks int    `json:"sticks"`
}

func (t *Tournament) result(w http.ResponseWriter, r *http.Request, kind tournament.Kind) {
	var b ResultBody
	if !decode(w, r, maxBody, &b) {
		return
	}
	st, _ := t.Store.State()
	g := st.Game(b.Round, b.Table)
	if g == nil {
		fail(w, http.StatusNotFound, fmt.Sprintf("no table %q plays round %d", b.Table, b.Round))
		return
	}
	res, err := scored(st.Options, *g, b.Points, b.Sticks)
	if err != nil {
		fail(w, http.StatusConflict, err.Error())
		return
	}
	res.Round, res.Referee = b.Round, kind == tournament.KindResult
	rec := newRecord(kind, b.By, b.Why, t.now())
	rec.Result = &res
	t.add(w, b.By, rec)
}

// scoreRules are the tournament's book's figures (start, uma, deposits);
// the zero Rules when the book is unknown.
func scoreRules(o tournament.Options) payment.Rules {
	p, err := engine.ProfileByName(o.Book)
	if err != nil || p.Score == nil {
		return payment.Rules{}
	}
	return *p.Score
}

// scored makes a game's result from its table points by the book's
// standings (places, uma, deposits left).
func scored(o tournament.Options, g tournament.GameState, points [4]int, sticks int) (tournament.Result, error) {
	rules := scoreRules(o)
	if rules.StartPoints == 0 {
		return tournament.Result{}, fmt.Errorf("the tournament's book %q does not score: set it in the options", o.Book)
	}
	if sticks < 0 || sticks > 100 {
		return tournament.Result{}, fmt.Errorf("field sticks: %d deposits", sticks)
	}
	res := tournament.Result{Table: g.Table, Sticks: sticks}
	for _, s := range rules.Standings(points, sticks, [4]int{}, 0) {
		res.Seats[s.Seat] = tournament.Seat{Player: g.Players[s.Seat], Points: s.Points, Place: s.Place, Result: s.Result}
	}
	return res, nil
}

// ConfirmBody is the body of POST /api/tournament/confirm: player 0 is
// the referee (by), else one of the game's players.
type ConfirmBody struct {
	By string `json:"by"`
	tournament.Confirm
}

func (b ConfirmBody) signed() Signed { return Signed{By: b.By} }

func (t *Tournament) confirm(w http.ResponseWriter, r *http.Request) {
	if signedChange(t, w, r, tournament.KindConfirm, func(rec *tournament.Record, b *ConfirmBody) { rec.Confirm = &b.Confirm }) {
		t.sendRound() // the game confirmed: the table's next round, if seated
	}
}

// SwapBody is the body of POST /api/tournament/swap.
type SwapBody struct {
	Signed
	tournament.Swap
}

func (t *Tournament) swap(w http.ResponseWriter, r *http.Request) {
	signedChange(t, w, r, tournament.KindSwap, func(rec *tournament.Record, b *SwapBody) { rec.Swap = &b.Swap })
}

// PenaltyBody is the body of POST /api/tournament/penalty.
type PenaltyBody struct {
	Signed
	tournament.Penalty
}

func (t *Tournament) penalty(w http.ResponseWriter, r *http.Request) {
	signedChange(t, w, r, tournament.KindPenalty, func(rec *tournament.Record, b *PenaltyBody) { rec.Penalty = &b.Penalty })
}

// WithdrawBody is the body of POST /api/tournament/withdraw.
type WithdrawBody struct {
	Signed
	tournament.Withdraw
}

func (t *Tournament) withdraw(w http.ResponseWriter, r *http.Request) {
	signedChange(t, w, r, tournament.KindWithdraw, func(rec *tournament.Record, b *WithdrawBody) { rec.Withdraw = &b.Withdraw })
}
