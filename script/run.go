package script

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/outcome"
	"github.com/tabled/tabled/table"
)

// Events turns the script's steps into engine events, in order. Winds are
// turned into physical seats by the caller, with the dealer of the moment.
func (st Step) Event(dealer engine.Seat) engine.Event {
	ev := engine.Event{At: st.At, Seat: engine.NoSeat, Action: st.Action, Tile: st.Tile, Shown: st.Shown, Dealer: st.Dealer, Source: engine.SourceScript}
	if !st.Action.TableAction() {
		ev.Seat = st.Wind.Seat(dealer)
	}
	ev.Hand = append([]engine.Tile(nil), st.Hand...)
	if st.Value != nil {
		ev.Value = &engine.HandValue{Value: *st.Value, Pao: engine.NoSeat}
		if st.Pao != nil {
			ev.Value.Pao = st.Pao.Seat(dealer)
		}
	}
	ev.Name = st.Name
	return ev
}

// Line is one line of a script's output: an engine outcome, or a revision
// (outcome.TypeRevision: inputs that reached the table after it had
// decided past their stamps, and the published outcomes it withdrew).
type Line struct {
	Outcome  *engine.Outcome
	Revision *outcome.Record
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
	t, err := table.NewStepper(s.Profile, s.Dealer, s.Start)
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
				var late []outcome.LateInput
				for _, seq := range en.Revision.Late {
					st := stepOf[seq]
					seat := st.Wind.Letter()
					if st.Action.TableAction() {
						seat = "" // the table's
					}
					late = append(late, outcome.LateInput{Line: st.Line, Seat: seat, Call: st.Action.String(),
						At: outcome.MS(st.At), Arrived: outcome.MS(st.At + st.Arrives)})
				}
				var withdraws []int
				for _, seq := range en.Revision.Retracted {
					withdraws = append(withdraws, lineOf[seq])
				}
				r := outcome.RevisionOf(en.At, late, withdraws, en.Note).WithNote(en.Said)
				l.Revision = &r
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
	// A draw is settled at the deal after it, or here at the end.
	if err := print(t.Flush()); err != nil {
		return engine.State{}, err
	}
	return t.State(), nil
}

// events are the script's steps as engine events. A seat wind is that of
// the hand the step belongs to by its stamp: the steps are run through an
// engine in stamp order, as if every input arrived on time, to learn the
// dealer of each (a late input is decided at its stamp, in that hand).
func (s *Script) events() ([]engine.Event, error) {
	e, err := engine.NewGame(s.Profile, s.Dealer, s.Start)
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
		r := l.Revision
		if r == nil {
			c := outcome.Of(*l.Outcome).Contract()
			r = &c
		}
		b, err := r.MarshalJSON()
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

// WriteText runs the script and prints what the table would show, for
// people, in English.
func WriteText(s *Script, w io.Writer) error { return WriteTextIn(nil, s, w) }

// WriteTextIn is WriteText in language l (nil: English): the outcomes'
// sentences and reasons in l's words, the same codes and arguments as
// the JSON contract's English.
func WriteTextIn(l *catalog.Lang, s *Script, w io.Writer) error {
	words := outcome.In(l)
	l = words.Lang()
	fmt.Fprintln(w, l.Text("sim.header", "rules", s.Profile.Name, "edition", s.Profile.Edition, "window", l.Duration(s.Profile.Window), "dealer", int(s.Dealer)))
	var printed []Line
	st, err := Run(s, func(li Line) error {
		printed = append(printed, li)
		if r := li.Revision; r != nil {
			_, err := fmt.Fprintf(w, "%9s  %s\n", stamp(r.At.Duration()), words.Line(*r))
			for _, n := range r.Withdraws {
				if n >= 1 && n <= len(printed) && printed[n-1].Outcome != nil && err == nil {
					o := printed[n-1].Outcome
					first := strings.SplitN(words.Line(outcome.Of(*o)), "\n", 2)[0]
					_, err = fmt.Fprintf(w, "           %s\n", l.Text("sim.withdrawn", "at", stamp(o.At), "line", first))
				}
			}
			return err
		}
		_, err := fmt.Fprintf(w, "%9s  %s\n", stamp(li.Outcome.At), words.Line(outcome.Of(*li.Outcome)))
		return err
	})
	if err != nil {
		return err
	}
	turn := l.Text("sim.nobody")
	if !st.Ended {
		turn = words.WindName(st.Turn.Wind(st.Dealer).Letter())
	}
	var riichi []string
	for wd := engine.East; wd <= engine.North; wd++ {
		if st.Riichi[wd.Seat(st.Dealer)] {
			riichi = append(riichi, words.WindName(wd.Letter()))
		}
	}
	_, err = fmt.Fprintf(w, "%9s  %s\n", stamp(st.Now), l.Text("sim.state", "wall", st.Wall, "kongs", st.Kongs,
		"indicators", fmt.Sprint(st.Indicators), "riichi", strings.Join(riichi, " "), "next", turn))
	return err
}

func stamp(d time.Duration) string { return fmt.Sprintf("%.3fs", d.Seconds()) }
