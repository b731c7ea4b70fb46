package club

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/journal"
	"github.com/tabled/tabled/outcome"
	"github.com/tabled/tabled/tournament"
)

// The console and the tables (docs/tournament.md, "Running a round"):
// the console sends each table its Round when the round is seated, at
// each change of its clock or its players, when the table's game of the
// round before is over, and in answer to each Ask; a table logs the Round it takes as an input, and
// its game_end becomes the round's result for the players it logged at
// its seats.

// roundFor is the Round for table in round n of st, at the moment of
// sending; false when the table does not play it.
func (t *Tournament) roundFor(st tournament.State, n int, table string) (Round, bool) {
	g := st.Game(n, table)
	if g == nil {
		return Round{}, false
	}
	r := Round{Tournament: st.Options.Name, Round: n, AfterTime: st.Options.AfterTime,
		Clock: roundClock(st.Round(n).Clock, t.now())}
	for i, num := range g.Players {
		p, _ := st.Player(num)
		r.Seats[i] = RoundSeat{Player: num, Name: p.Name, EMA: p.EMA, Cards: p.Cards}
	}
	return r, true
}

// nextSent numbers a message to table: above the last sent to it and at
// least the console's clock in milliseconds, so the numbers go on rising
// across the console's restarts without being kept.
func (t *Tournament) nextSent(table string) uint64 {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.sent == nil {
		t.sent = map[string]uint64{}
	}
	s := max(t.sent[table]+1, uint64(t.now().UnixMilli()))
	t.sent[table] = s
	return s
}

// tableRoundOf is the round a table plays or is to play next: the last
// round whose clock has started (the first round before any), or the
// round after it once the table's game of it has its result and it is
// confirmed: a new round starts the table's next game, so it comes once
// the players have confirmed the game at the table (or a referee has),
// or when the referee starts the next round's clock.
func tableRoundOf(st tournament.State, table string) int {
	r := 1
	for _, rs := range st.Rounds {
		if rs.Clock.State != tournament.ClockWaiting {
			r = rs.Number
		}
	}
	if g := st.Game(r, table); g != nil && g.Result != nil && g.Confirmed && st.Round(r+1) != nil {
		r++
	}
	return r
}

// sendRound sends each table its round (tableRoundOf), after the answer
// to the change that calls it: the sends are made one at a time, in
// order, so a table gets the changes in the order made (and a later Sent
// on each).
func (t *Tournament) sendRound() {
	if t.Send == nil {
		return
	}
	t.sending.Add(1)
	go func() {
		defer t.sending.Done()
		t.sendMu.Lock()
		defer t.sendMu.Unlock()
		st, _ := t.Store.State()
		for _, table := range st.Options.Tables {
			if n := tableRoundOf(st, table); st.Game(n, table) != nil {
				t.sendTo(st, n, table)
			}
		}
	}()
}

// Wait waits for the rounds being sent.
func (t *Tournament) Wait() { t.sending.Wait() }

func (t *Tournament) sendTo(st tournament.State, n int, table string) {
	t.send(st, n, table, false)
}

// same is what makes two Rounds the same message to a table: all but
// their numbers and, while the clock runs, the time left (the table
// counts it down itself).
func same(a, b Round) bool {
	a.Sent, b.Sent = 0, 0
	if a.Clock.State == tournament.ClockRunning && b.Clock.State == tournament.ClockRunning {
		a.Clock.RemainingMS, b.Clock.RemainingMS = 0, 0
	}
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return string(ja) == string(jb)
}

// send sends table its Round of round n, unless it is the same as the
// last sent to it (a table logs each new Round: a change elsewhere sends
// it nothing); always answers an ask.
func (t *Tournament) send(st tournament.State, n int, table string, always bool) {
	r, ok := t.roundFor(st, n, table)
	if !ok {
		return
	}
	t.mu.Lock()
	if t.last == nil {
		t.last = map[string]Round{}
	}
	prev, had := t.last[table]
	t.mu.Unlock()
	if had && !always && same(prev, r) {
		return
	}
	r.Sent = t.nextSent(table)
	if err := t.Send(table, r); err != nil {
		t.warn(table, say("console.warn.round_not_sent", "round", digits(n), "error", err.Error()))
		return
	}
	t.mu.Lock()
	t.last[table] = r
	t.mu.Unlock()
}

