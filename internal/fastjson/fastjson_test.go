package fastjson

import (
	"encoding/json"
	"testing"
)

// TestParser: each step reads what encoding/json reads the same way, and
// is not ok for what it leaves to encoding/json.
func TestParser(t *testing.T) {
	for _, c := range []struct {
		in   string
		read func(p *Parser) (any, bool)
		want any
		ok   bool
	}{
		{`"pon"`, func(p *Parser) (any, bool) { s, ok := p.Str(); return string(s), ok }, "pon", true},
		{`"p\"on"`, func(p *Parser) (any, bool) { s, ok := p.Str(); return string(s), ok }, "", false},
		{`"ün"`, func(p *Parser) (any, bool) { s, ok := p.Str(); return string(s), ok }, "", false},
		{`-9223372036854775808`, func(p *Parser) (any, bool) { return p.Int() }, int64(-9223372036854775808), true},
		{`9223372036854775808`, func(p *Parser) (any, bool) { return p.Int() }, int64(0), false},
		{`18446744073709551615`, func(p *Parser) (any, bool) { return p.Uint() }, uint64(18446744073709551615), true},
		{`01`, func(p *Parser) (any, bool) { return p.Uint() }, uint64(0), false},
		{`1.5`, func(p *Parser) (any, bool) { return p.Int() }, int64(0), false},
		{`{"a":[1,"]}"],"b":{}}`, func(p *Parser) (any, bool) { v, ok := p.Value(); return string(v), ok }, `{"a":[1,"]}"],"b":{}}`, true},
		{`{"a":1`, func(p *Parser) (any, bool) { v, ok := p.Value(); return string(v), ok }, "", false},
	} {
		p := New([]byte(c.in))
		got, ok := c.read(&p)
		if ok != c.ok || (ok && got != c.want) {
			t.Errorf("%s: %v %v, want %v %v", c.in, got, ok, c.want, c.ok)
		}
		if ok && !p.Done() {
			t.Errorf("%s: %d of %d bytes read", c.in, p.Pos(), len(c.in))
		}
		if ok && !json.Valid([]byte(c.in)) {
			t.Errorf("%s: read, but it is no JSON", c.in)
		}
	}
	p := New([]byte(`{"a":1,"b":2}`))
	var keys string
	if !p.Object(func(k []byte) bool { keys += string(k); _, ok := p.Int(); return ok }) || keys != "ab" || !p.Done() {
		t.Errorf("object: keys %q", keys)
	}
	if Hash("pon") != Hash([]byte("pon")) {
		t.Error("a string and its bytes hash apart")
	}
}
