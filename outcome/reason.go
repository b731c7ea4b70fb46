package outcome

import (
	"strings"

	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/engine"
)

// This file puts the engine's refusals (a rule code and its engine.Args)
// into the catalog's words, in any of its languages; said.go the engine's
// other reasons. The table gives the engine English (EnglishReason), so
// Outcome.Reason, the claim log and every JSON contract keep the English
// reason; a view renders the same code and arguments in its reader's
// language with Reason.

// Reason is code with its arguments in l's words (nil: English); false:
// a code with no words (CodeNone).
func Reason(l *catalog.Lang, code engine.RuleCode, a engine.Args) (string, bool) {
	r := reasonWords{l: l, a: a}
	for _, words := range [...]func(engine.RuleCode) (string, bool){r.claimRefusal, r.turnRefusal, r.kongRefusal, r.decision, r.precedence, r.value, r.table, r.players} {
		if s, ok := words(code); ok {
			return s, true
		}
	}
	return "", false
}

// reasonWords are one reason's arguments and the language they are put in.
type reasonWords struct {
	l *catalog.Lang
	a engine.Args
}

// wind is seat s named by its wind in this hand.
func (r reasonWords) wind(s engine.Seat) string {
	return r.l.Text("wind." + s.Wind(r.a.Dealer).Letter())
}

// text is key with the seats the reason names, and more parameters.
func (r reasonWords) text(key string, more ...any) string {
	return r.l.Text(key, append([]any{"seat", r.wind(r.a.Seat), "other", r.wind(r.a.Other)}, more...)...)
}

// label is a claim as the panel names it: "PON South".
func (r reasonWords) label(seat engine.Seat, call engine.Action) string {
	return CallWord(r.l, call.String()) + " " + r.wind(seat)
}

// calls are the declared calls as a list: "riichi", "riichi and kan",
// "riichi, kan and tsumo".
func (r reasonWords) calls() string {
	l := make([]string, len(r.a.Calls))
	for i, c := range r.a.Calls {
		l[i] = r.call(c)
	}
	if len(l) < 2 {
		return strings.Join(l, "")
	}
	return r.l.Text("list.and", "first", strings.Join(l[:len(l)-1], ", "), "last", l[len(l)-1])
}

// showing is what a call showed, "CHII 5p 6p", for the words of a refused group.
func (r reasonWords) showing() string {
	var shown []engine.Tile
	for _, t := range r.a.Shown {
		if t.Known() {
			shown = append(shown, t)
		}
	}
	s := CallWord(r.l, r.a.Call.String())
	if len(shown) > 0 {
		s += " " + TilesIn(r.l, shown)
	}
	return s
}

// claimRefusal is the words of a refused claim on a discard or a kong.
func (r reasonWords) claimRefusal(code engine.RuleCode) (string, bool) {
	a, ron := r.a, r.a.Call == engine.Ron
	switch code {
	case engine.CodeHandOver:
		return r.text("refusal.hand_over"), true
	case engine.CodeNoDiscard:
		return r.text(pick(ron, "refusal.no_discard.ron", "refusal.no_discard.claim")), true
	case engine.CodeKongRonOnly:
		return r.text("refusal.kong_ron_only"), true
	case engine.CodeOwnDiscard:
		return r.text(pick(ron, "refusal.own_discard.ron", "refusal.own_discard.claim")), true
	case engine.CodeOwnKong:
		return r.text("refusal.own_kong"), true
	case engine.CodeChiiNextOnly:
		return r.text("refusal.chii_next_only", "next", r.wind(a.Other.Next())), true
	case engine.CodeInRiichi:
		return r.text("refusal.in_riichi"), true
	case engine.CodeDeadHand:
		what := map[engine.Action]string{engine.Ron: "refusal.dead_hand_what.win", engine.Tsumo: "refusal.dead_hand_what.win", engine.Kan: "refusal.dead_hand_what.kan", engine.Riichi: "refusal.dead_hand_what.riichi"}[a.Call]
		if what == "" {
			what = "refusal.dead_hand_what.calls"
		}
		return r.text("refusal.dead_hand", "what", r.l.Text(what)), true
	case engine.CodeLastTile:
		return r.text("refusal.last_tile"), true
	case engine.CodeTileMismatch:
		return r.text("refusal.tile_mismatch", "call", a.Call.String(), "tile", TileIn(r.l, a.Tile), "discard", TileIn(r.l, a.Tile2)), true
	case engine.CodeNotAGroup:
		return r.notAGroup(), true
	case engine.CodeNextDrew:
		return r.text("refusal.next_drew", "deadline", r.l.Duration(a.Deadline)), true
	case engine.CodeActedOwnTurn:
		if len(a.Calls) > 0 {
			return r.text("refusal.acted_own_turn.declared", "calls", r.calls()), true
		}
		return r.text("refusal.acted_own_turn.drew"), true
	case engine.CodeRonStands:
		return r.text(pick(a.Call == engine.Cancel, "refusal.ron_stands.cancel", "refusal.ron_stands.change")), true
	case engine.CodeAlreadyCalled:
		return r.text("refusal.already_called"), true
	case engine.CodeAlreadyDecidedCancel:
		l := make([]string, len(a.Decided))
		for i, c := range a.Decided {
			l[i] = r.label(c.Seat, c.Call)
		}
		return r.text("refusal.already_decided_cancel", "decided", strings.Join(l, ", ")), true
	case engine.CodeNoCall:
		return r.text("refusal.no_call"), true
	}
	return "", false
}

