// Package fastjson walks JSON as tabled writes it (flat objects, the known
// keys, plain ASCII strings, integer numbers) without reflection, for the
// decoders that read every line of a claim log. Each step reports whether
// it could: anything else (an escape, a fraction, another layout) is not
// ok, and the caller hands the bytes to encoding/json, so that the result
// is the same either way.
package fastjson

import "math"

// Parser walks one JSON value.
type Parser struct {
	b []byte
	i int
}

func (p *Parser) Byte(c byte) bool {
	if p.i < len(p.b) && p.b[p.i] == c {
		p.i++
		return true
	}
	return false
}

// Str reads a string of printable ASCII without escapes, and returns its
// contents.
func (p *Parser) Str() ([]byte, bool) {
	if !p.Byte('"') {
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

// Digits reads an integer literal as JSON writes one: no sign, no leading
// zero, no fraction or exponent (those go to encoding/json).
func (p *Parser) Digits() ([]byte, bool) {
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

func (p *Parser) Uint() (uint64, bool) {
	d, ok := p.Digits()
	if !ok {
		return 0, false
	}
	return number(d, math.MaxUint64)
}

func (p *Parser) Int() (int64, bool) {
	neg := p.Byte('-')
	d, ok := p.Digits()
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

// Value skips one JSON object or array (the body) and returns its bytes:
// brackets are counted outside strings.
func (p *Parser) Value() ([]byte, bool) {
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

// Object reads one object; field is called at each key with the parser at
// its value, reads the value and reports whether it could.
func (p *Parser) Object(field func(key []byte) bool) bool {
	if !p.Byte('{') {
		return false
	}
	if p.Byte('}') {
		return true
	}
	for {
		key, ok := p.Str()
		if !ok || !p.Byte(':') || !field(key) {
			return false
		}
		if p.Byte('}') {
			return true
		}
		if !p.Byte(',') {
			return false
		}
	}
}

// Done reports whether the parser has read every byte.
func (p *Parser) Done() bool { return p.i == len(p.b) }

// Pos is how many bytes the parser has read.
func (p *Parser) Pos() int { return p.i }

// New is a parser at the start of b.
func New(b []byte) Parser { return Parser{b: b} }

// Hash is a hash of a short string by its length and its ends, for
// tables of the few strings that recur on every line.
func Hash[S ~string | ~[]byte](s S) uint8 {
	return uint8(len(s) + int(s[0])*6 + int(s[len(s)-1])*8 + int(s[len(s)/2]))
}
