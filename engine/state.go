package engine

import (
	"time"

	"github.com/tabled/tabled/payment"
)

// Phase is what the seat on turn is expected to do next.
type Phase uint8

// The phases of a turn.
const (
	// ToDraw: the seat draws next (after the previous seat's discard).
	ToDraw Phase = iota
	// ToDiscard: the seat holds its tiles and discards next (East's first
	// turn, after a call, after a kong's replacement draw, after riichi).
	ToDiscard
)

// Meld is a called group or a declared kong.
type Meld struct {
	Call Action // Chii, Pon or Kan
	Tile Tile   // the claimed or kong tile, NoTile when not seen
	// From is the discarder for a called meld; the seat itself for a
	// concealed or extended kong.
	From Seat
	// Concealed marks a concealed kong; Extended a pon promoted to a kong.
	Concealed, Extended bool
	// Shown are the tiles a chii or pon showed from the hand, when known
	// (with Tile, the group's three tiles).
	Shown [2]Tile
}

// DiscardRecord is one discard in a seat's river.
type DiscardRecord struct {
	Tile Tile
	At   time.Duration
	// Riichi marks the riichi declaration tile; Called, a tile taken by a claim.
	Riichi, Called bool
}

// Live wall arithmetic for 136 tiles: 14 in the dead wall, 13 dealt to each
// seat and one more to East.
const (
	WallTiles     = 136
	DeadWallTiles = 14
	LiveDraws     = WallTiles - DeadWallTiles - 4*13 - 1 // 69
	MaxKongs      = 4
)

// State is a snapshot of the table that displays and the web page show.
type State struct {
	Profile    string
	Dealer     Seat
	RoundWind  Wind
	HandNumber int // 1..4 within the round wind
	Honba      int
	// RiichiSticks on the table (carried over from draws and riichi bets).
	RiichiSticks int
	// Turn is the seat expected to act next; NoSeat once the hand has ended.
	Turn  Seat
	Phase Phase
	// Wall is the number of live tiles left to draw.
	Wall  int
	Kongs int
	// Indicators are the dora indicators read so far; KanDoraDue is how many
	// kan dora indicators are waiting to be read (the display prompts).
	Indicators []Tile
	KanDoraDue int
	Riichi     [4]bool
	Dead       [4]bool
	Tenpai     [4]bool
	Discards   [4][]DiscardRecord
	Melds      [4][]Meld
	// Open is what may be claimed now, if anything, and since when.
	Open    *Claimed
	OpenAt  time.Duration
	Pending []Claim // claims in the open simultaneity window
	Ended   bool
	Result  Result
	Winners []Seat
	// Now is the time of the latest event or Advance.
	Now time.Duration

	// Scoring: the profile keeps score; the fields below are zero otherwise.
	Scoring bool
	// Scores are each physical seat's points now (a riichi deposit placed
	// in the hand already taken off).
	Scores [4]int
	// Names are the players' names by physical seat ("" when not given).
	Names Names
	// ValueDue marks the winners of the ended hand whose value is still
	// to be entered.
	ValueDue [4]bool
	// LastScore is the latest hand's settlement, nil before the first.
	LastScore *Score
	// Game is the game's length; GameOver is set once it has ended, with
	// GameEnd its standings.
	Game     payment.Length
	GameOver bool
	GameEnd  *GameEnd
	// TimeUp: the round's time signal came in this game; HandsLeft is how
	// many hands its rule still lets be settled (the one in play included).
	TimeUp    bool
	HandsLeft int
	// Seating is the tournament round's latest seating (players by wind,
	// East at FirstDealer), nil before one; SeatingAt is its input's stamp.
	Seating     *Seating
	SeatingAt   time.Duration
	FirstDealer Seat
	// Confirmed marks the seats (physical) whose player confirmed the
	// ended game's result.
	Confirmed [4]bool

	// Seen is what the table saw of each winner's win (the situation the
	// scorer needs but the concealed tiles), nil for a seat that did not
	// win; Ura are the ura dora indicators read since. ScoreHand scores a
	// proposed hand with them.
	Seen [4]*Situation
	Ura  []Tile
	// Laid are the tiles a winner has laid so far on its seat's discard
	// reader for its hand, of LayCount (what it lays in all; 0 for a seat
	// whose hand is not due). The hand is entered when they are all laid.
	Laid     [4][]Tile
	LayCount [4]int
	// Can is what each physical seat may press now (Legal): the one
	// answer the page's buttons and the terminal's help show.
	Can [4][]Action
	// hand is the profile's hand rules and red fives, for ScoreHand.
	hand handRules
}

