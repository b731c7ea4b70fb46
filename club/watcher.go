package club

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"sync"
	"time"

	"github.com/eclipse/paho.golang/autopaho"
	"github.com/eclipse/paho.golang/paho"

	"github.com/tabled/tabled/alert"
)

// WatcherConfig configures a watcher of every table.
type WatcherConfig struct {
	Broker Broker
	// ClientID names the watcher's session at the broker; it must stay the
	// same across restarts so that the broker keeps what it missed.
	ClientID string
	// FromStart asks each table for its whole log when first seen;
	// otherwise a watcher starts from the first event it receives.
	FromStart bool
	// OnEvent gets every event of every table exactly once, in sequence
	// order per table. OnStatus gets status changes. Neither may block long.
	OnEvent  func(Message)
	OnStatus func(Status)
	// OnAlert gets what the watcher refuses or holds (a table too many, a
	// sequence number too far ahead, its own client id taken), for the
	// console (Console.Warn); nil: dropped silently. It may not block long.
	OnAlert func(table, kind, text string)
	// OnSaid, when set, gets the same alerts instead of OnAlert, by their
	// catalog key (Console.WarnSaid), so each view words them in its
	// reader's language.
	OnSaid func(table, kind string, s Said)
	// MaxTables caps the tables followed (0: DefaultMaxTables); MaxJump
	// bounds how far past what a table is known to have published an
	// event or status may be (0: DefaultMaxJump).
	MaxTables int
	MaxJump   uint64
	// Roster names the tables to follow (ParseRoster); messages for any
	// other are refused and passed to OnRefused (Console.Refused). Without
	// one, a table that only published a status gives way to a new name
	// at the cap, and is passed to OnForget (Console.Forget).
	Roster    []string
	OnRefused func(table string)
	OnForget  func(table string)
	// OnBroker gets the connection to the broker as it changes: connecting
	// at the start, connected, unreachable after each failed attempt
	// (with why), connecting again when a connection drops.
	OnBroker func(BrokerStatus)
	// OnAsk gets each table's ask for its round (topic tabled/T/ask),
	// for the console's tournament (Tournament.Ask); nil: not subscribed.
	OnAsk func(table string, a Ask)
}

// Watcher follows every table on the broker.
type Watcher struct {
	cfg WatcherConfig

	mu      sync.Mutex
	last    map[string]uint64    // table -> last sequence delivered
	ahead   map[string]uint64    // table -> the highest sequence it is known to have published
	asked   map[string]time.Time // table -> when a replay was last asked
	again   map[string]*time.Timer
	dropped int // duplicates and out-of-order events dropped
	// known is every table followed; told what each said it has published
	// (its status); warned when each warning was last raised.
	known         map[string]bool
	told          map[string]uint64
	warned        map[string]time.Time
	refusedTables int
	admission     admission
	cm            *autopaho.ConnectionManager
	ready         chan struct{} // closed once cm is set
	// publish sends a replay request; nil: through cm.
	publish func(ctx context.Context, table string, r Replay)
}

// replayEvery is how often a watcher that is behind a table asks it again.
const replayEvery = 2 * time.Second

// NewWatcher makes a watcher.
func NewWatcher(cfg WatcherConfig) (*Watcher, error) {
	if cfg.ClientID == "" {
		return nil, fmt.Errorf("club: a watcher needs a client id, kept across restarts")
	}
	if _, err := brokerURL(cfg.Broker.URL); err != nil {
		return nil, err
	}
	return &Watcher{cfg: cfg, last: map[string]uint64{}, ahead: map[string]uint64{}, asked: map[string]time.Time{},
		again: map[string]*time.Timer{}, known: map[string]bool{}, told: map[string]uint64{}, warned: map[string]time.Time{},
		admission: newAdmission(cfg.Roster), ready: make(chan struct{})}, nil
}

// Last is the last sequence delivered for a table.
func (w *Watcher) Last(table string) uint64 {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.last[table]
}

// Dropped counts duplicates and early events dropped.
func (w *Watcher) Dropped() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.dropped
}