// notAGroup is the words of a chii or pon whose tiles make no group.
func (r reasonWords) notAGroup() string {
	a := r.a
	chii, known := a.Call == engine.Chii, a.Tile.Known()
	key := "refusal.not_a_group.pung"
	switch {
	case chii && known && a.Tile.Suit() == engine.Honor:
		key = "refusal.not_a_group.honor"
	case chii && known:
		key = "refusal.not_a_group.chow_with"
	case chii:
		key = "refusal.not_a_group.chow"
	case known:
		key = "refusal.not_a_group.pung_with"
	}
	return r.text(key, "showing", r.showing(), "tile", TileIn(r.l, a.Tile))
}

// turnRefusal is the words of an action refused in a seat's own turn.
func (r reasonWords) turnRefusal(code engine.RuleCode) (string, bool) {
	a := r.a
	switch code {
	case engine.CodeNotYourTurn:
		what := map[engine.Action]string{engine.Discard: "refusal.turn_what.discard", engine.Kan: "refusal.turn_what.kan", engine.Tsumo: "refusal.turn_what.tsumo", engine.Riichi: "refusal.turn_what.riichi"}[a.Call]
		doing := ""
		if what != "" {
			doing = r.l.Text(what)
		}
		turn := r.l.Text(pick(a.ToDraw, "refusal.turn.to_draw", "refusal.turn.to_discard"), "seat", r.wind(a.Turn))
		return r.text("refusal.not_your_turn", "what", doing, "turn", turn), true
	case engine.CodeDeciding:
		return r.text("refusal.deciding", "tile", TileIn(r.l, a.Tile)), true
	case engine.CodeWallEmpty:
		return r.text("refusal.wall_empty"), true
	case engine.CodeNoKongWall:
		return r.text("refusal.no_kong_wall"), true
	case engine.CodeCalledThisTurn:
		return r.text(pick(a.Call == engine.Tsumo, "refusal.called_this_turn.tsumo", "refusal.called_this_turn.kan")), true
	case engine.CodeAlreadyRiichi:
		return r.text("refusal.already_riichi"), true
	case engine.CodeOpenHand:
		return r.text("refusal.open_hand"), true
	case engine.CodeRiichiWall:
		return r.text("refusal.riichi_wall", "n", a.N, "m", a.M), true
	}
	return "", false
}

// kongRefusal is the words of the refusals about kongs and their dora.
func (r reasonWords) kongRefusal(code engine.RuleCode) (string, bool) {
	a := r.a
	switch code {
	case engine.CodeFifthKong:
		return r.text("refusal.fifth_kong"), true
	case engine.CodeEarlyReplacement:
		return r.text("refusal.early_replacement", "calls", r.calls()), true
	case engine.CodeDoraWithdrawn:
		return r.text("refusal.dora_withdrawn", "tile", TileIn(r.l, a.Tile)), true
	case engine.CodeNoDoraDue:
		return r.text("refusal.no_dora_due", "n", a.N, "m", a.M), true
	case engine.CodeKongMayBeRobbed:
		return r.text("refusal.kong_may_be_robbed"), true
	case engine.CodeThirteenOrphansOnly:
		return r.text("refusal.thirteen_orphans_only", "tile", TileIn(r.l, a.Tile)), true
	case engine.CodeConcealedNotRobbable:
		return r.text("refusal.concealed_not_robbable"), true
	case engine.CodeRobbingOver:
		return r.text("refusal.robbing_over"), true
	}
	return "", false
}

// pick is a when cond, else b.
func pick(cond bool, a, b string) string {
	if cond {
		return a
	}
	return b
}
