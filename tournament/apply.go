package tournament

import (
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"
)

// apply changes s by r, or says why r does not fit and leaves s as it
// was: every check comes before the first change.
func apply(s *State, r Record) error {
	switch r.Kind {
	case KindPlayer:
		return applyPlayer(s, *r.Player)
	case KindSubstitute:
		return applySubstitute(s, *r.Substitute)
	case KindOptions:
		return applyOptions(s, *r.Options)
	case KindSeated:
		return applySeated(s, *r.Seated)
	case KindClock:
		return applyClock(s, *r.Clock, r.At)
	case KindResult:
		return applyResult(s, *r.Result)
	case KindCorrect:
		return applyCorrect(s, *r.Result)
	case KindConfirm:
		return applyConfirm(s, *r.Confirm, r.By)
	case KindSwap:
		return applySwap(s, *r.Swap)
	case KindPenalty:
		return applyPenalty(s, r)
	}
	return fmt.Errorf("unknown kind %q", r.Kind)
}

// CheckPlayer says what is wrong with a player's fields, "" when nothing.
func CheckPlayer(p Player) error {
	switch {
	case strings.TrimSpace(p.Name) == "":
		return Refuse("player_name", nil, "field name: a player needs a name")
	case utf8.RuneCountInString(p.Name) > 80 || len(p.Country) > 60 || len(p.Club) > 80:
		return Refuse("too_long", nil, "a name, country or club that long (over 80 letters) is not a player's")
	case p.EMA != "" && (len(p.EMA) > 12 || strings.Trim(p.EMA, "0123456789") != ""):
		return Refuse("bad_ema", map[string]any{"ema": p.EMA}, "field ema: %q is not an EMA number (digits only)", p.EMA)
	}
	for _, c := range p.Cards {
		if c == "" || len(c) > 32 || strings.Trim(c, "0123456789abcdef") != "" {
			return Refuse("bad_card", map[string]any{"card": c}, "field cards: %q is not a card's UID (hex, lower case)", c)
		}
	}
	return nil
}

func applyPlayer(s *State, p Player) error {
	if err := CheckPlayer(p); err != nil {
		return err
	}
	if p.Number < 1 || p.Number > len(s.Players)+1 {
		return Refuse("no_player", map[string]any{"player": p.Number}, "there is no player %d", p.Number)
	}
	for _, o := range s.Players {
		if o.Number == p.Number {
			continue
		}
		if p.EMA != "" && o.EMA == p.EMA {
			return Refuse("ema_taken", map[string]any{"ema": p.EMA, "player": o.Number, "name": o.Name}, "EMA number %s is player %d's (%s) already", p.EMA, o.Number, o.Name)
		}
		for _, c := range p.Cards {
			if slices.Contains(o.Cards, c) {
				return Refuse("card_taken", map[string]any{"card": c, "player": o.Number, "name": o.Name}, "card %s is registered to player %d (%s) already", c, o.Number, o.Name)
			}
		}
	}
	if p.Number == len(s.Players)+1 {
		s.Players = append(s.Players, PlayerState{Player: p})
		return nil
	}
	old := &s.Players[p.Number-1]
	if p.Reserve != old.Reserve && (old.Replaces != 0 || seatedAnywhere(s, p.Number)) {
		return Refuse("player_seated", map[string]any{"player": p.Number}, "player %d is seated or substitutes already: a substitution, not an edit, changes that", p.Number)
	}
	old.Player = p
	return nil
}

func seatedAnywhere(s *State, n int) bool {
	for _, r := range s.Rounds {
		for _, g := range r.Games {
			if slices.Contains(g.Players[:], n) {
				return true
			}
		}
	}
	return false
}

func applySubstitute(s *State, sub Substitute) error {
	out, ok1 := s.Player(sub.Out)
	in, ok2 := s.Player(sub.In)
	switch {
	case !ok1:
		return fmt.Errorf("there is no player %d to replace", sub.Out)
	case !ok2:
		return fmt.Errorf("there is no player %d to substitute", sub.In)
	case !in.Reserve || in.Replaces != 0:
		return fmt.Errorf("player %d (%s) is not a free substitute", sub.In, in.Name)
	case out.ReplacedBy != 0:
		return fmt.Errorf("player %d (%s) is replaced already, by player %d", sub.Out, out.Name, out.ReplacedBy)
	case out.Reserve && out.Replaces == 0:
		return fmt.Errorf("player %d (%s) is a substitute who does not play", sub.Out, out.Name)
	case sub.From < 1 || s.Options.Rounds > 0 && sub.From > s.Options.Rounds:
		return fmt.Errorf("round %d is not a round of the tournament", sub.From)
	case s.Started(sub.From):
		return fmt.Errorf("round %d has started: a substitute takes the rounds left", sub.From)
	}
	s.Players[sub.Out-1].ReplacedBy, s.Players[sub.Out-1].From = sub.In, sub.From
	s.Players[sub.In-1].Replaces, s.Players[sub.In-1].From = sub.Out, sub.From
	for i := sub.From - 1; i < len(s.Rounds); i++ {
		for j := range s.Rounds[i].Games {
			g := &s.Rounds[i].Games[j]
			if w := slices.Index(g.Players[:], sub.Out); w >= 0 {
				g.Players[w] = sub.In
			}
		}
	}
	return nil
}

