package outcome

import (
	"strconv"
	"strings"

	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/engine"
)

// This file puts the engine's other reasons into the catalog's words: a
// decision as a whole, the rule by which a claim lost, a hand's value
// refused or flagged, what the table does on its own, the time rule and
// the tournament's players at the table. reason.go has the refusals.

// decision is the words of a decision as a whole: who won, over whom.
func (r reasonWords) decision(code engine.RuleCode) (string, bool) {
	a := r.a
	several := func(s string) string {
		if len(a.Won) > 1 {
			return r.l.Text("decision.several", "reason", s)
		}
		return s
	}
	switch code {
	case engine.CodeOnlyClaim:
		if len(a.Won) > 1 {
			return several(r.labels(a.Won, "decision.and")), true
		}
		return r.l.Text("decision.only_claim", "won", r.labels(a.Won, "decision.and")), true
	case engine.CodeBeats:
		return several(r.l.Text("decision.beats", "won", r.labels(a.Won, "decision.and"), "lost", r.labels(a.Lost, ""))), true
	case engine.CodeOverrides:
		return several(r.l.Text("decision.overrides", "won", r.labels(a.Won, "decision.and"), "decided", r.labels(a.Decided, ""))), true
	case engine.CodeJoins:
		var fresh []engine.Called
		for _, w := range a.Won {
			if !hasSeat(a.Decided, w.Seat) {
				fresh = append(fresh, w)
			}
		}
		return r.l.Text("decision.several", "reason", r.l.Text("decision.joins", "won", r.labels(fresh, "decision.and"), "decided", r.labels(a.Decided, "decision.and"))), true
	}
	return "", false
}

func hasSeat(cs []engine.Called, s engine.Seat) bool {
	for _, c := range cs {
		if c.Seat == s {
			return true
		}
	}
	return false
}

// labels are the claims' labels joined by the message sep ("decision.and"),
// or by commas when sep is "".
func (r reasonWords) labels(cs []engine.Called, sep string) string {
	l := make([]string, len(cs))
	for i, c := range cs {
		l[i] = r.label(c.Seat, c.Call)
	}
	join := ", "
	if sep != "" {
		join = r.l.Text(sep)
	}
	return strings.Join(l, join)
}

// call is an action's name as the rules name it: "pon", "chii".
func (r reasonWords) call(a engine.Action) string { return r.l.Text("action." + a.String()) }

// precedence is the rule of precedence by which a claim lost.
func (r reasonWords) precedence(code engine.RuleCode) (string, bool) {
	a := r.a
	var lost engine.Called
	if len(a.Lost) > 0 {
		lost = a.Lost[0]
	}
	even := func(s string) string {
		if lost.Overridden {
			return r.l.Text("decision.rule.even_decided", "rule", s)
		}
		return s
	}
	switch code {
	case engine.CodeRonBeatsAll:
		if lost.Overridden {
			return r.l.Text("decision.rule.ron_beats_all_standing"), true
		}
		return r.l.Text("decision.rule.ron_beats_all"), true
	case engine.CodeHeadBump:
		return r.text("decision.rule.head_bump"), true
	case engine.CodeCallOverChii:
		return r.l.Text("decision.rule.call_over_chii", "ms", int(a.Window.Milliseconds()), "call", r.call(a.Call), "lost", r.call(lost.Call)), true
	case engine.CodeCallWithin:
		return even(r.l.Text("decision.rule.call_within", "call", r.call(a.Call), "within", r.l.Duration(a.Within), "lost", r.call(lost.Call))), true
	case engine.CodePonOverChii:
		return even(r.l.Text("decision.rule.pon_over_chii", "call", r.call(a.Call), "lost", r.call(lost.Call))), true
	case engine.CodeFirstCall:
		return r.l.Text("decision.rule.first_call"), true
	case engine.CodeCloser:
		return r.l.Text("decision.rule.closer"), true
	case engine.CodeAlreadyDecided:
		return r.l.Text("decision.rule.already_decided", "decided", r.labels(a.Decided, "decision.and")), true
	}
	return "", false
}

