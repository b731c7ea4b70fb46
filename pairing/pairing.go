// Package pairing is a table's pairing code: a short code the table's panel
// shows, so only the people sitting at the table can read it, which a
// tablet enters once to be allowed to enter the table's hand values and
// seat names on the status page.
//
// Entering the code gives the tablet a token (Pair); the tablet sends the
// token with every entry and the server checks it (Valid). Both compares
// are constant-time. A new code (Renew: a new game, or the referee's
// demand) makes a new token, so every tablet paired with the old code must
// enter the new one: a referee who renews the code shuts out a tablet that
// should not enter values.
//
// The code is a secret of the table: it is never written to the claim log
// or the daemon's log, and the panel image the status page serves leaves
// it out. What a paired tablet enters is logged like any other input, with
// its source (web).
package pairing

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"fmt"
	"io"
	"strings"
	"sync"
)

// Alphabet is the code's characters: capitals and digits without those a
// reader confuses (0 and O, 1 and I). Its 32 symbols make a Len code one
// of 2^30, so at the web server's five failed tries a minute from an
// address a guess takes centuries.
const Alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"

// Len is the code's length.
const Len = 6

// Code is a table's pairing code and the token of the tablets that
// entered it. It is safe for concurrent use.
type Code struct {
	rand  io.Reader
	mu    sync.Mutex
	code  string
	token string
	watch []func(code string)
}

// New makes a table's first code, drawn from r (nil: crypto/rand).
func New(r io.Reader) (*Code, error) {
	if r == nil {
		r = rand.Reader
	}
	c := &Code{rand: r}
	if err := c.Renew(); err != nil {
		return nil, err
	}
	return c, nil
}

// Renew draws a new code and token, which end every pairing with the old
// code, and tells the watchers the new code.
func (c *Code) Renew() error {
	var b [Len + 32]byte
	if _, err := io.ReadFull(c.rand, b[:]); err != nil {
		return fmt.Errorf("pairing: draw a code: %w", err)
	}
	var code [Len]byte
	for i := range code {
		code[i] = Alphabet[b[i]&31] // 32 symbols: every byte's low 5 bits are uniform
	}
	c.mu.Lock()
	c.code, c.token = string(code[:]), hex.EncodeToString(b[Len:])
	watch := c.watch
	c.mu.Unlock()
	for _, f := range watch {
		f(string(code[:]))
	}
	return nil
}

// Current is the code in force, for the panel.
func (c *Code) Current() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.code
}

// Watch calls f with every new code Renew draws, on Renew's goroutine.
func (c *Code) Watch(f func(code string)) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.watch = append(c.watch, f)
}

// Pair checks a typed code (any case, spaces and dashes ignored) and
// gives the token of the code in force when it matches.
func (c *Code) Pair(typed string) (token string, ok bool) {
	typed = Normalize(typed)
	c.mu.Lock()
	defer c.mu.Unlock()
	if subtle.ConstantTimeCompare([]byte(typed), []byte(c.code)) != 1 {
		return "", false
	}
	return c.token, true
}

// Valid reports whether token is the token of the code in force.
func (c *Code) Valid(token string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return token != "" && subtle.ConstantTimeCompare([]byte(token), []byte(c.token)) == 1
}

// Normalize is a typed code as it compares: capitals, without the spaces
// and dashes a reader may type between the groups the panel shows.
func Normalize(s string) string {
	s = strings.ToUpper(s)
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' {
			return -1
		}
		return r
	}, s)
}

// Show is a code as a panel shows it: two groups of three, "K7P QRM".
func Show(code string) string {
	if len(code) != Len {
		return code
	}
	return code[:Len/2] + " " + code[Len/2:]
}