// Connected sends every table its round again, as to a table that asks:
// a console started again may have been killed before a round it had
// decided reached the broker (WatcherConfig.OnBroker, when connected).
func (t *Tournament) Connected() {
	if t.Send == nil {
		return
	}
	t.mu.Lock()
	t.last = nil
	t.mu.Unlock()
	t.sendRound()
}

// Ask answers a table's ask with a fresh Round of its round (tableRoundOf),
// if it plays one (WatcherConfig.OnAsk).
func (t *Tournament) Ask(table string, a Ask) {
	if t.Send == nil {
		return
	}
	t.sendMu.Lock()
	defer t.sendMu.Unlock()
	st, _ := t.Store.State()
	t.send(st, tableRoundOf(st, table), table, true)
}

// tableRound is what the console follows of a table's game: the round
// the table logged (engine.Seating), the game's first dealer's physical
// seat (where the round's East sits) and the chombos, by physical seat.
type tableRound struct {
	seating     engine.Seating
	firstDealer int
	dealer      int // the hand in play's dealer
	chombos     [4]int
}

// RoundInputType is the type of the input a table logs for each Round it
// takes (journal.InputBody, its event's seating); ConfirmedType the type
// of the outcome a table logs when a player confirms the game's result.
const (
	RoundInputType = "round"
	ConfirmedType  = "confirmed"
)

// confirmedBody is what the console reads of a table's confirmed
// outcome: the confirming player's number in the round's seating.
type confirmedBody struct {
	Player int `json:"player"`
}

// Event follows a table's event for the tournament: the Round it logged,
// its chombos, its game's end (the round's result) and its players'
// confirmations. An event the tournament refuses is an alert on the table.
func (t *Tournament) Event(m Message) {
	var rec record
	if json.Unmarshal(m.Body, &rec) != nil {
		return
	}
	t.mu.Lock()
	if t.played == nil {
		t.played = map[string]*tableRound{}
	}
	tr := t.played[m.Table]
	if tr == nil {
		// Deals are followed before any round: a table deals its first
		// hand when it starts, and takes its round later.
		tr = &tableRound{firstDealer: -1}
		t.played[m.Table] = tr
	}
	if rec.Kind == claimlog.KindInput && rec.Type == RoundInputType {
		var in journal.InputBody
		if json.Unmarshal(rec.Body, &in) == nil && in.Event.Seating != nil && in.Event.Seating.Round > 0 {
			tr.seating = *in.Event.Seating
			if tr.firstDealer < 0 && in.Dealer.Valid() {
				// No deal seen in this game: its first hand is in play (a
				// game's first hand has no deal record), dealt by the
				// dealer the input names.
				tr.firstDealer, tr.dealer = int(in.Dealer), int(in.Dealer)
			}
		}
		t.mu.Unlock()
		return
	}
	var o outcome.Record
	if rec.Kind == claimlog.KindOutcome {
		o, _ = outcome.Decode(rec.Body)
	}
	logged := tr.seating
	switch {
	case o.Type == outcome.TypeDeal:
		// The dealer moves one seat a hand number, in the East round and
		// the South alike: any deal says where the first dealer sat.
		if o.Hand >= 1 && o.Hand <= 4 && o.DealerSeat >= 0 && o.DealerSeat < 4 {
			tr.firstDealer = (o.DealerSeat - (o.Hand - 1) + 4) % 4
			tr.dealer = o.DealerSeat
		}
		t.mu.Unlock()
		return
	case o.Type == outcome.TypeScore && o.Result == "chombo":
		// The offender is named by wind in the hand: its physical seat
		// counts from the hand's dealer.
		if w := strings.Index("ESWN", o.Chombo); w >= 0 && len(o.Chombo) == 1 && tr.firstDealer >= 0 {
			tr.chombos[(tr.dealer+w)%4]++
		}
		t.mu.Unlock()
		return
	case o.Type == outcome.TypeGameEnd:
		chombos, first := tr.chombos, tr.firstDealer
		tr.chombos, tr.firstDealer = [4]int{}, -1 // the next game's first dealer is its own
		t.mu.Unlock()
		if logged.Round > 0 { // a game of no round is no tournament's
			t.gameEnd(m, logged, first, o, chombos)
		}
		return
	}
	t.mu.Unlock()
	if logged.Round == 0 {
		return
	}
	var c confirmedBody
	if rec.Kind == claimlog.KindOutcome && rec.Type == ConfirmedType && json.Unmarshal(rec.Body, &c) == nil && c.Player > 0 {
		r := newRecord(tournament.KindConfirm, "table "+m.Table, "", t.now())
		r.Confirm = &tournament.Confirm{Round: logged.Round, Table: m.Table, Player: c.Player}
		if t.addFromTable(m, r) {
			t.sendRound() // the game confirmed: the table's next round, if seated
		}
	}
}

