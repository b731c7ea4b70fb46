package script

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/payment"
)

// Events turns the script's steps into engine events, in order. Winds are
// turned into physical seats by the caller, with the dealer of the moment.
func (st Step) Event(dealer engine.Seat) engine.Event {
	ev := engine.Event{At: st.At, Seat: engine.NoSeat, Action: st.Action, Tile: st.Tile, Shown: st.Shown, Dealer: st.Dealer, Source: engine.SourceScript}
	if st.Action != engine.Dora && st.Action != engine.NewHand {
		ev.Seat = st.Wind.Seat(dealer)
	}
	if st.Value != nil {
		ev.Value = &engine.HandValue{Value: *st.Value, Pao: engine.NoSeat}
		if st.Pao != nil {
			ev.Value.Pao = st.Pao.Seat(dealer)
		}
	}
	ev.Name = st.Name
	return ev
}

// Run applies the script to a new engine and calls emit for every outcome,
// then runs time on until nothing is pending and returns the final state.
func Run(s *Script, emit func(engine.Outcome) error) (engine.State, error) {
	e, err := engine.NewGame(s.Profile, s.Dealer, s.Start)
	if err != nil {
		return engine.State{}, err
	}
	var out []engine.Outcome
	flush := func() error {
		for _, o := range out {
			if err := emit(o); err != nil {
				return err
			}
		}
		out = out[:0]
		return nil
	}
	for _, st := range s.Steps {
		out, err = e.Apply(st.Event(e.State().Dealer), out)
		if err != nil {
			return engine.State{}, &Error{Line: st.Line, Msg: strings.TrimPrefix(err.Error(), "engine: ")}
		}
		if err := flush(); err != nil {
			return engine.State{}, err
		}
	}
	for t, ok := e.NextDeadline(); ok; t, ok = e.NextDeadline() {
		out = e.Advance(t, out)
		if err := flush(); err != nil {
			return engine.State{}, err
		}
	}
	// A draw is settled at the deal after it, or here at the end.
	out = e.Flush(out)
	if err := flush(); err != nil {
		return engine.State{}, err
	}
	return e.State(), nil
}

// WriteJSON runs the script and prints one JSON object per outcome and the
// closing state line, as the scenario contract says.
func WriteJSON(s *Script, w io.Writer) error {
	st, err := Run(s, func(o engine.Outcome) error {
		b, err := MarshalOutcome(o)
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(w, "%s\n", b)
		return err
	})
	if err != nil {
		return err
	}
	b, err := MarshalState(st)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", b)
	return err
}

// WriteText runs the script and prints what the table would show, for people.
func WriteText(s *Script, w io.Writer) error {
	fmt.Fprintf(w, "rules %s (%s), window %v, East is seat %d\n", s.Profile.Name, s.Profile.Edition, s.Profile.Window, s.Dealer)
	st, err := Run(s, func(o engine.Outcome) error {
		_, err := fmt.Fprintf(w, "%9s  %s\n", stamp(o.At), Describe(o))
		return err
	})
	if err != nil {
		return err
	}
	turn := "nobody (the hand is over)"
	if !st.Ended {
		turn = st.Turn.Wind(st.Dealer).String()
	}
	var riichi []string
	for w := engine.East; w <= engine.North; w++ {
		if st.Riichi[w.Seat(st.Dealer)] {
			riichi = append(riichi, w.String())
		}
	}
	_, err = fmt.Fprintf(w, "%9s  wall %d, kongs %d, dora indicators %v, riichi [%s], next: %s\n",
		stamp(st.Now), st.Wall, st.Kongs, st.Indicators, strings.Join(riichi, " "), turn)
	return err
}

func stamp(d time.Duration) string { return fmt.Sprintf("%.3fs", d.Seconds()) }

