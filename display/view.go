package display

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/tabled/tabled/alert"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/outcome"
	"github.com/tabled/tabled/payment"
	"github.com/tabled/tabled/tile"
)

// Hold is how long a seat's light shows won, late, lost, rejected or
// referee after the outcome.
const Hold = 3 * time.Second

// Signal is what one seat's light says. The package documentation gives
// the colour, the pixels lit and the blink of each.
type Signal uint8

// The signals, from least to most urgent.
const (
	SignalNone Signal = iota
	// SignalTurn: the seat is on turn (to draw or to discard).
	SignalTurn
	// SignalPending: the seat's call is in the open simultaneity window.
	SignalPending
	// SignalWon: the seat's call was decided for it; or a player's card
	// was laid (on any reader) and the round seats that player here.
	SignalWon
	// SignalLate: the seat's call won but came after the call deadline.
	SignalLate
	// SignalLost: the seat's call lost to another's.
	SignalLost
	// SignalRejected: the seat's call or declaration was not allowed.
	SignalRejected
	// SignalReferee: the referee must look at something the seat did.
	SignalReferee
)

var signalNames = [...]string{"none", "turn", "pending", "won", "late", "lost", "rejected", "referee"}

// String names the signal.
func (s Signal) String() string {
	if int(s) < len(signalNames) {
		return signalNames[s]
	}
	return fmt.Sprintf("signal(%d)", uint8(s))
}

// Mode is what the panel's headline is about.
type Mode uint8

// The panel modes.
const (
	// ModeIdle: no discard yet in the hand; the QR code is shown.
	ModeIdle Mode = iota
	// ModePlay: nothing to announce; the headline says whose turn it is.
	ModePlay
	// ModeOpen: a discard (or a kong that may be robbed) is open for calls.
	ModeOpen
	// ModePending: calls are in the simultaneity window.
	ModePending
	// ModeDecision: a call was decided.
	ModeDecision
	// ModeRejected: a call or declaration was rejected.
	ModeRejected
	// ModeReferee: the engine flagged something for the referee.
	ModeReferee
	// ModeDora: a dora indicator was read.
	ModeDora
	// ModeHandEnd: the hand is over.
	ModeHandEnd
	// ModeGameEnd: the game is over; the board shows the final standings.
	ModeGameEnd
)

var modeNames = [...]string{"idle", "play", "open", "pending", "decision", "rejected", "referee", "dora", "hand_end", "game_end"}

// String names the mode.
func (m Mode) String() string {
	if int(m) < len(modeNames) {
		return modeNames[m]
	}
	return fmt.Sprintf("mode(%d)", uint8(m))
}

// SeatSignal is one seat as the lights show it: its signal, and since and
// until when.
type SeatSignal struct {
	Seat engine.Seat
	Wind engine.Wind
	// Signal is what the middle of the seat's segment shows; Since is when
	// it began, the origin of its blink phase.
	Signal Signal
	Since  time.Duration
	// Until is when the signal ends by time alone (its Hold runs out); 0
	// when it lasts until the state changes (the turn, a pending call, a
	// winner's light once the hand is over).
	Until time.Duration
	// Call is the call the signal is about, or ActNone.
	Call engine.Action
	// Turn: the seat is on turn. Riichi: the seat has declared riichi.
	Turn, Riichi, Dead bool
}

