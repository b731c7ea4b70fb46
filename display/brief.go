package display

import (
	"strings"

	"github.com/tabled/tabled/engine"
)

// briefs are the rule codes in a few words, for a panel with room for one
// short line of 17 characters: designed short, so nothing is cut.
var briefs = map[engine.RuleCode]string{
	engine.CodeRonBeatsAll:          "ron wins",
	engine.CodeHeadBump:             "head bump",
	engine.CodeFirstCall:            "slower",
	engine.CodeCloser:               "seat order",
	engine.CodeAlreadyDecided:       "too late",
	engine.CodeHandOver:             "hand is over",
	engine.CodeNoDiscard:            "no discard",
	engine.CodeKongRonOnly:          "kong: ron only",
	engine.CodeOwnDiscard:           "own discard",
	engine.CodeOwnKong:              "own kong",
	engine.CodeChiiNextOnly:         "next seat only",
	engine.CodeInRiichi:             "in riichi",
	engine.CodeDeadHand:             "dead hand",
	engine.CodeLastTile:             "last tile: ron",
	engine.CodeFifthKong:            "no fifth kong",
	engine.CodeTileMismatch:         "wrong tile",
	engine.CodeRonStands:            "ron stands",
	engine.CodeAlreadyCalled:        "already called",
	engine.CodeAlreadyDecidedCancel: "already decided",
	engine.CodeNoCall:               "nothing to cancel",
	engine.CodeNotYourTurn:          "not your turn",
	engine.CodeDeciding:             "wait: deciding",
	engine.CodeWallEmpty:            "wall is empty",
	engine.CodeNoKongWall:           "wall is empty",
	engine.CodeCalledThisTurn:       "just called",
	engine.CodeAlreadyRiichi:        "already riichi",
	engine.CodeOpenHand:             "hand is open",
	engine.CodeRiichiWall:           "wall too short",
	engine.CodeNoDoraDue:            "no dora due",
	engine.CodeKongMayBeRobbed:      "kong not done",
	engine.CodeThirteenOrphansOnly:  "cannot rob",
	engine.CodeConcealedNotRobbable: "cannot rob",
	engine.CodeRobbingOver:          "too late to rob",
	engine.CodeKuikae:               "swap-calling",
	engine.CodeMayBeConcealed:       "concealed kong?",
	engine.CodeLate:                 "late call",
	engine.CodeFastDraw:             "drew too fast",
	engine.CodePonOverChii:          "pon beats chii",
	engine.CodeNotAGroup:            "not a group",
	engine.CodeNextDrew:             "next seat drew",
	engine.CodeActedOwnTurn:         "you drew",
	engine.CodeEarlyReplacement:     "replaced early",
	engine.CodeDoraWithdrawn:        "dora withdrawn",
}

// brief is a rule code in a few words, "" for a code with none.
func brief(c engine.RuleCode) string { return briefs[c] }

// briefDecision is why a decision's first loser lost, in a few words:
// "CHII N: slower", "PON W: ron wins"; "+1" when more claims lost. A
// decision without losers has none: its tags (LATE) say the rest.
func briefDecision(o engine.Outcome) string {
	if len(o.Lost) == 0 {
		return ""
	}
	c := o.Lost[0]
	why := brief(c.Code)
	if c.Code == engine.CodeCallOverChii || c.Code == engine.CodeCallWithin {
		call := engine.ActNone
		if len(o.Won) > 0 {
			call = o.Won[0].Call
		}
		why = call.String() + " wins"
	}
	s := strings.ToUpper(c.Call.String()) + " " + o.Wind(c.Seat).Letter()
	if why != "" {
		s += ": " + why
	}
	if len(o.Lost) > 1 {
		s += " +" + string(rune('0'+min(len(o.Lost)-1, 9)))
	}
	return s
}
