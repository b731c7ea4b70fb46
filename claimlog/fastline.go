package claimlog

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/tabled/tabled/internal/fastjson"
)

// decodeSealedFast parses a sealed line as the writer writes it (one flat
// object, the known keys, plain ASCII strings, integer numbers) without
// reflection: resuming a session reads every line, and encoding/json was
// most of the time. ok is false for anything else (an escape in a string,
// an unknown key, another layout), which the caller hands to
// encoding/json: the result is the same either way (FuzzDecodeSealedFast).
// The body's JSON is not validated here: the checksum has shown the line
// is the writer's, which marshalled it. The body is copied out of line
// into bodies (nil: a slice of its own).
func decodeSealedFast(line []byte, bodies *bodySlab) (w wire, ok bool) {
	p := fastjson.New(line)
	if !p.Byte('{') {
		return w, false
	}
	for {
		key, ok := p.Str()
		if !ok || !p.Byte(':') {
			return w, false
		}
		switch string(key) {
		case "seq":
			w.Seq, ok = p.Uint()
		case "mono":
			w.Mono, ok = p.Int()
		case "wall":
			// time's own RFC 3339 parser is as fast as one written here.
			start := p.Pos()
			if _, ok = p.Str(); ok {
				ok = w.Wall.UnmarshalJSON(line[start:p.Pos()]) == nil
			}
		case "kind":
			w.Kind, ok = text(&p)
		case "source":
			w.Source, ok = text(&p)
		case "hand":
			var n int64
			n, ok = p.Int()
			w.Hand = int(n)
		case "seat":
			w.Seat, ok = text(&p)
		case "type":
			w.Type, ok = text(&p)
		case "body":
			var raw []byte
			raw, ok = p.Value()
			if bodies.keeps(w.Kind) {
				w.Body = json.RawMessage(bodies.clone(raw))
			}
		case "more":
			var n int64
			n, ok = p.Int()
			w.More = int(n)
		case "annotation":
			w.Annotation, ok = text(&p)
		case "after":
			w.After, ok = p.Uint()
		case "crc":
			_, ok = p.Str()
		default:
			return w, false
		}
		if !ok {
			return w, false
		}
		if p.Byte('}') {
			return w, p.Done()
		}
		if !p.Byte(',') {
			return w, false
		}
	}
}

// slabSize is the block bodySlab cuts bodies from.
const slabSize = 64 << 10

// bodySlab hands out copies of record bodies cut from larger blocks: a
// session read whole keeps every body, and one allocation per record was
// much of a resume. A block is never written again once a body is cut from
// it, so a body may be kept as long as wanted (it keeps its block alive:
// only whole-session reads use a slab).
type bodySlab struct {
	buf []byte
	// notesOnly drops the bodies of inputs and outcomes: a read that only
	// checks the log (Open's) looks at no body but a note's.
	notesOnly bool
}

// keeps reports whether the body of a record of the kind is copied (a
// kind not yet read, as the writer never writes it, keeps it).
func (s *bodySlab) keeps(kind string) bool {
	return s == nil || !s.notesOnly || kind != KindInput && kind != KindOutcome
}

// clone is a copy of b; on a nil slab, a slice of its own.
func (s *bodySlab) clone(b []byte) []byte {
	if s == nil || len(b) > slabSize/8 {
		return bytes.Clone(b)
	}
	if len(b) > cap(s.buf)-len(s.buf) {
		s.buf = make([]byte, 0, slabSize)
	}
	start := len(s.buf)
	s.buf = append(s.buf, b...)
	// The capacity ends with the body, so an append to it copies.
	return s.buf[start:len(s.buf):len(s.buf)]
}

// text reads a string; the few that recur on every line (kinds,
// sources, seats, types) are not allocated again each time.
func text(p *fastjson.Parser) (string, bool) {
	s, ok := p.Str()
	if len(s) > 0 {
		if c := common[fastjson.Hash(s)]; c == string(s) {
			return c, ok
		}
	}
	return string(s), ok
}

// common are the strings of the record fields that recur, by commonHash
// (a string that would take another's place is left out and allocated;
// the table is only read, so it is safe across goroutines). An array
// indexed by a hash of the length and the ends is faster than a map, and
// a resume looks up four strings a record.
var common = func() (t [256]string) {
	for _, s := range commonStrings() {
		if h := fastjson.Hash(s); t[h] == "" {
			t[h] = s
		}
	}
	return t
}()

func commonStrings() []string {
	return strings.Fields(`input outcome void note table gpio serial nfc web script referee terminal E S W N
		discard chii pon kan ron tsumo riichi cancel dora newhand tenpai deadhand session restart revision refused
		claim win draw abort none exhaustive missed late decision rejected flag deal hand_end kong_stands`)
}

func commonHash[S ~string | ~[]byte](s S) uint8 {
	return uint8(len(s) + int(s[0])*6 + int(s[len(s)-1])*8 + int(s[len(s)/2]))
}