// Board is everything the panel shows. It follows from the state and the
// outcomes only, never from a blink phase: a new Board means a new frame.
type Board struct {
	Mode       Mode
	RoundWind  engine.Wind
	HandNumber int
	Honba      int
	// RiichiSticks on the table.
	RiichiSticks int
	Dealer       engine.Seat
	// Turn is the seat on turn, NoSeat once the hand is over.
	Turn  engine.Seat
	Phase engine.Phase
	// Wall is the number of live tiles left to draw.
	Wall int
	// Indicators are the dora indicators read; Dora the tiles they point at.
	Indicators, Dora []engine.Tile
	// KanDoraDue is how many kan dora indicators wait for their NFC read:
	// the panel prompts "REVEAL KAN DORA".
	KanDoraDue int
	// Tags are short labels above the headline: LATE, REJECTED, REFEREE...
	Tags []string
	// Headline is the big line: "PON - North".
	Headline string
	// Tile is the tile the headline is about, NoTile for none.
	Tile engine.Tile
	// Detail are short lines saying why ("CHII East lost: called first").
	Detail []string
	// Brief is the reason in a few words, for a panel with room for one
	// short line (the OLED): "pon beat it", "head bump". It is chosen from
	// the rule codes, never cut from Detail.
	Brief string
	// Alerts are the alerts showing, oldest first: a controller that
	// rebooted, a full disk. NewView leaves them empty; the Driver fills
	// them in from the table's notes.
	Alerts []alert.Alert
	// URL is the status page's address, shown as a QR code at idle. NewView
	// leaves it empty; the Driver fills it in.
	URL string
	// Scoring: the game keeps score. Scores are each physical seat's
	// points now; Names the players' names ("" for none).
	Scoring bool
	Scores  [4]int
	Names   [4]string
	// Settled: the hand that ended is settled; Deltas are each seat's
	// change in it, shown until the next deal.
	Settled bool
	Deltas  [4]int
	// Ended: the hand is over (until the next deal).
	Ended bool
	// ValueDue marks the winners whose value is still to be entered.
	ValueDue [4]bool
	// Hand is the settled hand's winning tiles when it was scored from
	// them (the first winner's, after a double ron), nil for none: the
	// panel draws them where the dora were.
	Hand *HandTiles
	// Standings are the final standings at the game's end (ModeGameEnd),
	// first place first.
	Standings []payment.Standing
	// Pair is the table's pairing code (package pairing), shown at idle and
	// at a hand's end, when values are entered. NewView leaves it empty;
	// the Driver fills it in for the panels at the table, never for the
	// image the status page serves.
	Pair string
	// Cert is the start of the fingerprint of the certificate the table
	// made for its HTTPS page ("3F A2 91 0C 7B E4 55 D1", as a phone's
	// browser shows it), shown at idle for the referee to compare with
	// what the tablet's browser says before trusting it. NewView leaves it
	// empty; the Driver fills it in for the panels at the table, never for
	// the image the status page serves: a copy the network delivers proves
	// nothing about who delivers it.
	Cert string
	// Clock is the tournament round's time left in words ("time 12 min",
	// "time 0:42", "TIME UP"), "" outside a tournament. NewView leaves it
	// empty; the Driver fills it in (SetClock).
	Clock string
}

// ClockWords is the round's time left as the panels say it: whole minutes
// above two, then minutes and seconds; "TIME UP" at none; a "!" before it
// within the last ten minutes (the panels' warning, as the status page
// turns amber then red).
func ClockWords(left time.Duration, state string) string {
	if state == "over" || left <= 0 {
		return "TIME UP"
	}
	s := fmt.Sprintf("time %d min", int(left.Minutes()))
	if left < 2*time.Minute {
		secs := int(left.Round(time.Second).Seconds())
		s = fmt.Sprintf("time %d:%02d", secs/60, secs%60)
	}
	if state == "paused" || state == "waiting" {
		s += " (" + state + ")"
	}
	if left <= 10*time.Minute {
		s = "! " + s
	}
	return s
}

// ShowsPair reports whether the panel shows the pairing code: at idle and
// while the hand is over (its values are entered then).
func (b Board) ShowsPair() bool {
	return b.Pair != "" && (b.Mode == ModeIdle || b.Mode == ModeHandEnd || b.Ended)
}

// ShowsCert reports whether the panel shows the certificate's
// fingerprint: at idle, when tablets join.
func (b Board) ShowsCert() bool { return b.Cert != "" && b.Mode == ModeIdle }

// Equal reports whether two boards give the same panel frame.
func (b Board) Equal(c Board) bool {
	return b.Mode == c.Mode && b.RoundWind == c.RoundWind && b.HandNumber == c.HandNumber && b.Honba == c.Honba &&
		b.RiichiSticks == c.RiichiSticks && b.Dealer == c.Dealer && b.Turn == c.Turn && b.Phase == c.Phase &&
		b.Wall == c.Wall && slices.Equal(b.Indicators, c.Indicators) && slices.Equal(b.Dora, c.Dora) &&
		b.KanDoraDue == c.KanDoraDue && slices.Equal(b.Tags, c.Tags) && b.Headline == c.Headline &&
		b.Tile == c.Tile && slices.Equal(b.Detail, c.Detail) && b.Brief == c.Brief && slices.Equal(b.Alerts, c.Alerts) && b.URL == c.URL &&
		b.Pair == c.Pair && b.Cert == c.Cert && b.Scoring == c.Scoring && b.Scores == c.Scores && b.Names == c.Names && b.Settled == c.Settled &&
		b.Deltas == c.Deltas && b.ValueDue == c.ValueDue && b.Ended == c.Ended && slices.Equal(b.Standings, c.Standings) &&
		b.Hand.Equal(c.Hand) && b.Clock == c.Clock
}

