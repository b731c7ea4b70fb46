package pairing

import (
	"bytes"
	"strings"
	"testing"
)

// counting is a deterministic source of "random" bytes: 0, 1, 2, ...
type counting struct{ n byte }

func (c *counting) Read(b []byte) (int, error) {
	for i := range b {
		b[i] = c.n
		c.n++
	}
	return len(b), nil
}

func TestPairAndValid(t *testing.T) {
	c, err := New(&counting{})
	if err != nil {
		t.Fatal(err)
	}
	code := c.Current()
	if code != "ABCDEF" {
		t.Fatalf("first code from 0..5 = %q, want ABCDEF", code)
	}
	tests := []struct {
		typed string
		ok    bool
	}{
		{"ABCDEF", true},
		{"abc def", true},
		{"abc-def", true},
		{" A b C d E f ", true},
		{"ABCDEG", false},
		{"ABCDE", false},
		{"ABCDEFA", false},
		{"", false},
	}
	var token string
	for _, tt := range tests {
		got, ok := c.Pair(tt.typed)
		if ok != tt.ok {
			t.Errorf("Pair(%q) ok = %v, want %v", tt.typed, ok, tt.ok)
		}
		if ok {
			if len(got) != 64 {
				t.Errorf("Pair(%q) token %q: want 64 hex digits", tt.typed, got)
			}
			token = got
		} else if got != "" {
			t.Errorf("Pair(%q) gave a token for a wrong code", tt.typed)
		}
	}
	if !c.Valid(token) {
		t.Fatal("the token Pair gave is not valid")
	}
	for _, bad := range []string{"", token[:63], token + "0", strings.ToUpper(token)} {
		if c.Valid(bad) {
			t.Errorf("Valid(%q) = true", bad)
		}
	}
}

func TestRenewEndsPairings(t *testing.T) {
	c, err := New(&counting{})
	if err != nil {
		t.Fatal(err)
	}
	old := c.Current()
	token, _ := c.Pair(old)
	var told []string
	c.Watch(func(code string) { told = append(told, code) })
	if err := c.Renew(); err != nil {
		t.Fatal(err)
	}
	if c.Current() == old {
		t.Fatal("Renew kept the code")
	}
	if c.Valid(token) {
		t.Error("a token of the old code is still valid")
	}
	if _, ok := c.Pair(old); ok {
		t.Error("the old code still pairs")
	}
	if len(told) != 1 || told[0] != c.Current() {
		t.Errorf("watchers told %q, want [%s]", told, c.Current())
	}
}

func TestCodeAlphabet(t *testing.T) {
	c, err := New(nil)
	if err != nil {
		t.Fatal(err)
	}
	for range 200 {
		if err := c.Renew(); err != nil {
			t.Fatal(err)
		}
		code := c.Current()
		if len(code) != Len {
			t.Fatalf("code %q: want %d characters", code, Len)
		}
		for _, r := range code {
			if !strings.ContainsRune(Alphabet, r) {
				t.Fatalf("code %q has %q, not in the alphabet", code, r)
			}
		}
	}
}

func TestNewFailsWithoutRandomness(t *testing.T) {
	if _, err := New(bytes.NewReader([]byte{1, 2})); err == nil || !strings.Contains(err.Error(), "pairing: draw a code") {
		t.Fatalf("New on a short source: %v", err)
	}
}

func TestShow(t *testing.T) {
	for _, tt := range []struct{ in, want string }{{"K7PQRM", "K7P QRM"}, {"ABC", "ABC"}} {
		if got := Show(tt.in); got != tt.want {
			t.Errorf("Show(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
