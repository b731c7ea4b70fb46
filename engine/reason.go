package engine

import (
	"fmt"
	"strings"
	"time"
)

// This file is where the rule codes not yet in the catalog become words
// (the refusals are outcome/reason.go's, given by SetWords).

// Label is a call as the panel and the reasons name it: "PON South". With
// no valid seat it is the call alone.
func Label(call Action, s, dealer Seat) string {
	if !s.Valid() {
		return strings.ToUpper(call.String())
	}
	return strings.ToUpper(call.String()) + " " + s.Wind(dealer).String()
}

// label is claim c as this hand names it.
func (e *Engine) label(c Claim) string { return Label(c.Call, c.Seat, e.dealer) }

// labels joins the claims' labels with sep.
func (e *Engine) labels(cs []Claim, sep string) string {
	l := make([]string, len(cs))
	for i, c := range cs {
		l[i] = e.label(c)
	}
	return strings.Join(l, sep)
}

// name is a seat as players say it: its wind in this hand.
func (e *Engine) name(s Seat) string { return s.Wind(e.dealer).String() }

// args are what a reason names; each code reads the ones it needs.
type args struct {
	seat, other Seat // the seat concerned; another seat (a discarder, a kong's owner)
	call        Action
	tile, tile2 Tile
	n, m        int
	won, lost   []Claim  // a decision's winners and losers; lost[0] for one loser
	decided     []Claim  // the standing decision a new one overrides
	calls       []Action // what a seat declared on a draw that was put back
	shown       [2]Tile  // the tiles a call shows from the hand
	text        string   // words made elsewhere (a value's fault)
	text2       string   // more such words (an entered value beside a hand's)
}

// joinCalls is "riichi", "riichi and kan", "riichi, kan and tsumo".
func joinCalls(cs []Action) string {
	l := make([]string, len(cs))
	for i, c := range cs {
		l[i] = c.String()
	}
	if len(l) < 2 {
		return strings.Join(l, "")
	}
	return strings.Join(l[:len(l)-1], ", ") + " and " + l[len(l)-1]
}

// say is code in words: each group of rules has its words in a function
// of its own, tried in turn.
func (e *Engine) say(code RuleCode, a args) string {
	for _, words := range [...]func(RuleCode, args) (string, bool){e.sayOutside, e.sayDecision, e.sayPrecedence, e.sayScore, e.sayTable, e.sayTime, e.sayPlayers} {
		if s, ok := words(code, a); ok {
			return s
		}
	}
	return code.String()
}

// sayDecision is the words of a decision as a whole: who won, over whom.
func (e *Engine) sayDecision(code RuleCode, a args) (string, bool) {
	switch code {
	case CodeOnlyClaim:
		if len(a.won) > 1 {
			return e.labels(a.won, " and ") + " (several players may win on one discard)", true
		}
		return e.labels(a.won, " and ") + ": the only claim", true
	case CodeBeats:
		s := e.labels(a.won, " and ") + " beats " + e.labels(a.lost, ", ")
		if len(a.won) > 1 {
			s += " (several players may win on one discard)"
		}
		return s, true
	case CodeOverrides:
		s := e.labels(a.won, " and ") + " overrides " + e.labels(a.decided, ", ")
		if len(a.won) > 1 {
			s += " (several players may win on one discard)"
		}
		return s, true
	case CodeJoins:
		var fresh []Claim
		for _, w := range a.won {
			if !containsSeat(a.decided, w.Seat) {
				fresh = append(fresh, w)
			}
		}
		return e.labels(fresh, " and ") + " joins " + e.labels(a.decided, " and ") + " (several players may win on one discard)", true
	}
	return "", false
}