// View is the table as every display shows it at one moment.
type View struct {
	// Now is the moment of the view, on the table's clock.
	Now   time.Duration
	Seats [4]SeatSignal
	Board Board
	// Expiry is the earliest moment after Now at which the seat signals
	// change by time alone: a Hold running out, or an outcome stamped after
	// Now coming into force; 0 when they change only with the state.
	Expiry time.Duration
}

// Expires reports whether the view can change with time alone (a light's
// Hold running out), even with no new state.
func (v View) Expires() bool { return v.Expiry > v.Now }

// NewView computes the view at now from the state and the latest outcomes,
// oldest first (table.Recent's outcomes, or every outcome since the table
// started: only those of the current hand are used). It is deterministic.
func NewView(st engine.State, recent []engine.Outcome, now time.Duration) View {
	v := View{Now: now}
	b := &v.Board
	*b = Board{
		RoundWind: st.RoundWind, HandNumber: st.HandNumber, Honba: st.Honba, RiichiSticks: st.RiichiSticks,
		Dealer: st.Dealer, Turn: st.Turn, Phase: st.Phase, Wall: st.Wall, KanDoraDue: st.KanDoraDue,
		Indicators: slices.Clone(st.Indicators),
	}
	if st.Ended {
		b.Turn, b.Ended = engine.NoSeat, true
	}
	for _, t := range st.Indicators {
		b.Dora = append(b.Dora, t.Dora())
	}
	for s := range v.Seats {
		seat := engine.Seat(s)
		v.Seats[s] = SeatSignal{Seat: seat, Wind: seat.Wind(st.Dealer), Riichi: st.Riichi[s], Dead: st.Dead[s], Turn: seat == b.Turn}
		if seat == b.Turn {
			v.Seats[s].Signal = SignalTurn
		}
	}

	hand := currentHand(recent, st.Ended)
	lights(&v, st, hand, now)
	board(b, st, hand)
	scores(b, st)
	return v
}

// HandSettled reports whether the hand that ended is settled: the game
// keeps score, the hand was won and every winner's value is in, so
// st.LastScore is this hand's. A draw is settled only at the next deal
// (its tenpai declarations may come until then), so over a draw
// LastScore is still an earlier hand's.
func HandSettled(st engine.State) bool {
	if !st.Scoring || !st.Ended || len(st.Winners) == 0 || st.LastScore == nil {
		return false
	}
	for _, due := range st.ValueDue {
		if due {
			return false
		}
	}
	return true
}

// currentHand is the tail of recent that belongs to the hand in play: a
// hand end before it belongs to an earlier hand unless the hand is over.
func currentHand(recent []engine.Outcome, ended bool) []engine.Outcome {
	for i := len(recent) - 1; i >= 0; i-- {
		if recent[i].Kind != engine.KindHandEnd {
			continue
		}
		if !ended {
			return recent[i+1:]
		}
		ended = false // this is the current hand's end; look for the one before
	}
	return recent
}

// lights sets the seat signals from the outcomes within Hold, the open
// window and the end of the hand.
func lights(v *View, st engine.State, hand []engine.Outcome, now time.Duration) {
	var until time.Duration // the Hold's end of the signal being set, 0 for none
	set := func(s engine.Seat, sig Signal, call engine.Action, at time.Duration) {
		if s.Valid() {
			sv := &v.Seats[s]
			sv.Signal, sv.Call, sv.Since, sv.Until = sig, call, at, until
		}
	}
	// soon keeps the earliest moment after now at which a signal changes.
	soon := func(at time.Duration) {
		if v.Expiry == 0 || at < v.Expiry {
			v.Expiry = at
		}
	}
	if st.Ended {
		for _, w := range st.Winners {
			set(w, SignalWon, engine.ActNone, st.Now)
		}
	}
	for _, o := range hand {
		switch o.Kind {
		case engine.KindDecision, engine.KindRejection, engine.KindFlag, engine.KindSeated:
		default:
			continue
		}
		if o.At > now {
			soon(o.At) // stamped ahead of the clock: it shows when the clock gets there
			continue
		}
		if now-o.At >= Hold {
			continue
		}
		until = o.At + Hold
		soon(until)
		switch o.Kind {
		case engine.KindDecision:
			for _, c := range o.Lost {
				set(c.Seat, SignalLost, c.Call, o.At)
			}
			for _, c := range o.Won {
				sig := SignalWon
				if c.Late {
					sig = SignalLate
				}
				set(c.Seat, sig, c.Call, o.At)
			}
		case engine.KindRejection:
			set(o.Seat, SignalRejected, o.Call, o.At)
		case engine.KindFlag:
			set(o.Seat, SignalReferee, o.Call, o.At)
		case engine.KindSeated:
			// A player's card: the light of the seat where the round
			// seats that player is green (a light cannot show a name, it
			// can show where: "Ana sits East" as the East light). On a
			// wrong seat's reader that seat's light is the referee's
			// (the flag that follows), and the right seat's green says
			// where to go.
			set(o.Seat, SignalWon, o.Call, o.At)
		}
	}
	until = 0
	if st.Open != nil {
		for _, c := range st.Pending {
			set(c.Seat, SignalPending, c.Call, c.At)
		}
	}
}