// Run watches until ctx is done.
func (w *Watcher) Run(ctx context.Context) error {
	cfg, err := w.cfg.Broker.config(w.cfg.ClientID)
	if err != nil {
		return err
	}
	// A persistent session: the broker queues QoS 1 events while the
	// console is away, and across its own restarts when it persists them.
	cfg.CleanStartOnInitialConnection = false
	cfg.SessionExpiryInterval = 24 * 3600
	host := cfg.ServerUrls[0].Host
	w.broker(connecting(host))
	cfg.OnConnectError = func(err error) { w.broker(unreachable(host, err)) }
	cfg.OnConnectionDown = func() bool { w.broker(connecting(host)); return true }
	cfg.OnConnectionUp = func(cm *autopaho.ConnectionManager, _ *paho.Connack) {
		w.broker(connected(host))
		subs := []paho.SubscribeOptions{
			{Topic: Prefix + "/+/events", QoS: 1},
			{Topic: Prefix + "/+/status", QoS: 1},
		}
		if w.cfg.OnAsk != nil {
			subs = append(subs, paho.SubscribeOptions{Topic: Prefix + "/+/" + KindAsk, QoS: 1})
		}
		go cm.Subscribe(ctx, &paho.Subscribe{Subscriptions: subs})
	}
	cfg.OnServerDisconnect = func(d *paho.Disconnect) {
		if d.ReasonCode == reasonTakenOver {
			w.mu.Lock()
			wn := w.warnLocked(ConsoleRow, string(alert.ClientID), say("console.warn.console_taken_over", "id", strconv.Quote(w.cfg.ClientID)))
			w.mu.Unlock()
			w.warn(wn)
		}
	}
	cfg.OnPublishReceived = []func(paho.PublishReceived) (bool, error){func(pr paho.PublishReceived) (bool, error) {
		w.receive(ctx, pr.Packet.Topic, pr.Packet.Payload)
		return true, nil
	}}
	cm, err := autopaho.NewConnection(ctx, cfg)
	if err != nil {
		return fmt.Errorf("club: connect %s: %w", w.cfg.Broker.URL, err)
	}
	w.mu.Lock()
	w.cm = cm
	w.mu.Unlock()
	close(w.ready)
	<-ctx.Done()
	dctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	cm.Disconnect(dctx)
	return nil
}

// broker passes the broker's status to OnBroker.
func (w *Watcher) broker(s BrokerStatus) {
	if w.cfg.OnBroker != nil {
		w.cfg.OnBroker(s)
	}
}

func (w *Watcher) receive(ctx context.Context, t string, payload []byte) {
	table, kind, ok := tableOf(t)
	if ok && kind == KindAsk {
		w.ask(table, payload)
		return
	}
	if !ok || kind != "status" && kind != "events" {
		return
	}
	switch kind {
	case "status":
		var s Status
		if json.Unmarshal(payload, &s) != nil {
			return
		}
		s.Table = table
		if !w.admit(table) {
			return
		}
		// A table that has published more than we have seen: what was sent
		// while we were away (and the broker forgot) is asked for again.
		w.mu.Lock()
		last, seen := w.last[table]
		held, wn := w.jumpLocked(table, "status", s.Seq)
		if held {
			s.Seq = 0 // the rest of it (online, the link) the console checks
		} else {
			w.told[table] = max(w.told[table], s.Seq)
		}
		w.mu.Unlock()
		w.warn(wn)
		if seen && s.Seq > last {
			w.askReplay(ctx, table, s.Seq)
		}
		if w.cfg.OnStatus != nil {
			w.cfg.OnStatus(s)
		}
	case "events":
		var m Message
		if json.Unmarshal(payload, &m) != nil || m.Seq == 0 {
			return // not ours, or garbage: nothing to deliver
		}
		m.Table = table
		if !w.admit(table) {
			return
		}
		w.mu.Lock()
		if held, wn := w.jumpLocked(table, "event", m.Seq); held {
			w.mu.Unlock()
			w.warn(wn)
			return
		}
		last, seen := w.last[table]
		switch {
		case !seen && !w.cfg.FromStart:
			last = m.Seq - 1 // join the stream where it is
		case m.Seq <= last:
			w.dropped++
			w.mu.Unlock()
			return
		}
		if m.Seq != last+1 {
			// A gap: drop it and ask the table for what is missing; the
			// replay brings this event again, in order.
			w.dropped++
			w.mu.Unlock()
			w.askReplay(ctx, table, m.Seq)
			return
		}
		w.last[table] = m.Seq
		w.mu.Unlock()
		if w.cfg.OnEvent != nil {
			w.cfg.OnEvent(m)
		}
	}
}

// askReplay notes that table has published up to seq and, while the
// watcher is behind it, asks the table to publish again from the event
// after the last delivered: at once, and again every replayEvery until it
// has caught up. An ask can be lost (after a broker restart the table may
// not have subscribed yet), and a quiet table sends nothing that would
// make the watcher ask again.
func (w *Watcher) askReplay(ctx context.Context, table string, seq uint64) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.ahead[table] = max(w.ahead[table], seq)
	w.askLocked(ctx, table)
}

// askLocked asks table for what the watcher is missing if replayEvery has
// passed since the last ask, and sets a timer to look again when it next
// may: it asks until it has caught up. w.mu is held.
func (w *Watcher) askLocked(ctx context.Context, table string) {
	if ctx.Err() != nil || w.ahead[table] <= w.last[table] {
		return
	}
	wait := replayEvery - time.Since(w.asked[table])
	if wait <= 0 {
		w.asked[table], wait = time.Now(), replayEvery
		r := Replay{From: w.last[table] + 1, By: w.cfg.ClientID}
		switch {
		case w.publish != nil:
			go w.publish(ctx, table, r)
		case w.cm != nil:
			b, _ := json.Marshal(r)
			go w.cm.Publish(ctx, &paho.Publish{Topic: topic(table, "replay"), QoS: 1, Payload: b})
		}
	}
	if w.again[table] == nil {
		w.again[table] = time.AfterFunc(wait, func() {
			w.mu.Lock()
			defer w.mu.Unlock()
			delete(w.again, table)
			w.askLocked(ctx, table)
		})
	}
}
