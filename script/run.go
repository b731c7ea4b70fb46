package script

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/table"
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

// Line is one line of a script's output: an outcome, or a revision.
type Line struct {
	Outcome  *engine.Outcome
	Revision *Revision
}

// Revision is what the table prints when inputs reached it after it had
// decided past their stamps: they are decided at their stamps all the
// same, what they change is re-decided, and the published outcomes it
// takes back are withdrawn; the new outcomes follow the revision.
type Revision struct {
	// At is the time the table had decided up to when the late inputs
	// arrived.
	At     time.Duration
	Dealer engine.Seat
	Late   []LateInput
	// Withdraws are the output lines (numbered from 1, outcomes and
	// revisions, as printed) of the published outcomes it withdraws.
	Withdraws []int
	// Reason is the table's note, in words.
	Reason string
}

// LateInput is an input that reached the table late: its script line,
// seat, action, stamp, and when it arrived.
type LateInput struct {
	Line    int
	Seat    engine.Seat
	Action  engine.Action
	At      time.Duration
	Arrived time.Duration
}

// Run steps the table's own logic (table.Stepper) through the script:
// every input reaches the table at its stamp, or "arrives" that much later
// from a source whose watermark is held until then; the table decides what
// the horizon has passed (at most the wait bound behind), and re-decides an
// input that arrives after it had decided past its stamp, with a revision.
// It calls emit for every line, runs time on until nothing is pending and
// returns the final state.
func Run(s *Script, emit func(Line) error) (engine.State, error) {
	events, err := s.events()
	if err != nil {
		return engine.State{}, err
	}
	t, err := table.NewStepper(s.Profile, s.Dealer)
	if err != nil {
		return engine.State{}, err
	}
	order := make([]int, len(s.Steps))
	for i := range order {
		order[i] = i
	}
	arrival := func(i int) time.Duration { return s.Steps[i].At + s.Steps[i].Arrives }
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(arrival(a), arrival(b)) })
	// horizon is how far the table has decided at now: up to just before
	// the earliest stamp still on its way, never more than the bound
	// behind now.
	horizon := func(now time.Duration, next int) time.Duration {
		h := now
		for _, i := range order[next:] {
			if arrival(i) > now && s.Steps[i].At-1 < h {
				h = s.Steps[i].At - 1
			}
		}
		return max(h, now-s.WaitBound)
	}
	var (
		lines  int
		lineOf = map[uint64]int{}  // published outcome -> output line
		stepOf = map[uint64]Step{} // input -> its step
	)
	print := func(entries []table.Entry) error {
		for _, en := range entries {
			var l Line
			switch {
			case en.Outcome != nil:
				l.Outcome = en.Outcome
			case en.Revision != nil:
				r := &Revision{At: en.At, Dealer: en.Dealer, Reason: en.Note}
				for _, seq := range en.Revision.Late {
					st := stepOf[seq]
					r.Late = append(r.Late, LateInput{Line: st.Line, Seat: st.Wind.Seat(en.Dealer), Action: st.Action, At: st.At, Arrived: st.At + st.Arrives})
				}
				for _, seq := range en.Revision.Retracted {
					r.Withdraws = append(r.Withdraws, lineOf[seq])
				}
				l.Revision = r
			default:
				continue
			}
			lines++
			lineOf[en.Seq] = lines
			if err := emit(l); err != nil {
				return err
			}
		}
		return nil
	}
	for n, i := range order {
		st := s.Steps[i]
		// Everything the horizon passed before the input arrived; an
		// input at a deadline is applied before the deadline passes.
		if err := print(t.Process(horizon(arrival(i)-1, n))); err != nil {
			return engine.State{}, err
		}
		stepOf[t.Receive(events[i]).Seq] = st
	}
	for at, ok := t.Next(); ok; at, ok = t.Next() {
		if err := print(t.Process(at)); err != nil {
			return engine.State{}, err
		}
	}
	return t.State(), nil
}

// events are the script's steps as engine events. A seat wind is that of
// the hand the step belongs to by its stamp: the steps are run through an
// engine in stamp order, as if every input arrived on time, to learn the
// dealer of each (a late input is decided at its stamp, in that hand).
func (s *Script) events() ([]engine.Event, error) {
	e, err := engine.New(s.Profile, s.Dealer)
	if err != nil {
		return nil, err
	}
	evs := make([]engine.Event, len(s.Steps))
	var out []engine.Outcome
	for i, st := range s.Steps {
		evs[i] = st.Event(e.State().Dealer)
		if out, err = e.Apply(evs[i], out[:0]); err != nil {
			return nil, &Error{Line: st.Line, Msg: strings.TrimPrefix(err.Error(), "engine: ")}
		}
	}
	return evs, nil
}

// WriteJSON runs the script and prints one JSON object per outcome or
// revision and the closing state line, as the scenario contract says.
func WriteJSON(s *Script, w io.Writer) error {
	st, err := Run(s, func(l Line) error {
		var b []byte
		var err error
		if l.Revision != nil {
			b, err = MarshalRevision(*l.Revision)
		} else {
			b, err = MarshalOutcome(*l.Outcome)
		}
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
	var printed []Line
	st, err := Run(s, func(l Line) error {
		printed = append(printed, l)
		if r := l.Revision; r != nil {
			_, err := fmt.Fprintf(w, "%9s  REVISION %s\n", stamp(r.At), r.Reason)
			for _, n := range r.Withdraws {
				if n >= 1 && n <= len(printed) && printed[n-1].Outcome != nil {
					o := printed[n-1].Outcome
					if err == nil {
						_, err = fmt.Fprintf(w, "           withdrawn: %s %s\n", stamp(o.At), strings.SplitN(Describe(*o), "\n", 2)[0])
					}
				}
			}
			return err
		}
		_, err := fmt.Fprintf(w, "%9s  %s\n", stamp(l.Outcome.At), Describe(*l.Outcome))
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
		if o.Reason != "" {
			return fmt.Sprintf("DORA     %s; indicators %v -> dora %v", o.Reason, o.Indicators, o.Dora)
		}
		return fmt.Sprintf("DORA     indicators %v -> dora %v", o.Indicators, o.Dora)
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

func whoOf(o engine.Outcome) string {
	if o.Seat.Valid() {
		return o.Wind(o.Seat).String()
	}
	return "table"
}