// scores sets the board's score: the points, the names, a settled hand's
// changes (a detail line too, for a panel with room), and at the game's
// end the standings in place of the hand.
func scores(b *Board, st engine.State) {
	b.Names = st.Names
	if !st.Scoring {
		return
	}
	b.Scoring, b.Scores, b.ValueDue = true, st.Scores, st.ValueDue
	var due []string
	for w := engine.East; w <= engine.North; w++ {
		if s := w.Seat(st.Dealer); st.ValueDue[s] {
			due = append(due, who(st, s, st.Dealer))
		}
	}
	if len(due) > 0 {
		b.Detail = append(b.Detail, "enter the value: "+strings.Join(due, ", "))
	}
	for w := engine.East; w <= engine.North; w++ {
		if s := w.Seat(st.Dealer); len(st.Laid[s]) > 0 {
			b.Detail = append(b.Detail, fmt.Sprintf("%s laid %d of %d: %s", who(st, s, st.Dealer), len(st.Laid[s]), st.LayCount[s], tile.Format(st.Laid[s])))
		}
	}
	if HandSettled(st) {
		b.Settled, b.Deltas = true, st.LastScore.Deltas
		var lines []string
		for _, w := range st.LastScore.Wins {
			lines = append(lines, fmt.Sprintf("%s: %s = %d", who(st, w.Seat, st.Dealer), w.Value.Words(), w.Points))
			if w.Hand != nil {
				lines = append(lines, engine.YakuWords(w.Hand.Result.Yaku))
				if b.Hand == nil {
					b.Hand = handTiles(w.Hand)
				}
			}
		}
		b.Detail = append(append(lines, deltaLine(st.LastScore.Deltas, st.Dealer)), b.Detail...)
	}
	if st.GameOver && st.GameEnd != nil {
		b.Mode, b.Tags, b.Tile, b.Brief = ModeGameEnd, []string{"GAME OVER"}, engine.NoTile, ""
		b.Headline = "FINAL STANDINGS"
		b.Standings = slices.Clone(st.GameEnd.Standings)
		slices.SortStableFunc(b.Standings, func(x, y payment.Standing) int { return x.Place - y.Place })
		b.Detail = nil
		for _, s := range b.Standings {
			b.Detail = append(b.Detail, StandingLine(s, st.Names[s.Seat], engine.Seat(s.Seat).Wind(st.Dealer)))
		}
	}
}

// deltaLine is a settled hand's changes by wind: "E -5200  S ±0  W +5200  N ±0".
func deltaLine(d [4]int, dealer engine.Seat) string {
	var parts []string
	for w := engine.East; w <= engine.North; w++ {
		parts = append(parts, fmt.Sprintf("%s %s", w.Letter(), Signed(d[w.Seat(dealer)])))
	}
	return strings.Join(parts, "  ")
}

// ValueText is a hand's value in words: "3 han 40 fu", "6 han",

// Signed is a change of points as people write it: "+5200", "-1000",
// "±0" (a bare 0 beside the points reads as one more digit of them).
func Signed(n int) string {
	if n == 0 {
		return "±0"
	}
	return fmt.Sprintf("%+d", n)
}

// Result is a result after uma as a results sheet writes it, in
// thousands: "+26.0", "-7.5".
func Result(n int) string {
	return fmt.Sprintf("%+.1f", float64(n)/1000)
}

