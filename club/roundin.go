package club

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/eclipse/paho.golang/paho"

	"github.com/tabled/tabled/engine"
)

// The table's side of the tournament's messages (round.go): a Round taken
// from the table's round topic, checked before the table logs it, and the
// Ask it sends at every (re)connect.

// MaxRoundBytes bounds a Round's payload: four players with a few cards
// each fit in far less.
const MaxRoundBytes = 16 << 10

// MaxRemaining bounds a Round's time remaining: a day; no round lasts longer.
const MaxRemaining = 24 * 60 * 60 * 1000

// DecodeRound reads and checks a Round's payload; its error says what is
// wrong and where (the field).
func DecodeRound(b []byte) (Round, error) {
	var r Round
	if len(b) > MaxRoundBytes {
		return r, fmt.Errorf("club: round: %d bytes, more than %d", len(b), MaxRoundBytes)
	}
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	if err := d.Decode(&r); err != nil {
		return Round{}, fmt.Errorf("club: round: %w", err)
	}
	if d.More() {
		return Round{}, errors.New("club: round: more than one JSON value")
	}
	if err := r.check(); err != nil {
		return Round{}, fmt.Errorf("club: round: %w", err)
	}
	return r, nil
}

// check reports a Round the table cannot take: what a seating must be
// (engine.Seating.Check, the one home of those bounds), and the message's
// own fields.
func (r Round) check() error {
	switch {
	case r.Sent == 0:
		return errors.New("field sent: must be at least 1")
	case r.Clock.RemainingMS > MaxRemaining:
		return fmt.Errorf("field clock.remaining_ms: %d is more than a day", r.Clock.RemainingMS)
	}
	for i, s := range r.Seats {
		if s.Name == "" {
			return fmt.Errorf("field seats[%d].name: empty", i)
		}
		if len(s.EMA) > 20 || engine.CheckName(s.EMA) != nil {
			return fmt.Errorf("field seats[%d].ema: %q is not an EMA number", i, s.EMA)
		}
	}
	st := r.Seating()
	return st.Check()
}

// Seating is the Round as the table logs it: the engine's Round input.
func (r Round) Seating() engine.Seating {
	s := engine.Seating{Tournament: r.Tournament, Round: r.Round, Sent: r.Sent, AfterTime: r.AfterTime,
		ClockState: r.Clock.State, RemainingMS: r.Clock.RemainingMS}
	for i, p := range r.Seats {
		s.Players[i] = engine.SeatedPlayer{Player: p.Player, Name: p.Name, Cards: p.Cards}
	}
	return s
}

// ask is the table's Ask payload.
func (p *Publisher) ask() []byte {
	a := Ask{Table: p.cfg.Table}
	if p.cfg.Have != nil {
		a.Have = p.cfg.Have()
	}
	b, _ := json.Marshal(a)
	return b
}

// roundSent takes a Round the console sent on the table's round topic; a
// payload that is not one is logged and dropped (never a crash).
func (p *Publisher) roundSent(pr paho.PublishReceived) (bool, error) {
	t, kind, ok := tableOf(pr.Packet.Topic)
	if !ok || kind != "round" || t != p.cfg.Table || p.cfg.OnRound == nil {
		return false, nil
	}
	r, err := DecodeRound(pr.Packet.Payload)
	if err != nil {
		p.logf("club: table %q refused a round message: %v", p.cfg.Table, err)
		return true, nil
	}
	p.cfg.OnRound(r)
	return true, nil
}