// hand is the mutable state of one hand.
type hand struct {
	turn           Seat
	phase          Phase
	calledThisTurn bool // the turn began with a chii or pon: no tsumo or own kong
	wall           int
	kongs          int
	indicators     []Tile
	riichi         [4]bool
	riichiDiscard  [4]bool // declared, the declaration discard not yet made
	dead, tenpai   [4]bool
	discards       [4][]DiscardRecord
	melds          [4][]Meld
	kuikae         [4][2]Tile // tiles the seat may not discard after its call
	ended          bool
	result         Result
	winners        []Seat

	// from is the discarder (or kong owner) a ron was won on.
	from Seat
	// placed marks the seats whose riichi deposit was placed in this hand.
	placed [4]bool
	// values are the winners' values as entered; scored: the hand is
	// settled; scorePending: every value is in, and the settlement waits
	// for scoreAt (a tsumo that a call could still put back).
	values       [4]*HandValue
	scored       bool
	scorePending bool
	scoreAt      time.Duration
	// chombo is the seat of a chombo that ended the hand, or NoSeat.
	chombo Seat

	// What the scorer needs of the hand (situation.go): ippatsu is live
	// for a riichi declarer until its next discard or any call;
	// doubleRiichi marks a riichi declared in the first go-around;
	// called: a call or a kong was made in the hand (the first go-around
	// is broken); afterKong: the seat on turn drew a kong's replacement
	// tile and has not discarded since. seen is each winner's situation,
	// ura the ura dora indicators read after the win.
	ippatsu, doubleRiichi [4]bool
	called, afterKong     bool
	seen                  [4]*Situation
	ura                   []Tile
	// laid are the tiles each winner has laid on its reader so far
	// (handlay.go).
	laid [4][]Tile
}

// mark is what a later ron undoes: the hand as it was before a call's or a
// kong's effect.
type mark struct {
	turn           Seat
	phase          Phase
	calledThisTurn bool
	wall, kongs    int
	melds          [4]int
	kuikae         [4][2]Tile
	riichiSticks   int
	riichi         [4]bool
	riichiDiscard  [4]bool
	ended          bool
	result         Result
	winners        []Seat
	scores         [4]int
	placed         [4]bool
	ippatsu        [4]bool
	called         bool
	afterKong      bool
	// promoted is the pon an extended kong promoted after the mark, which a
	// robbing ron turns back; -1 when none.
	promotedSeat Seat
	promoted     int
}

func (e *Engine) markHand() mark {
	h := &e.h
	m := mark{turn: h.turn, phase: h.phase, calledThisTurn: h.calledThisTurn, wall: h.wall, kongs: h.kongs, kuikae: h.kuikae, riichiSticks: e.riichiSticks,
		riichi: h.riichi, riichiDiscard: h.riichiDiscard, ended: h.ended, result: h.result, winners: h.winners, promoted: -1,
		scores: e.scores, placed: h.placed, ippatsu: h.ippatsu, called: h.called, afterKong: h.afterKong}
	for s := range h.melds {
		m.melds[s] = len(h.melds[s])
	}
	return m
}

// restore puts the hand back as m marked it and returns the kan dora
// indicators it took back (read for a kong that never happened).
func (e *Engine) restore(m mark) (withdrawn []Tile) {
	h := &e.h
	h.turn, h.phase, h.calledThisTurn, h.wall, h.kongs, h.kuikae = m.turn, m.phase, m.calledThisTurn, m.wall, m.kongs, m.kuikae
	e.riichiSticks = m.riichiSticks
	h.riichi, h.riichiDiscard = m.riichi, m.riichiDiscard
	h.ended, h.result, h.winners = m.ended, m.result, m.winners
	e.scores, h.placed = m.scores, m.placed
	h.ippatsu, h.called, h.afterKong = m.ippatsu, m.called, m.afterKong
	if len(h.indicators) > 1+h.kongs {
		// A kong that never happened has no kan dora.
		withdrawn = append(withdrawn, h.indicators[1+h.kongs:]...)
		h.indicators = h.indicators[:1+h.kongs]
	}
	for s := range h.melds {
		h.melds[s] = h.melds[s][:m.melds[s]]
	}
	if m.promoted >= 0 && m.promoted < len(h.melds[m.promotedSeat]) {
		// The robbed extended kong promoted a pon in place: it is a pon again.
		p := &h.melds[m.promotedSeat][m.promoted]
		p.Call, p.Extended = Pon, false
	}
	return withdrawn
}