// value is the words of a refused value or hand, and what the referee
// must check about one; a flag on a call or a draw.
func (r reasonWords) value(code engine.RuleCode) (string, bool) {
	a := r.a
	switch code {
	case engine.CodeNoScore:
		return r.l.Text("refusal.value.no_score", "rules", a.Rules), true
	case engine.CodeNoWin:
		return r.l.Text("refusal.value.no_win"), true
	case engine.CodeNotWinner:
		return r.text("refusal.value.not_winner"), true
	case engine.CodeValueIn:
		if !a.Value.IsZero() {
			return r.text("refusal.value.value_in_agrees", "hand", r.hand()), true
		}
		return r.text("refusal.value.value_in"), true
	case engine.CodeValueDisagrees:
		key := pick(a.N == 1, "refusal.value.disagrees_entered_stands", "refusal.value.disagrees_hand_stands")
		return r.text(key, "entered", ValueWords(r.l, a.Entered), "hand", r.hand()), true
	case engine.CodeHandRefused:
		fault := a.Fault
		if a.Refusal != nil {
			fault = FaultWords(r.l, *a.Refusal)
		}
		return r.text("refusal.value.hand_refused", "fault", fault), true
	case engine.CodeFuriten:
		key := pick(a.Other == a.Seat, "refusal.value.furiten_own", "refusal.value.furiten_passed")
		return r.text(key, "waits", TilesIn(r.l, a.Waits), "tile", TileIn(r.l, a.Tile)), true
	case engine.CodeNoRiichiWinner:
		return r.l.Text("refusal.value.no_riichi_winner"), true
	case engine.CodeNoUraDue:
		return r.l.Text("refusal.value.no_ura_due", "n", a.N, "m", a.M), true
	case engine.CodeBadValue:
		// A value entered as han and fu is said in words; a limit, or a
		// hand's value, as it is written ("mangan", "3 40").
		v := a.Value.String()
		if a.N == 0 && a.Value.Limit == 0 {
			v = ValueWords(r.l, a.Value)
		}
		fault := a.Fault
		if a.Refusal != nil {
			fault = ValueFaultWords(r.l, *a.Refusal)
		}
		return r.text("refusal.value.bad_value", "value", v, "fault", fault), true
	case engine.CodeScored:
		return r.l.Text("refusal.value.scored"), true
	case engine.CodeWinnersFixed:
		return r.text("refusal.value.winners_fixed"), true
	case engine.CodeBadPao:
		return r.text(pick(a.N == 2, "refusal.value.pao_own_hand", "refusal.value.pao_yakuman_only")), true
	}
	return r.flag(code)
}

// hand is a scored hand's value and yaku: "3 han 40 fu (Riichi 1, Pinfu 1)".
func (r reasonWords) hand() string {
	return r.l.Text("refusal.value.hand", "value", ValueWords(r.l, r.a.Value), "yaku", YakuList(r.l, r.a.Yaku))
}

// flag is the words of a flag on a call or a draw.
func (r reasonWords) flag(code engine.RuleCode) (string, bool) {
	a := r.a
	switch code {
	case engine.CodeKuikae:
		return r.text("refusal.value.kuikae", "tile", TileIn(r.l, a.Tile), "tile2", TileIn(r.l, a.Tile2)), true
	case engine.CodeMayBeConcealed:
		return r.text("refusal.value.may_be_concealed"), true
	case engine.CodeLate:
		return r.l.Text("refusal.value.late", "deadline", r.l.Duration(a.Deadline)), true
	case engine.CodeFastDraw:
		switch len(a.Calls) {
		case 0:
			return r.text("refusal.value.fast_draw"), true
		case 1:
			return r.text("refusal.value.fast_draw_one", "calls", r.calls()), true
		}
		return r.text("refusal.value.fast_draw_many", "calls", r.calls()), true
	}
	return "", false
}

