package outcome

import (
	"fmt"
	"strings"

	"github.com/tabled/tabled/engine"
)

// This file is the one place where a record becomes words. The reasons are
// the engine's (its refusals in the catalog's words, reason.go); these
// sentences say what a record is, and each surface (the terminal, the
// panel, the page, the log's text, the console) puts its own tag before
// them.

// WindName is a wind letter as players say it ("E" is "East"); anything
// else is returned as it is.
func WindName(letter string) string {
	w, err := engine.ParseWind(letter)
	if err != nil {
		return letter
	}
	return w.String()
}

// CallLabel is a call as the panel and the reasons name it: "PON North";
// with no seat, the call alone.
func CallLabel(call, seat string) string {
	if seat == "" {
		return strings.ToUpper(call)
	}
	return strings.ToUpper(call) + " " + WindName(seat)
}

// DealHand is a deal's hand: "East 2".
func DealHand(r Record) string { return fmt.Sprintf("%s %d", WindName(r.RoundWind), r.Hand) }

// DealTable is what a deal leaves on the table: "1 honba, 0 riichi
// sticks; seat 1 deals".
func DealTable(r Record) string {
	return fmt.Sprintf("%d honba, %d riichi sticks; seat %d deals", r.Honba, r.RiichiSticks, r.DealerSeat)
}

// Deal is a deal line: "East 2, 1 honba, 0 riichi sticks; seat 1 deals".
func Deal(r Record) string { return DealHand(r) + ", " + DealTable(r) }

// Won names a decision's winning claims: "PON North", "RON West and RON
// North".
func Won(r Record) string {
	ws := make([]string, 0, len(r.Won))
	for _, c := range r.Won {
		ws = append(ws, CallLabel(c.Call, c.Seat))
	}
	return strings.Join(ws, " and ")
}

// Claimed is what a decision was about: "East's 6s", or "East's kong of
// 6s" when a ron robs it.
func Claimed(r Record) string {
	if r.Discard == nil {
		return "the table"
	}
	if r.Robbing {
		return fmt.Sprintf("%s's kong of %s", WindName(r.Discard.Seat), r.Discard.Tile)
	}
	return fmt.Sprintf("%s's %s", WindName(r.Discard.Seat), r.Discard.Tile)
}

// LostLine says why a claim lost: "CHII South lost: called within 250 ms
// ..." (the rule in words; a record logged before the rule was kept apart
// gives the engine's whole sentence).
func LostLine(c SeatCall) string {
	why := c.Why
	if why == "" {
		why = c.Reason
	}
	return CallLabel(c.Call, c.Seat) + " lost: " + why
}

// Rejected is a refused input: "CHII West: only South, next in turn, ...".
func Rejected(r Record) string { return CallLabel(r.Call, r.Seat) + ": " + r.Reason }

// Flag is what the referee must check: "check West: ..." ("check the
// table: ..." when no seat is concerned).
func Flag(r Record) string {
	who := "the table"
	if r.Seat != "" {
		who = WindName(r.Seat)
	}
	return "check " + who + ": " + r.Reason
}

// Dora is the indicators shown and the dora they point to: "indicators 3p
// 7z -> dora 4p 5z"; a withdrawn kan dora read says so first ("kan dora
// indicator 4m withdrawn: ...; indicators 1m -> dora 2m").
func Dora(r Record) string {
	s := fmt.Sprintf("indicators %s -> dora %s", strings.Join(r.Indicators, " "), strings.Join(r.Dora, " "))
	if r.Reason != "" {
		s = r.Reason + "; " + s
	}
	return s
}

// Revision is a revision in the table's words, with the lines it
// withdraws: "... arrived after the table had decided up to 350ms ...;
// withdraws line 1".
func Revision(r Record) string {
	s := r.Reason
	if len(r.Withdraws) > 0 {
		ls := make([]string, len(r.Withdraws))
		for i, l := range r.Withdraws {
			ls[i] = fmt.Sprint(l)
		}
		s += "; withdraws line " + strings.Join(ls, ", ")
	}
	return s
}

// NewDora is the latest indicator and its dora, "indicator 7z -> dora 5z",
// and the tiles themselves; ok is false for a record without one.
func NewDora(r Record) (text, indicator, dora string, ok bool) {
	n := len(r.Indicators)
	if n == 0 || len(r.Dora) != n {
		return "", "", "", false
	}
	return fmt.Sprintf("indicator %s -> dora %s", r.Indicators[n-1], r.Dora[n-1]), r.Indicators[n-1], r.Dora[n-1], true
}

// HandEnd is how a hand ended: "ron by West and North", "draw", or the
// result alone when nobody is named.
func HandEnd(r Record) string {
	ws := make([]string, 0, len(r.Winners))
	for _, w := range r.Winners {
		ws = append(ws, WindName(w))
	}
	switch {
	case r.Result == engine.ResultChombo.String() && r.Reason != "":
		return r.Reason // the engine's words name the offender
	case len(ws) == 0:
		return r.Result
	}
	return r.Result + " by " + strings.Join(ws, " and ")
}

// KongStands is a kong nobody robbed, in the engine's words.
func KongStands(r Record) string { return r.Reason }

// Line is a record as one line of the terminal and the page, a tag and
// its sentence: "DECISION on East's 6s: PON North: the only claim", each
// lost claim on a line of its own below.
func Line(r Record) string {
	switch r.Type {
	case TypeDecision:
		s := fmt.Sprintf("DECISION on %s: %s", Claimed(r), r.Reason)
		for _, c := range r.Lost {
			s += "\n           lost: " + c.Reason
		}
		return s
	case TypeRejected:
		return "REJECTED " + Rejected(r)
	case TypeFlag:
		return "REFEREE  " + Flag(r)
	case TypeDeal:
		return "DEAL     " + Deal(r)
	case TypeKongStands:
		return "KONG     " + KongStands(r)
	case TypeDora:
		return "DORA     " + Dora(r)
	case TypeHandEnd:
		return "HAND END " + HandEnd(r)
	case TypeScore:
		return "SCORE    " + Score(r)
	case TypeGameEnd:
		return "GAME END " + GameEnd(r)
	case TypeRevision:
		return "REVISION " + Revision(r)
	case TypeSeated:
		return "SEATED   " + r.Reason
	case TypeConfirmed:
		return "CONFIRMED " + r.Reason
	}
	return string(r.Type)
}