// State returns a snapshot; its slices are copies the caller may keep.
func (e *Engine) State() State {
	h := &e.h
	st := State{
		Profile: e.p.Name, Dealer: e.dealer, RoundWind: e.roundWind, HandNumber: e.handNumber,
		Honba: e.honba, RiichiSticks: e.riichiSticks, Turn: h.turn, Phase: h.phase,
		Wall: h.wall, Kongs: h.kongs, Indicators: append([]Tile(nil), h.indicators...),
		KanDoraDue: e.kanDoraDue(), Riichi: h.riichi, Dead: h.dead, Tenpai: h.tenpai,
		Ended: h.ended, Result: h.result, Winners: append([]Seat(nil), h.winners...), Now: e.now,
	}
	if h.ended {
		st.Turn = NoSeat
	}
	if r := e.p.Score; r != nil {
		st.Scoring, st.Scores, st.Game, st.LastScore, st.GameOver, st.GameEnd = true, e.scores, r.Game, e.last, e.over, e.end
		st.TimeUp, st.HandsLeft = e.timeUp, e.handsLeft
		if h.ended && !h.scored && (h.result == ResultRon || h.result == ResultTsumo) {
			for _, s := range h.winners {
				st.ValueDue[s] = h.values[s] == nil
			}
		}
	}
	st.Names = e.names
	st.FirstDealer, st.Confirmed = e.firstDealer, e.confirmed
	if e.seating != nil {
		c := *e.seating
		st.Seating, st.SeatingAt = &c, e.seatingAt
	}
	st.hand = e.handRules()
	if h.ended && (h.result == ResultRon || h.result == ResultTsumo) {
		for _, s := range h.winners {
			if sit := h.seen[s]; sit != nil {
				c := *sit
				st.Seen[s] = &c
			}
		}
		st.Ura = append([]Tile(nil), h.ura...)
		for _, s := range h.winners {
			if e.handDue(s) {
				st.Laid[s], st.LayCount[s] = append([]Tile(nil), h.laid[s]...), e.layCount(s)
			}
		}
	}
	for s := range st.Can {
		st.Can[s] = e.Legal(Seat(s))
	}
	for s := range h.discards {
		st.Discards[s] = append([]DiscardRecord(nil), h.discards[s]...)
		st.Melds[s] = append([]Meld(nil), h.melds[s]...)
	}
	if w := &e.w; w.open && (!h.ended || w.windowOpen) {
		c := w.claimed
		st.Open, st.OpenAt = &c, w.at
		st.Pending = append([]Claim(nil), w.pending...)
	}
	return st
}

// kanDoraDue is how many kan dora indicators are still to be read.
func (e *Engine) kanDoraDue() int {
	read := len(e.h.indicators) - 1 // the first indicator is not a kan dora
	if read < 0 {
		read = 0
	}
	if d := e.h.kongs - e.heldDora() - read; d > 0 {
		return d
	}
	return 0
}

// heldDora is 1 while an extended kong may still be robbed: its kan dora
// is not due yet.
func (e *Engine) heldDora() int {
	if e.w.open && e.w.heldDora {
		return 1
	}
	return 0
}

// fastDraw is an own-turn draw made while a call on the discard before it
// was still on time (WRC 2015 5.4.1: "the call is still valid and the
// drawn tile must be put back into the wall"), or (replacement) a tsumo
// on the replacement tile of an extended kong taken while the kong could
// still be robbed (WRC 2015 5.4.7). A call within the deadline puts the
// hand back as it was before the draw.
type fastDraw struct {
	ok     bool
	seat   Seat
	window claimWindow // the discard's (or the kong's) claim window at the draw
	before mark
	// what the seat declared on the draw, in order, for the words:
	// riichi, kan, tsumo.
	what []Action
	// replacement: the draw was an extended kong's replacement tile.
	replacement bool
}

// undoable reports whether a chii, pon or kan at t can still undo the draw.
func (f *fastDraw) undoable(p Profile, t time.Duration) bool {
	return f.ok && t-f.window.at <= p.CallDeadline
}
