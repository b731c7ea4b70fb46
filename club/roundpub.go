package club

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/eclipse/paho.golang/paho"
)

// The kinds of topic of the tournament's messages (round.go).
const (
	KindRound = "round"
	KindAsk   = "ask"
)

// sendTimeout bounds how long SendRound waits for the broker's
// acknowledgement.
const sendTimeout = 5 * time.Second

// SendRound publishes a Round to a table (QoS 1, not retained) and waits
// for the broker to acknowledge it.
func (w *Watcher) SendRound(table string, r Round) error {
	if !ValidTableName(table) {
		return fmt.Errorf("club: send round: %q is not a table's name", table)
	}
	ctx, cancel := context.WithTimeout(context.Background(), sendTimeout)
	defer cancel()
	select {
	case <-w.ready:
	case <-ctx.Done():
		return errors.New("club: send round: not connected to the broker yet")
	}
	w.mu.Lock()
	cm := w.cm
	w.mu.Unlock()
	b, err := json.Marshal(r)
	if err != nil {
		return fmt.Errorf("club: send round: %w", err)
	}
	if _, err := cm.Publish(ctx, &paho.Publish{Topic: topic(table, KindRound), QoS: 1, Payload: b}); err != nil {
		return fmt.Errorf("club: send round to %s: %w", table, err)
	}
	return nil
}

// ask passes a table's ask to OnAsk: one the watcher cannot read, or for
// a table beyond those it follows, is dropped.
func (w *Watcher) ask(table string, payload []byte) {
	if w.cfg.OnAsk == nil || len(payload) > 4096 {
		return
	}
	var a Ask
	if json.Unmarshal(payload, &a) != nil || !w.admit(table) {
		return
	}
	a.Table = table
	// OnAsk publishes: not on the client's receiving goroutine, which
	// the acknowledgement of that publication needs.
	go w.cfg.OnAsk(table, a)
}