// Describe is an outcome as one readable line.
func Describe(o engine.Outcome) string {
	switch o.Kind {
	case engine.KindDecision:
		what := fmt.Sprintf("%s's %s", o.Wind(o.Claimed.Seat), o.Claimed.Tile)
		if o.Robbing {
			what = fmt.Sprintf("%s's kong of %s", o.Wind(o.Claimed.Seat), o.Claimed.Tile)
		}
		s := fmt.Sprintf("DECISION on %s: %s", what, o.Reason)
		for _, c := range o.Lost {
			s += "\n           lost: " + c.Reason
		}
		return s
	case engine.KindRejection:
		return fmt.Sprintf("REJECTED %s: %s", engine.Label(o.Call, o.Seat, o.Dealer), o.Reason)
	case engine.KindFlag:
		return fmt.Sprintf("REFEREE  %s: %s", whoOf(o), o.Reason)
	case engine.KindDeal:
		return fmt.Sprintf("DEAL     %s %d, %d honba, %d riichi sticks; seat %d deals", o.RoundWind, o.HandNumber, o.Honba, o.RiichiSticks, o.Dealer)
	case engine.KindKongStands:
		return fmt.Sprintf("KONG     %s", o.Reason)
	case engine.KindDora:
		return fmt.Sprintf("DORA     indicators %v -> dora %v", o.Indicators, o.Dora)
	case engine.KindScore:
		return "SCORE    " + describeScore(o)
	case engine.KindGameEnd:
		return "GAME END " + describeGameEnd(o)
	case engine.KindHandEnd:
		var ws []string
		for _, s := range o.Winners {
			ws = append(ws, o.Wind(s).String())
		}
		if len(ws) == 0 {
			return fmt.Sprintf("HAND END %s", o.Result)
		}
		return fmt.Sprintf("HAND END %s by %s", o.Result, strings.Join(ws, " and "))
	}
	return o.Kind.String()
}

func describeScore(o engine.Outcome) string {
	sc := o.Score
	var parts []string
	for _, w := range sc.Wins {
		p := fmt.Sprintf("%s %s", o.Wind(w.Seat), w.Value)
		if w.Limit != payment.NoLimit {
			p += " (" + w.Limit.String() + ")"
		}
		p += fmt.Sprintf(" %d", w.Points)
		if w.From.Valid() {
			p += " from " + o.Wind(w.From).String()
		}
		parts = append(parts, p)
	}
	what := sc.Result.String()
	if len(parts) > 0 {
		what += ": " + strings.Join(parts, ", ")
	}
	if sc.Result == engine.ResultChombo && o.Seat.Valid() {
		what += " by " + o.Wind(o.Seat).String()
	}
	return fmt.Sprintf("%s; changes %s; scores %s; honba %d, sticks %d", what, windList(sc.Deltas, o.Dealer, true), windList(sc.Scores, o.Dealer, false), sc.Honba, sc.Sticks)
}

func describeGameEnd(o engine.Outcome) string {
	var parts []string
	for _, st := range o.GameEnd.Standings {
		parts = append(parts, fmt.Sprintf("%d. %s %d (%+d)", st.Place, o.Wind(engine.Seat(st.Seat)), st.Points, st.Result))
	}
	return strings.Join(parts, ", ")
}

// windList is points by seat as "E 24800 S 25000 ...", signed for changes.
func windList(p [4]int, dealer engine.Seat, signed bool) string {
	var b strings.Builder
	for w := engine.East; w <= engine.North; w++ {
		if w > engine.East {
			b.WriteByte(' ')
		}
		if signed {
			fmt.Fprintf(&b, "%s %+d", w.Letter(), p[w.Seat(dealer)])
		} else {
			fmt.Fprintf(&b, "%s %d", w.Letter(), p[w.Seat(dealer)])
		}
	}
	return b.String()
}

func whoOf(o engine.Outcome) string {
	if o.Seat.Valid() {
		return o.Wind(o.Seat).String()
	}
	return "table"
}
