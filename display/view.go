package display

import (
	"fmt"
	"slices"
	"time"

	"github.com/tabled/tabled/alert"
	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/payment"
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
	// Lang is the language the board's words are in, and the one the
	// panel draws its own labels in (nil: English).
	Lang *catalog.Lang
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
		b.Hand.Equal(c.Hand) && b.Clock == c.Clock && b.Lang == c.Lang
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
// started: only those of the current hand are used), in English. It is
// deterministic.
func NewView(st engine.State, recent []engine.Outcome, now time.Duration) View {
	return NewViewIn(nil, st, recent, now)
}

// NewViewIn is NewView with the board's words in l (nil: English).
func NewViewIn(l *catalog.Lang, st engine.State, recent []engine.Outcome, now time.Duration) View {
	w := In(l)
	v := View{Now: now}
	b := &v.Board
	*b = Board{
		RoundWind: st.RoundWind, HandNumber: st.HandNumber, Honba: st.Honba, RiichiSticks: st.RiichiSticks,
		Dealer: st.Dealer, Turn: st.Turn, Phase: st.Phase, Wall: st.Wall, KanDoraDue: st.KanDoraDue,
		Indicators: slices.Clone(st.Indicators), Lang: l,
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
	w.board(b, st, hand)
	w.scores(b, st)
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