func applyOptions(s *State, o Options) error {
	switch {
	case o.Rounds < 1 || o.Rounds > 40:
		return Refuse("bad_rounds", map[string]any{"rounds": o.Rounds}, "field rounds: %d is not a number of rounds (1..40)", o.Rounds)
	case o.RoundMinutes < 1 || o.RoundMinutes > 600:
		return Refuse("bad_minutes", map[string]any{"minutes": o.RoundMinutes}, "field round_minutes: %d is not a round's length in minutes (1..600)", o.RoundMinutes)
	case o.AfterTime < -1 || o.AfterTime > 8:
		return Refuse("bad_after", map[string]any{"hands": o.AfterTime}, "field after_time: %d hands after the signal (-1 for the book's, else 0..8)", o.AfterTime)
	case o.HideLast < 0 || o.HideLast > o.Rounds:
		return Refuse("bad_hide", map[string]any{"hide": o.HideLast, "rounds": o.Rounds}, "field hide_last: %d is not a number of the last rounds to hide (0..%d)", o.HideLast, o.Rounds)
	case o.Start <= 0:
		return fmt.Errorf("field start: %d is not a player's starting points", o.Start)
	case len(s.Rounds) > o.Rounds:
		return Refuse("rounds_seated", map[string]any{"seated": len(s.Rounds)}, "field rounds: %d rounds are seated already", len(s.Rounds))
	}
	seen := map[string]bool{}
	for _, t := range o.Tables {
		if t == "" || len(t) > 64 || strings.ContainsAny(t, "/+#\x00") || seen[t] {
			return Refuse("bad_table", map[string]any{"table": t}, "field tables: %q is not a table's name, or is named twice", t)
		}
		seen[t] = true
	}
	for _, r := range s.Rounds {
		for _, g := range r.Games {
			if !seen[g.Table] {
				return Refuse("table_plays", map[string]any{"table": g.Table, "round": r.Number}, "field tables: table %s plays round %d: keep it", g.Table, r.Number)
			}
		}
	}
	s.Options = o
	s.Options.Tables = slices.Clone(o.Tables)
	return nil
}

func applySeated(s *State, st Seated) error {
	if s.Options.Rounds == 0 {
		return fmt.Errorf("set the options (rounds, tables) before seating")
	}
	if st.From < 1 || st.From > len(s.Rounds)+1 {
		return fmt.Errorf("field from: round %d does not follow the %d seated", st.From, len(s.Rounds))
	}
	last := st.From + len(st.Rounds) - 1
	if len(st.Rounds) == 0 || last > s.Options.Rounds {
		return fmt.Errorf("rounds %d..%d: the tournament has %d", st.From, last, s.Options.Rounds)
	}
	for n := st.From; n <= len(s.Rounds); n++ {
		if s.Started(n) {
			return fmt.Errorf("round %d has started: seat the rounds after it", n)
		}
	}
	want := s.Seated()
	if !slices.Equal(st.Players, want) {
		return fmt.Errorf("field players: the seating is of players %v, the seated players are %v", st.Players, want)
	}
	n := len(st.Players)
	if n == 0 || n%4 != 0 {
		return Refuse("fit", map[string]any{"seated": len(s.Seated())}, "%s", s.Fit())
	}
	if n/4 > len(s.Options.Tables) {
		return fmt.Errorf("%d players need %d tables, the options name %d", n, n/4, len(s.Options.Tables))
	}
	rounds := make([]RoundState, 0, len(st.Rounds))
	for i, tables := range st.Rounds {
		num := st.From + i
		if len(tables) != n/4 {
			return fmt.Errorf("round %d: %d tables for %d players", num, len(tables), n)
		}
		seen := make([]bool, n+1)
		rs := RoundState{Number: num, Clock: ClockState{State: ClockWaiting, Length: time.Duration(s.Options.RoundMinutes) * time.Minute}}
		for j, t := range tables {
			g := GameState{Table: s.Options.Tables[j]}
			for w, pos := range t {
				if pos < 1 || pos > n || seen[pos] {
					return fmt.Errorf("round %d, table %d: position %d is not a seated player's, or is seated twice", num, j+1, pos)
				}
				seen[pos] = true
				g.Players[w] = st.Players[pos-1]
			}
			rs.Games = append(rs.Games, g)
		}
		rounds = append(rounds, rs)
	}
	s.Rounds = append(s.Rounds[:st.From-1:st.From-1], rounds...)
	return nil
}

func applyClock(s *State, c Clock, at time.Time) error {
	r := s.Round(c.Round)
	if r == nil {
		return Refuse("round_unseated", map[string]any{"round": c.Round}, "round %d is not seated", c.Round)
	}
	k := &r.Clock
	from := map[string]string{ClockStart: ClockWaiting, ClockPause: ClockRunning, ClockResume: ClockPaused}[c.Action]
	switch {
	case c.Action == ClockEnd && (k.State == ClockRunning || k.State == ClockPaused):
	case from == "" && c.Action != ClockEnd:
		return fmt.Errorf("field action: %q is not start, pause, resume or end", c.Action)
	case k.State != from:
		return Refuse("clock_state", map[string]any{"round": c.Round}, "round %d's clock is %s: it cannot %s", c.Round, k.State, c.Action)
	}
	switch c.Action {
	case ClockStart, ClockResume:
		k.State, k.Since = ClockRunning, at
	case ClockPause:
		k.Elapsed += at.Sub(k.Since)
		k.State, k.Since = ClockPaused, time.Time{}
	case ClockEnd:
		if k.State == ClockRunning {
			k.Elapsed += at.Sub(k.Since)
		}
		k.State, k.Since = ClockOver, time.Time{}
	}
	return nil
}