// gameEnd makes a table's game_end the round's result for the players the
// table logged at its seats.
func (t *Tournament) gameEnd(m Message, logged engine.Seating, first int, o outcome.Record, chombos [4]int) {
	st, _ := t.Store.State()
	if first < 0 {
		t.warn(m.Table, say("console.warn.end_before_deal", "round", digits(logged.Round)))
		return
	}
	if logged.Tournament != st.Options.Name {
		t.warn(m.Table, say("console.warn.other_tournament", "tournament", strconv.Quote(logged.Tournament), "round", digits(logged.Round), "this", strconv.Quote(st.Options.Name)))
		return
	}
	if g := st.Game(logged.Round, m.Table); g != nil && g.Result != nil && g.Result.Seq == m.Seq {
		return // the same game_end again
	}
	res := tournament.Result{Round: logged.Round, Table: m.Table, Sticks: o.Sticks, Seq: m.Seq}
	if len(o.Standings) != 4 {
		t.warn(m.Table, say("console.warn.standings_count", "n", digits(len(o.Standings))))
		return
	}
	var seen [4]bool
	for _, s := range o.Standings {
		if s.Seat < 0 || s.Seat > 3 || seen[s.Seat] {
			t.warn(m.Table, say("console.warn.standings_seat", "seat", strconv.Itoa(int(s.Seat))))
			return
		}
		seen[s.Seat] = true
	}
	// Seats East..North as seated: physical seat p is wind (p-first)%4.
	for _, s := range o.Standings {
		w := (s.Seat - first + 4) % 4
		res.Seats[w] = tournament.Seat{Player: logged.Players[w].Player, Points: s.Points, Place: s.Place, Result: s.Result}
		res.Penalties[w] = chombos[s.Seat] * st.Options.Chombo
	}
	r := newRecord(tournament.KindResult, "table "+m.Table, "", t.now())
	r.Result = &res
	t.addFromTable(m, r)
}

func (t *Tournament) addFromTable(m Message, r tournament.Record) bool {
	if _, err := t.Store.Add(r); err != nil {
		t.warn(m.Table, say("console.warn.event_not_taken", "seq", digits(m.Seq), "error", err.Error()))
		return false
	}
	return true
}

func (t *Tournament) warn(table string, s Said) {
	if t.Console != nil {
		t.Console.WarnSaid(table, "tournament", s)
	}
}

// Follow is w with the callbacks that feed the console and the tournament
// t from the club's broker: every event to both, the tables' status,
// alerts (with their words, for readers in every language), refusals and forgetting to the console, the tables' asks to t,
// and the broker's state to the console, t sending every table its round
// again on each connection (Connected).
func (t *Tournament) Follow(w WatcherConfig) WatcherConfig {
	c := t.Console
	w.OnEvent = func(m Message) { c.Event(m); t.Event(m) }
	w.OnStatus, w.OnAlert, w.OnSaid, w.OnAsk, w.OnRefused, w.OnForget = c.Status, c.Warn, c.WarnSaid, t.Ask, c.Refused, c.Forget
	w.OnBroker = func(s BrokerStatus) {
		c.Broker(s)
		if s.State == BrokerConnected {
			t.Connected()
		}
	}
	return w
}