// table is the words of what the table does on its own: wins, ends,
// deals, kongs that stand.
func (r reasonWords) table(code engine.RuleCode) (string, bool) {
	a := r.a
	switch code {
	case engine.CodeScore:
		if a.Fault != "" {
			// English keeps the payment rules' own sentence, as logged.
			fault := a.Fault
			if a.Refusal != nil && r.l.Code() != catalog.Default {
				fault = ValueFaultWords(r.l, *a.Refusal)
			}
			return r.l.Text("record.table.unsettled", "fault", fault), true
		}
		return r.l.Text("record.table.settled"), true
	case engine.CodeChombo:
		return r.text("record.table.chombo"), true
	case engine.CodeGameEnd:
		if a.End != "" {
			return r.l.Text("record.table.game_over_why", "why", EndWords(r.l, a.End)), true
		}
		return r.l.Text("record.table.game_over"), true
	case engine.CodeWin:
		return r.text("record.table.win"), true
	case engine.CodeExhausted:
		return r.l.Text("record.table.exhausted"), true
	case engine.CodeRefereeEnded:
		return r.l.Text("record.table.referee_ended"), true
	case engine.CodeDeal:
		return r.l.Text("record.table.deal", "round", r.l.Text("wind."+a.RoundWind.Letter()), "hand", a.Hand, "honba", a.Honba,
			"sticks", a.Sticks, "dealer", int(a.Dealer)), true
	case engine.CodeKongStands:
		return r.text(pick(a.N > 0, "record.table.kong_stands_read", "record.table.kong_stands_reveal"), "tile", TileIn(r.l, a.Tile)), true
	}
	return "", false
}

// players is the words of the time rule and of the tournament's players
// at the table.
func (r reasonWords) players(code engine.RuleCode) (string, bool) {
	a := r.a
	switch code {
	case engine.CodeGameOver:
		return r.l.Text("refusal.time.game_over"), true
	case engine.CodeTimeUp:
		left := r.l.Text("refusal.time.no_hand_left")
		if a.N > 0 {
			left = r.l.Count("refusal.time.hands_left", a.N)
		}
		return r.l.Text("refusal.time.time_up", "left", left), true
	case engine.CodeSeated:
		return r.text("record.players.seated", "name", a.Name), true
	case engine.CodeWrongSeat:
		return r.text("record.players.wrong_seat", "name", a.Name), true
	case engine.CodeNotACard:
		return r.l.Text("record.players.not_a_card", "card", a.Name), true
	case engine.CodeConfirmed:
		if a.Name != "" {
			return r.text("record.players.confirmed_named", "name", a.Name), true
		}
		return r.text("record.players.confirmed"), true
	case engine.CodeNotOver:
		return r.l.Text("record.players.not_over"), true
	case engine.CodeConfirmedOnce:
		return r.l.Text("record.players.confirmed_once"), true
	}
	return "", false
}

// EndWords is why a game ended, as a referee reads it: "the last hand
// (South 4) was played"; an end it does not know is returned as it is.
func EndWords(l *catalog.Lang, e engine.End) string {
	key := map[engine.End]string{engine.EndSouth4: "record.end.south4", engine.EndEast4: "record.end.east4",
		engine.EndBust: "record.end.bust", engine.EndTime: "record.end.time"}[e]
	if key == "" {
		return string(e)
	}
	return l.Text(key)
}

// lostReason is a lost claim's whole sentence: the winner (a.Seat,
// a.Call), the loser (a.Lost[0]) and the rule, in words (why).
func (r reasonWords) lostReason(why string) string {
	var lost engine.Called
	if len(r.a.Lost) > 0 {
		lost = r.a.Lost[0]
	}
	return r.l.Text("decision.lost", "won", r.label(r.a.Seat, r.a.Call),
		"lost", r.label(lost.Seat, lost.Call), "why", why)
}

// EnglishReason is the engine's words (engine.Words) in the catalog's
// Default language, as the table gives them: Outcome.Reason, the claim log
// and every JSON contract keep the English reason.
var EnglishReason = engine.Words{
	Reason: func(code engine.RuleCode, a engine.Args) (string, bool) { return Reason(catalog.English(), code, a) },
	Lost: func(a engine.Args, why string) string {
		return reasonWords{l: catalog.English(), a: a}.lostReason(why)
	},
	Noted: func(reason, note string) string { return noted(catalog.English(), reason, note) },
}

// noted is reason with a note after it, in brackets.
func noted(l *catalog.Lang, reason, note string) string {
	return l.Text("decision.noted", "reason", reason, "note", note)
}

// itoa is n in digits, as a record number is written.
func itoa(n int) string { return strconv.Itoa(n) }