// StandingLine is one place of the final standings: "1 Ana (E) 41000
// +46.0"; the wind is the seat's in the last hand, as the points were
// kept; a seat without a name is its wind alone.
func StandingLine(s payment.Standing, name string, w engine.Wind) string {
	who := w.String()
	if name != "" {
		who = name + " (" + w.Letter() + ")"
	}
	return fmt.Sprintf("%d %s %d %s", s.Place, who, s.Points, Result(s.Result))
}

// board sets the panel's mode, headline and detail.
func board(b *Board, st engine.State, hand []engine.Outcome) {
	last := lastDiscard(st)
	// The news is the hand's latest outcome, unless a discard came since.
	var news *engine.Outcome
	if n := len(hand); n > 0 {
		o := &hand[n-1]
		d := n - 2
		for d > 0 && hand[d].Code == engine.CodeDoraWithdrawn {
			d-- // a robbed kong's kan dora, withdrawn between the ron and the hand's end
		}
		switch {
		case o.Kind == engine.KindHandEnd && d >= 0 && hand[d].Kind == engine.KindDecision && hand[d].At == o.At:
			news = &hand[d] // a ron ended the hand: the decision says who and why
		case o.Kind == engine.KindDora && last < 0:
			// The first indicator, read before play: the panel stays idle.
		case o.Kind == engine.KindScore || o.Kind == engine.KindGameEnd:
			// The settlement is shown by scores, under the hand's own news.
			news = lastNews(hand[:n-1], last)
		case o.At >= last || o.Kind == engine.KindHandEnd:
			news = o
		}
	}
	switch {
	case st.Open != nil && len(st.Pending) > 0:
		b.Mode, b.Tags, b.Tile = ModePending, []string{"DECIDING"}, st.Open.Tile
		var calls []string
		for _, c := range st.Pending {
			calls = append(calls, label(c.Call, c.Seat, st.Dealer))
		}
		b.Headline = strings.Join(calls, ", ")
		b.Detail = []string{"on " + tileOf(st.Open.Seat, st.Dealer, *st.Open)}
	case news != nil:
		announce(b, st, *news)
	case st.Open != nil:
		b.Mode, b.Tile = ModeOpen, st.Open.Tile
		b.Headline = fmt.Sprintf("%s: %s", st.Open.Seat.Wind(st.Dealer), st.Open.Tile.Name())
		if st.Open.Kong {
			b.Tags = []string{"KONG"}
			b.Detail = []string{"may be robbed: RON only"}
		}
		b.Detail = append(b.Detail, turnLine(st))
	case last < 0 && !st.Ended:
		b.Mode = ModeIdle
		b.Headline = fmt.Sprintf("%s %d", st.RoundWind, st.HandNumber)
		b.Detail = []string{turnLine(st)}
	default:
		b.Mode = ModePlay
		b.Headline = turnLine(st)
	}
	if st.Ended {
		b.Tags = append(b.Tags, "HAND OVER")
	}
}

// lastNews is the news among outcomes before a settlement: the decision
// of a ron that ended the hand, else the hand's end, else the latest.
func lastNews(hand []engine.Outcome, last time.Duration) *engine.Outcome {
	for i := len(hand) - 1; i >= 0; i-- {
		o := &hand[i]
		if o.Kind != engine.KindHandEnd {
			continue
		}
		if i > 0 && hand[i-1].Kind == engine.KindDecision && hand[i-1].At == o.At {
			return &hand[i-1]
		}
		return o
	}
	if n := len(hand); n > 0 && hand[n-1].At >= last {
		return &hand[n-1]
	}
	return nil
}