// sayPrecedence is the rule of precedence by which a claim lost.
func (e *Engine) sayPrecedence(code RuleCode, a args) (string, bool) {
	n := e.name
	switch code {
	case CodeRonBeatsAll:
		if len(a.lost) > 0 && a.lost[0].Overridden {
			return "a win beats every other claim until the next discard", true
		}
		return "a win beats every other claim", true
	case CodeHeadBump:
		return fmt.Sprintf("head bump, %s is closer to %s in turn order", n(a.seat), n(a.other)), true
	case CodeCallOverChii:
		return fmt.Sprintf("called within %d ms of each other, %s beats %s", e.p.Window.Milliseconds(), a.call, a.lost[0].Call), true
	case CodeCallWithin:
		s := fmt.Sprintf("%s within %v of the discard beats %s", a.call, e.p.Precedence[a.n].Within, a.lost[0].Call)
		if a.lost[0].Overridden {
			s += ", even one already decided"
		}
		return s, true
	case CodePonOverChii:
		s := fmt.Sprintf("%s claimed in time takes precedence over %s, whatever came first", a.call, a.lost[0].Call)
		if a.lost[0].Overridden {
			s += ", even one already decided"
		}
		return s, true
	case CodeFirstCall:
		return "called first", true
	case CodeCloser:
		return "called at the same moment and closer to the discarder in turn order", true
	case CodeAlreadyDecided:
		return e.labels(a.decided, " and ") + " was already decided on this discard", true
	}
	return "", false
}

// sayScore is the words of a refused value, a flag for the referee, and what a put-back voids.
func (e *Engine) sayScore(code RuleCode, a args) (string, bool) {
	n := e.name
	switch code {
	case CodeNoScore:
		return fmt.Sprintf("these rules (%s) keep no score", e.p.Name), true
	case CodeNoWin:
		return "no win to value: values are entered after a ron or tsumo, before the next deal", true
	case CodeNotWinner:
		return fmt.Sprintf("%s did not win this hand: only a winner's hand has a value", n(a.seat)), true
	case CodeValueIn:
		if a.text != "" {
			return fmt.Sprintf("%s's value is already entered, and its hand agrees: %s", n(a.seat), a.text), true
		}
		return fmt.Sprintf("%s's value is already entered; the referee can void it to enter another", n(a.seat)), true
	case CodeValueDisagrees:
		if a.n == 1 {
			return fmt.Sprintf("%s's value as entered, %s, disagrees with its hand, %s: the value entered stands; the referee can replace it with the hand", n(a.seat), a.text2, a.text), true
		}
		return fmt.Sprintf("%s's value as entered, %s, disagrees with its hand, %s: the hand's value stands; the referee can replace the hand with the value", n(a.seat), a.text2, a.text), true
	case CodeHandRefused:
		return fmt.Sprintf("%s's hand is refused: %s", n(a.seat), a.text), true
	case CodeFuriten:
		return furitenWords(a.seat, a.other, a.tile, a.text, e.dealer), true
	case CodeNoRiichiWinner:
		return "no riichi winner: ura dora indicators are read only after a win in riichi", true
	case CodeNoUraDue:
		return fmt.Sprintf("no ura dora indicator is due: %d read for %d dora indicators, before the riichi winners' hands", a.n, a.m), true
	case CodeBadValue:
		return fmt.Sprintf("%s's value cannot be: %s", n(a.seat), a.text), true
	case CodeScored:
		return "this hand is already settled; the referee can void an input to change it", true
	case CodeWinnersFixed:
		return fmt.Sprintf("%s's ron comes after a value was entered: the winners are fixed (the referee can void the value)", n(a.seat)), true
	case CodeBadPao:
		return fmt.Sprintf("%s cannot be liable: %s", n(a.other), a.text), true
	case CodeKuikae:
		return fmt.Sprintf("swap-calling (kuikae): %s discards %s right after calling %s, which is forbidden", n(a.seat), a.tile, a.tile2), true
	case CodeMayBeConcealed:
		return fmt.Sprintf("%s's kong may be concealed: only Thirteen Orphans may rob a concealed kong", n(a.other)), true
	case CodeLate:
		return fmt.Sprintf("late: after the %v call deadline", e.p.CallDeadline), true
	case CodeFastDraw:
		s := fmt.Sprintf("%s drew too fast: the drawn tile goes back", n(a.seat))
		switch len(a.calls) {
		case 0:
		case 1:
			s += fmt.Sprintf(", and its %s is void", a.calls[0])
		default:
			s += fmt.Sprintf(", and its %s are void", joinCalls(a.calls))
		}
		return s, true
	}
	return "", false
}

