package display

import (
	"strconv"
	"unicode/utf8"

	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/engine"
)

// BriefWidth is how many characters the brief line of a small panel (the
// OLED, 128 pixels of the 7-pixel small font) has: every brief is
// designed to fit in it, in every language, so nothing is cut.
const BriefWidth = 17

// briefs are the rule codes' keys in a few words, for a panel with room
// for one short line (BriefWidth).
var briefs = map[engine.RuleCode]string{
	engine.CodeRonBeatsAll:          "panel.brief.ron_beats_all",
	engine.CodeHeadBump:             "panel.brief.head_bump",
	engine.CodeFirstCall:            "panel.brief.first_call",
	engine.CodeCloser:               "panel.brief.closer",
	engine.CodeAlreadyDecided:       "panel.brief.already_decided",
	engine.CodeHandOver:             "panel.brief.hand_over",
	engine.CodeNoDiscard:            "panel.brief.no_discard",
	engine.CodeKongRonOnly:          "panel.brief.kong_ron_only",
	engine.CodeOwnDiscard:           "panel.brief.own_discard",
	engine.CodeOwnKong:              "panel.brief.own_kong",
	engine.CodeChiiNextOnly:         "panel.brief.chii_next_only",
	engine.CodeInRiichi:             "panel.brief.in_riichi",
	engine.CodeDeadHand:             "panel.brief.dead_hand",
	engine.CodeLastTile:             "panel.brief.last_tile",
	engine.CodeFifthKong:            "panel.brief.fifth_kong",
	engine.CodeTileMismatch:         "panel.brief.tile_mismatch",
	engine.CodeRonStands:            "panel.brief.ron_stands",
	engine.CodeAlreadyCalled:        "panel.brief.already_called",
	engine.CodeAlreadyDecidedCancel: "panel.brief.already_decided_cancel",
	engine.CodeNoCall:               "panel.brief.no_call",
	engine.CodeNotYourTurn:          "panel.brief.not_your_turn",
	engine.CodeDeciding:             "panel.brief.deciding",
	engine.CodeWallEmpty:            "panel.brief.wall_empty",
	engine.CodeNoKongWall:           "panel.brief.no_kong_wall",
	engine.CodeCalledThisTurn:       "panel.brief.called_this_turn",
	engine.CodeAlreadyRiichi:        "panel.brief.already_riichi",
	engine.CodeOpenHand:             "panel.brief.open_hand",
	engine.CodeRiichiWall:           "panel.brief.riichi_wall",
	engine.CodeNoDoraDue:            "panel.brief.no_dora_due",
	engine.CodeKongMayBeRobbed:      "panel.brief.kong_may_be_robbed",
	engine.CodeThirteenOrphansOnly:  "panel.brief.thirteen_orphans_only",
	engine.CodeConcealedNotRobbable: "panel.brief.concealed_not_robbable",
	engine.CodeRobbingOver:          "panel.brief.robbing_over",
	engine.CodeNoScore:              "panel.brief.no_score",
	engine.CodeNoWin:                "panel.brief.no_win",
	engine.CodeNotWinner:            "panel.brief.not_winner",
	engine.CodeValueIn:              "panel.brief.value_in",
	engine.CodeBadValue:             "panel.brief.bad_value",
	engine.CodeScored:               "panel.brief.scored",
	engine.CodeWinnersFixed:         "panel.brief.winners_fixed",
	engine.CodeBadPao:               "panel.brief.bad_pao",
	engine.CodeKuikae:               "panel.brief.kuikae",
	engine.CodeMayBeConcealed:       "panel.brief.may_be_concealed",
	engine.CodeLate:                 "panel.brief.late",
	engine.CodeFastDraw:             "panel.brief.fast_draw",
	engine.CodeExhausted:            "panel.brief.exhausted",
	engine.CodeRefereeEnded:         "panel.brief.referee_ended",
	engine.CodeChombo:               "panel.brief.chombo",
	engine.CodePonOverChii:          "panel.brief.pon_over_chii",
	engine.CodeNotAGroup:            "panel.brief.not_a_group",
	engine.CodeNextDrew:             "panel.brief.next_drew",
	engine.CodeActedOwnTurn:         "panel.brief.acted_own_turn",
	engine.CodeEarlyReplacement:     "panel.brief.early_replacement",
	engine.CodeDoraWithdrawn:        "panel.brief.dora_withdrawn",
	engine.CodeHandRefused:          "panel.brief.hand_refused",
	engine.CodeNoRiichiWinner:       "panel.brief.no_riichi_winner",
	engine.CodeNoUraDue:             "panel.brief.no_ura_due",
	engine.CodeFuriten:              "panel.brief.furiten",
	engine.CodeValueDisagrees:       "panel.brief.value_disagrees",
	engine.CodeGameOver:             "panel.brief.game_over",
	engine.CodeTimeUp:               "panel.brief.time_up",
	engine.CodeWrongSeat:            "panel.brief.wrong_seat",
	engine.CodeNotACard:             "panel.brief.not_a_card",
	engine.CodeNotOver:              "panel.brief.not_over",
	engine.CodeConfirmedOnce:        "panel.brief.confirmed_once",
}

// BriefCodes are the rule codes that have a brief, for the tests that
// render every word of the panel.
func BriefCodes() []engine.RuleCode {
	codes := make([]engine.RuleCode, 0, len(briefs))
	for c := range briefs {
		codes = append(codes, c)
	}
	return codes
}

// Brief is a rule code in a few words, "" for a code with none.
func (w Words) Brief(c engine.RuleCode) string {
	if key, ok := briefs[c]; ok {
		return w.l.Text(key)
	}
	return ""
}

// lostBrief is why claim c lost in decision o in a few words: the rule's,
// or "pon wins" when the winner's call beat it.
func (w Words) lostBrief(o engine.Outcome, c engine.Claim) string {
	if c.Code == engine.CodeCallOverChii || c.Code == engine.CodeCallWithin || c.Code == engine.CodePonOverChii {
		call := engine.ActNone
		if len(o.Won) > 0 {
			call = o.Won[0].Call
		}
		return w.Text("panel.brief.call_wins", "call", w.callWord(call))
	}
	return w.Brief(c.Code)
}

// callWord is a call in lower case, as a brief says it: "pon".
func (w Words) callWord(a engine.Action) string {
	if w.l.Has("action."+a.String()) || catalog.English().Has("action."+a.String()) {
		return w.l.Text("action." + a.String())
	}
	return a.String()
}

// briefDecision is why a decision's first loser lost, in a few words:
// "CHII N: slower", "PON W: ron wins"; "+1" when more claims lost. A
// decision without losers has none: its tags (LATE) say the rest.
func (w Words) briefDecision(o engine.Outcome) string {
	if len(o.Lost) == 0 {
		return ""
	}
	c := o.Lost[0]
	s := w.Text("panel.brief.call", "call", w.Call(c.Call), "wind", w.Letter(o.Wind(c.Seat)))
	if why := w.lostBrief(o, c); why != "" {
		s = w.Text("panel.brief.why", "call", s, "why", why)
	}
	if len(o.Lost) > 1 {
		// How many more lost, when the line has room for it.
		if more := w.Text("panel.brief.more", "brief", s, "n", strconv.Itoa(min(len(o.Lost)-1, 9))); utf8.RuneCountInString(more) <= BriefWidth {
			s = more
		}
	}
	return s
}
