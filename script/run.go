package script

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/outcome"
)

// Events turns the script's steps into engine events, in order. Winds are
// turned into physical seats by the caller, with the dealer of the moment.
func (st Step) Event(dealer engine.Seat) engine.Event {
	ev := engine.Event{At: st.At, Seat: engine.NoSeat, Action: st.Action, Tile: st.Tile, Shown: st.Shown, Dealer: st.Dealer, Source: engine.SourceScript}
	if st.Action != engine.Dora && st.Action != engine.NewHand {
		ev.Seat = st.Wind.Seat(dealer)
	}
	return ev
}

// Run applies the script to a new engine and calls emit for every outcome,
// then runs time on until nothing is pending and returns the final state.
func Run(s *Script, emit func(engine.Outcome) error) (engine.State, error) {
	e, err := engine.New(s.Profile, s.Dealer)
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
	return e.State(), nil
}

// WriteJSON runs the script and prints one JSON object per outcome and the
// closing state line, as the scenario contract says.
func WriteJSON(s *Script, w io.Writer) error {
	st, err := Run(s, func(o engine.Outcome) error {
		b, err := outcome.Of(o).Contract().MarshalJSON()
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(w, "%s\n", b)
		return err
	})
	if err != nil {
		return err
	}
	b, err := outcome.StateOf(st).Marshal()
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
		_, err := fmt.Fprintf(w, "%9s  %s\n", stamp(o.At), outcome.Line(outcome.Of(o)))
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