// sayTable is the words of what the table does on its own: wins, ends, deals, kongs that stand.
func (e *Engine) sayTable(code RuleCode, a args) (string, bool) {
	n := e.name
	switch code {
	case CodeScore:
		return "the hand is settled", true
	case CodeChombo:
		return fmt.Sprintf("chombo by %s: the hand is void; the next deal (newhand) deals it again, East keeping the deal", n(a.seat)), true
	case CodeGameEnd:
		if a.text != "" {
			return "the game is over: " + a.text, true
		}
		return "the game is over", true
	case CodeWin:
		return "TSUMO " + n(a.seat), true
	case CodeExhausted:
		return "the live wall is empty and the last discard was not won", true
	case CodeRefereeEnded:
		return "ended by the referee before it finished", true
	case CodeDeal:
		return fmt.Sprintf("%s %d, honba %d, riichi sticks %d: seat %d deals", e.roundWind, e.handNumber, e.honba, e.riichiSticks, e.dealer), true
	case CodeKongStands:
		if a.n > 0 {
			return fmt.Sprintf("nobody robbed %s's kong of %s in time: it stands, and so does its kan dora", n(a.other), a.tile), true
		}
		return fmt.Sprintf("nobody robbed %s's kong of %s in time: it stands; reveal its kan dora", n(a.other), a.tile), true
	}
	return "", false
}

// lose fills in a lost claim's words: Why, and Reason naming winner w.
func (e *Engine) lose(c Claim, w Claim, from Seat, at time.Duration, decided []Claim) Claim {
	a := args{seat: w.Seat, other: from, call: w.Call, lost: []Claim{c}, decided: decided, n: e.p.rank(w, at)}
	c.Why = e.say(c.Code, a)
	c.Reason = e.label(w) + " beats " + e.label(c) + ": " + c.Why
	if c.Code == CodeAlreadyDecided {
		c.Reason = c.Why
	}
	return c
}

func containsSeat(cs []Claim, s Seat) bool {
	for _, c := range cs {
		if c.Seat == s {
			return true
		}
	}
	return false
}

// Words is the end as a referee reads it.
func (w End) Words() string {
	switch w {
	case EndSouth4:
		return "the last hand (South 4) was played"
	case EndEast4:
		return "the last hand (East 4) was played"
	case EndBust:
		return "a player's points fell below zero"
	case EndTime:
		return "the round's time was up and the hands after the signal were played"
	}
	return string(w)
}

// sayTime is the time rule's words.
func (e *Engine) sayTime(code RuleCode, a args) (string, bool) {
	switch code {
	case CodeGameOver:
		return "the game is over: a newhand starts the next one", true
	case CodeTimeUp:
		return fmt.Sprintf("the time is already up: %s", handsLeftWords(a.n)), true
	}
	return "", false
}

// handsLeftWords says how many hands the time rule still allows.
func handsLeftWords(n int) string {
	switch n {
	case 0:
		return "no hand is left to play"
	case 1:
		return "1 hand is left to play"
	}
	return fmt.Sprintf("%d hands are left to play", n)
}

// Words is a round's seating as the log says it: `round 2 of "Spring
// Open": East Ana (7), South Bo (12), West Cy (3), North Di (30); clock
// running, 90m0s left`.
func (s *Seating) Words() string {
	var b strings.Builder
	fmt.Fprintf(&b, "round %d of %q:", s.Round, s.Tournament)
	for i, p := range s.Players {
		sep := ","
		if i == 0 {
			sep = ""
		}
		fmt.Fprintf(&b, "%s %s %s (%d)", sep, Wind(i), p.Name, p.Player)
	}
	fmt.Fprintf(&b, "; clock %s, %v left", s.ClockState, time.Duration(s.RemainingMS)*time.Millisecond)
	return b.String()
}

// sayPlayers is the words of the tournament's players at the table.
func (e *Engine) sayPlayers(code RuleCode, a args) (string, bool) {
	switch code {
	case CodeSeated:
		return fmt.Sprintf("%s sits %s", a.text, e.name(a.seat)), true
	case CodeWrongSeat:
		return fmt.Sprintf("%s's card is on %s's reader: %s sits %s (referee: a player at the wrong seat)", a.text, e.name(a.other), a.text, e.name(a.seat)), true
	case CodeNotACard:
		return fmt.Sprintf("card %s is no card of this round's players", a.text), true
	case CodeConfirmed:
		who := e.name(a.seat)
		if a.text != "" {
			who = a.text + " (" + who + ")"
		}
		return who + " confirms the game's result", true
	case CodeNotOver:
		return "the game is not over: there is no result to confirm yet", true
	case CodeConfirmedOnce:
		return "this seat has confirmed the result already", true
	}
	return "", false
}
