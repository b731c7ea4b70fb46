package claimlog

import (
	"bytes"
	"encoding/json"
	"math"
	"strings"
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
	p := fastParser{b: line}
	if !p.byte('{') {
		return w, false
	}
	for {
		key, ok := p.str()
		if !ok || !p.byte(':') {
			return w, false
		}
		switch string(key) {
		case "seq":
			w.Seq, ok = p.uint()
		case "mono":
			w.Mono, ok = p.int()
		case "wall":
			// time's own RFC 3339 parser is as fast as one written here.
			start := p.i
			if _, ok = p.str(); ok {
				ok = w.Wall.UnmarshalJSON(line[start:p.i]) == nil
			}
		case "kind":
			w.Kind, ok = p.text()
		case "source":
			w.Source, ok = p.text()
		case "hand":
			var n int64
			n, ok = p.int()
			w.Hand = int(n)
		case "seat":
			w.Seat, ok = p.text()
		case "type":
			w.Type, ok = p.text()
		case "body":
			var raw []byte
			raw, ok = p.value()
			if bodies.keeps(w.Kind) {
				w.Body = json.RawMessage(bodies.clone(raw))
			}
		case "more":
			var n int64
			n, ok = p.int()
			w.More = int(n)
		case "annotation":
			w.Annotation, ok = p.text()
		case "after":
			w.After, ok = p.uint()
		case "crc":
			_, ok = p.str()
		default:
			return w, false
		}
		if !ok {
			return w, false
		}
		if p.byte('}') {
			return w, p.i == len(line)
		}
		if !p.byte(',') {
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

// fastParser walks a line for decodeSealedFast.
type fastParser struct {
	b []byte
	i int
}

func (p *fastParser) byte(c byte) bool {
	if p.i < len(p.b) && p.b[p.i] == c {
		p.i++
		return true
	}
	return false
}

// str reads a string of printable ASCII without escapes, and returns its
// contents.
func (p *fastParser) str() ([]byte, bool) {
	if !p.byte('"') {
		return nil, false
	}
	// Over a local slice, the loop keeps its index in a register.
	rest := p.b[p.i:]
	for i, c := range rest {
		switch {
		case c == '"':
			p.i += i + 1
			return rest[:i], true
		case c == '\\' || c < 0x20 || c >= 0x80:
			return nil, false
		}
	}
	return nil, false
}

// text reads a string; the few that recur on every line (kinds,
// sources, seats, types) are not allocated again each time.
func (p *fastParser) text() (string, bool) {
	s, ok := p.str()
	if len(s) > 0 {
		if c := common[commonHash(s)]; c == string(s) {
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
		if h := commonHash(s); t[h] == "" {
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

// digits reads an integer literal as JSON writes one: no sign, no leading
// zero, no fraction or exponent (those go to encoding/json).
func (p *fastParser) digits() ([]byte, bool) {
	start := p.i
	for p.i < len(p.b) && p.b[p.i] >= '0' && p.b[p.i] <= '9' {
		p.i++
	}
	d := p.b[start:p.i]
	if len(d) == 0 || len(d) > 1 && d[0] == '0' {
		return nil, false
	}
	if p.i < len(p.b) && (p.b[p.i] == '.' || p.b[p.i] == 'e' || p.b[p.i] == 'E') {
		return nil, false
	}
	return d, true
}

func (p *fastParser) uint() (uint64, bool) {
	d, ok := p.digits()
	if !ok {
		return 0, false
	}
	return number(d, math.MaxUint64)
}

func (p *fastParser) int() (int64, bool) {
	neg := p.byte('-')
	d, ok := p.digits()
	if !ok {
		return 0, false
	}
	if neg {
		// -(1<<63) is the one value whose magnitude int64 cannot hold;
		// negating its conversion gives it back.
		n, ok := number(d, 1<<63)
		return -int64(n), ok
	}
	n, ok := number(d, math.MaxInt64)
	return int64(n), ok
}

// number is the value of the decimal digits d; false past limit.
func number(d []byte, limit uint64) (uint64, bool) {
	var n uint64
	for _, c := range d {
		v := uint64(c - '0')
		if n > (limit-v)/10 {
			return 0, false
		}
		n = n*10 + v
	}
	return n, true
}

// value skips one JSON object or array (the body) and returns its bytes:
// brackets are counted outside strings.
func (p *fastParser) value() ([]byte, bool) {
	rest := p.b[p.i:]
	if len(rest) == 0 || rest[0] != '{' && rest[0] != '[' {
		return nil, false
	}
	depth := 0
	inString := false
	for i := 0; i < len(rest); i++ {
		c := rest[i]
		switch {
		case inString:
			switch c {
			case '\\':
				i++
			case '"':
				inString = false
			}
		case c == '"':
			inString = true
		case c == '{' || c == '[':
			depth++
		case c == '}' || c == ']':
			depth--
			if depth == 0 {
				p.i += i + 1
				return rest[:i+1], true
			}
		}
	}
	return nil, false
}
