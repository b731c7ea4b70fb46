package journal

import (
	"encoding"
	"fmt"
	"math"
	"time"

	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/internal/fastjson"
)

// decodeInputFast decodes an input record's body as EntryRecord writes it
// (plain ASCII strings, integer numbers, no spaces, the known keys) without
// reflection: a resume decodes every input of the session, and
// encoding/json was most of that. ok is false for anything else (an
// escape, null, an unknown key, a number out of range, a name the engine
// does not parse), which the caller hands to encoding/json, so the result
// and any error are the same either way (FuzzDecodeInputFast).
func decodeInputFast(body []byte) (b InputBody, ok bool) {
	p := fastjson.New(body)
	ok = p.Object(func(key []byte) bool {
		switch string(key) {
		case "event":
			return event(&p, &b.Event)
		case "dealer":
			var ok bool
			b.Dealer, ok = seat(&p)
			return ok
		case "note":
			var ok bool
			var s []byte
			s, ok = p.Str()
			b.Note = string(s)
			return ok
		}
		return false
	})
	return b, ok && p.Done()
}

// event reads an engine.Event's object into ev (over what it holds, as
// encoding/json does).
func event(p *fastjson.Parser, ev *engine.Event) bool {
	return p.Object(func(key []byte) bool {
		var ok bool
		switch string(key) {
		case "at":
			var n int64
			n, ok = p.Int()
			ev.At = time.Duration(n)
		case "seat":
			ev.Seat, ok = seat(p)
		case "action":
			ev.Action, ok = named(p, actionsByName)
		case "tile":
			ev.Tile, ok = tile(p)
		case "shown":
			// Exactly two tiles: encoding/json fills a shorter array
			// with zeros and drops the rest of a longer one.
			ok = p.Byte('[')
			if ok {
				ev.Shown[0], ok = tile(p)
			}
			ok = ok && p.Byte(',')
			if ok {
				ev.Shown[1], ok = tile(p)
			}
			ok = ok && p.Byte(']')
		case "dealer":
			ev.Dealer, ok = seat(p)
		case "source":
			ev.Source, ok = named(p, sourcesByName)
		case "uncertainty":
			var n int64
			n, ok = p.Int()
			ev.Uncertainty = time.Duration(n)
		case "device":
			ev.Device, ok = p.Uint()
		}
		return ok
	})
}

// seat reads a seat number (an int8).
func seat(p *fastjson.Parser) (engine.Seat, bool) {
	n, ok := p.Int()
	if !ok || n < math.MinInt8 || n > math.MaxInt8 {
		return 0, false
	}
	return engine.Seat(n), true
}

// tile reads a tile in mpsz notation (or "?").
func tile(p *fastjson.Parser) (engine.Tile, bool) {
	return named(p, tilesByName)
}

// named reads a string and looks it up in names.
func named[T ~uint8](p *fastjson.Parser, names *nameTable[T]) (T, bool) {
	s, ok := p.Str()
	if !ok {
		return 0, false
	}
	return names.lookup(s)
}

// The names the fast decoders take, each with the value its UnmarshalText
// gives. The tables are only read once made, so they are safe across
// goroutines.
var (
	actionsByName = spellings[engine.Action]()
	sourcesByName = spellings[engine.Source]()
	tilesByName   = spellings[engine.Tile]()
)

// nameTable maps names to values by fastjson.Hash, with a map for the names
// that would take another's slot: three names an input, looked up in a
// map each, were a tenth of decoding it.
type nameTable[T ~uint8] struct {
	slot [256]struct {
		name string
		v    T
	}
	rest map[string]T
}

func (n *nameTable[T]) add(name string, v T) {
	if e := &n.slot[fastjson.Hash(name)]; e.name == "" {
		e.name, e.v = name, v
		return
	}
	if n.rest == nil {
		n.rest = map[string]T{}
	}
	n.rest[name] = v
}

func (n *nameTable[T]) lookup(b []byte) (T, bool) {
	if len(b) == 0 {
		return 0, false // no name is empty
	}
	if e := &n.slot[fastjson.Hash(b)]; e.name == string(b) {
		return e.v, true
	}
	v, ok := n.rest[string(b)]
	return v, ok
}

// spellings maps how each value of T is written (String: "?" for a tile
// not seen) to the value, for every spelling that UnmarshalText reads back
// as the same value without an error; anything else is left to
// encoding/json.
func spellings[T interface {
	~uint8
	fmt.Stringer
}, P interface {
	*T
	encoding.TextUnmarshaler
}]() *nameTable[T] {
	n := &nameTable[T]{}
	seen := map[string]bool{}
	for v := range 256 {
		s := T(v).String()
		var got T
		if !seen[s] && P(&got).UnmarshalText([]byte(s)) == nil && got == T(v) {
			seen[s] = true
			n.add(s, got)
		}
	}
	return n
}