// announce fills the board from the newest outcome of the hand.
func announce(b *Board, st engine.State, o engine.Outcome) {
	switch o.Kind {
	case engine.KindDecision:
		b.Mode, b.Tile = ModeDecision, o.Claimed.Tile
		var won []string
		call := engine.ActNone
		for _, c := range o.Won {
			if call == engine.ActNone {
				call = c.Call
			}
			won = append(won, who(st, c.Seat, o.Dealer))
		}
		b.Headline = strings.ToUpper(call.String()) + " - " + strings.Join(won, ", ")
		if o.Late {
			b.Tags = append(b.Tags, "LATE")
		}
		if o.Overrides > 0 {
			b.Tags = append(b.Tags, "OVERRIDE")
		}
		if o.Robbing {
			b.Tags = append(b.Tags, "ROBS KONG")
		}
		if o.Referee != "" {
			b.Tags = append(b.Tags, "REFEREE")
		}
		for _, c := range outcome.Of(o).Lost {
			b.Detail = append(b.Detail, outcome.LostLine(c))
		}
		b.Brief = briefDecision(o)
		if o.Late {
			b.Detail = append(b.Detail, "late: after the call deadline")
		}
		if o.Referee != "" {
			b.Detail = append(b.Detail, "referee: "+o.Referee)
		}
	case engine.KindRejection:
		b.Mode, b.Tags = ModeRejected, []string{"REJECTED"}
		b.Headline = label(o.Call, o.Seat, o.Dealer)
		b.Detail = []string{o.Reason}
		b.Brief = brief(o.Code)
	case engine.KindFlag:
		b.Mode, b.Tags = ModeReferee, []string{"REFEREE"}
		b.Headline = "CHECK " + o.Wind(o.Seat).String()
		if !o.Seat.Valid() {
			b.Headline = "CHECK"
		}
		b.Detail = []string{o.Reason}
		b.Brief = brief(o.Code)
	case engine.KindDora:
		b.Mode, b.Tags = ModeDora, []string{"DORA"}
		if o.Code == engine.CodeDoraWithdrawn {
			// The kong never happened: its indicator is turned back.
			b.Headline, b.Detail, b.Brief = "NO KAN DORA", []string{o.Reason}, brief(o.Code)
			break
		}
		if n := len(o.Dora); n > 0 {
			b.Tile = o.Dora[n-1]
			b.Headline = "DORA " + o.Dora[n-1].Name()
			if n > 1 {
				b.Headline = "KAN DORA " + o.Dora[n-1].Name()
			}
			b.Detail = []string{fmt.Sprintf("indicator %s -> dora %s", o.Indicators[n-1].Name(), o.Dora[n-1].Name())}
		}
	case engine.KindDeal:
		b.Mode = ModeIdle
		r := outcome.Of(o)
		b.Headline, b.Detail = outcome.DealHand(r), []string{outcome.DealTable(r)}
	case engine.KindKongStands:
		b.Mode, b.Tile = ModeOpen, o.Claimed.Tile
		b.Tags = []string{"KONG"}
		b.Headline = fmt.Sprintf("%s's kong stands", o.Wind(o.Claimed.Seat))
	case engine.KindHandEnd:
		b.Mode = ModeHandEnd
		switch o.Result {
		case engine.ResultDraw:
			b.Headline = "DRAW"
		case engine.ResultChombo:
			b.Headline = "CHOMBO"
			if o.Seat.Valid() {
				b.Headline += " - " + who(st, o.Seat, o.Dealer)
			}
			b.Detail = []string{o.Reason}
		default:
			var ws []string
			for _, s := range o.Winners {
				ws = append(ws, who(st, s, o.Dealer))
			}
			b.Headline = strings.ToUpper(o.Result.String()) + " - " + strings.Join(ws, ", ")
		}
		if o.Result == engine.ResultDraw {
			b.Detail = []string{o.Reason} // a win's reason only repeats the headline
		}
	}
	if !st.Ended {
		b.Detail = append(b.Detail, turnLine(st))
	}
}

// who is a seat as a headline names it: the player's name, or the
// seat's wind when no name is given.
func who(st engine.State, s, dealer engine.Seat) string {
	if s.Valid() && st.Names[s] != "" {
		return st.Names[s]
	}
	return s.Wind(dealer).String()
}

// label is a call as the panel shows it: "PON North" (the engine names it).
func label(call engine.Action, s engine.Seat, dealer engine.Seat) string {
	return engine.Label(call, s, dealer)
}

// tileOf is "South's 5m" or "South's kong 5m".
func tileOf(s, dealer engine.Seat, c engine.Claimed) string {
	if c.Kong {
		return fmt.Sprintf("%s's kong %s", s.Wind(dealer), c.Tile)
	}
	return fmt.Sprintf("%s's %s", s.Wind(dealer), c.Tile)
}

// turnLine says whose turn it is.
func turnLine(st engine.State) string {
	switch {
	case st.GameOver:
		return "game over: the standings are final"
	case st.Ended || !st.Turn.Valid():
		return "hand over: waiting for the next deal"
	}
	what := "discard"
	if st.Phase == engine.ToDraw {
		what = "draw"
	}
	return fmt.Sprintf("%s to %s", st.Turn.Wind(st.Dealer), what)
}

// lastDiscard is the time of the latest discard of the hand, -1 for none.
func lastDiscard(st engine.State) time.Duration {
	last := time.Duration(-1)
	for _, d := range st.Discards {
		if n := len(d); n > 0 && d[n-1].At > last {
			last = d[n-1].At
		}
	}
	return last
}
