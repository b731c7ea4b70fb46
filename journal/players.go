package journal

import (
	"slices"

	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/engine"
)

// Players are the players' names as a log's records give them, derived
// the engine's way (engine.Names.Take) from the name inputs in log order
// that no void took out: a voided name is undone, and the name before it
// stands again. The results sheet (WriteResults) and the club console
// read names from here. The zero Players is empty and ready.
type Players struct {
	// named are the name inputs seen, in log order; a void deletes one.
	named []namedSeat
	names engine.Names
}

type namedSeat struct {
	seq uint64
	ev  engine.Event
}

// See takes r if it names a player (a name input) or takes a name input
// out (a void carried out); other records change nothing. An error is a
// body that does not decode, and changes nothing either.
func (p *Players) See(r claimlog.Record) error {
	switch {
	case r.Kind == claimlog.KindInput && r.Type == engine.Name.String():
		in, err := Input(r)
		if err != nil {
			return err
		}
		if !in.Event.Seat.Valid() {
			return nil
		}
		p.named = append(p.named, namedSeat{r.Seq, in.Event})
		p.names.Take(in.Event)
	case r.Kind == claimlog.KindVoid:
		v, err := Void(r)
		if err != nil {
			return err
		}
		if v.Note != "" {
			return nil // refused: it took nothing out
		}
		i := slices.IndexFunc(p.named, func(n namedSeat) bool { return n.seq == v.Void })
		if i < 0 {
			return nil
		}
		p.named = slices.Delete(p.named, i, i+1)
		p.names = engine.Names{}
		for _, n := range p.named {
			p.names.Take(n.ev)
		}
	}
	return nil
}

// Names are the players' names now, by physical seat.
func (p *Players) Names() engine.Names { return p.names }
