package club

import (
	"context"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/eclipse/paho.golang/autopaho"
	"github.com/eclipse/paho.golang/paho"
)

// Broker is how to reach the club's broker.
type Broker struct {
	// URL is mqtt://host:1883 or mqtts://host:8883.
	URL      string
	Username string
	Password string
	// TLS configures mqtts (a CA of the club's own); nil uses the system roots.
	TLS *tls.Config
}

func (b Broker) config(clientID string) (autopaho.ClientConfig, error) {
	u, err := brokerURL(b.URL)
	if err != nil {
		return autopaho.ClientConfig{}, err
	}
	cfg := autopaho.ClientConfig{
		ServerUrls:      []*url.URL{u},
		TlsCfg:          b.TLS,
		KeepAlive:       10,
		ConnectTimeout:  5 * time.Second,
		ConnectUsername: b.Username,
		ConnectPassword: []byte(b.Password),
		ReconnectBackoff: func(attempt int) time.Duration {
			return min(100*time.Millisecond<<min(attempt, 6), 5*time.Second)
		},
		ClientConfig: paho.ClientConfig{ClientID: clientID},
	}
	return cfg, nil
}

// PublisherConfig configures a table's publisher.
type PublisherConfig struct {
	Broker Broker
	// Table names the table in topics; letters, digits, dashes.
	Table  string
	Outbox Outbox
	// AckFile keeps the last acknowledged sequence across restarts; empty
	// keeps it in memory (a restart then publishes again from the start,
	// and watchers drop what they have seen).
	AckFile string
	// URL is the table's status page as tablets reach it, shown on the console.
	URL string
	// Logf logs the broker connection coming up and going down; nil: silent.
	Logf func(format string, args ...any)
	// OnTakenOver is told, at most once every cutsWindow, that the broker
	// cut the table off for another client with its client id, and why:
	// the daemon notes it as an alert (alert.ClientID) for the table's
	// own panel. Nil: only logged.
	OnTakenOver func(text string)
	// OnRound is given each Round the console sends the table (on its
	// round topic, which only the console's login may write), decoded and
	// checked; nil: the table does not take part in a tournament and
	// neither subscribes to its round nor asks for it.
	OnRound func(Round)
	// Have is the Sent number of the newest Round the table holds (from
	// its claim log), sent in the Ask at every (re)connect; nil: 0.
	Have func() uint64
}

// Publisher publishes a table's outbox to the broker, in order, at least once.
type Publisher struct {
	cfg PublisherConfig

	mu        sync.Mutex
	acked     uint64
	connected bool
	wake      chan struct{}
	replay    *replayer
	// takenOver counts the broker cutting the table off for another client
	// with its client id; the status tells the console. cuts are when the
	// broker last closed the connection.
	takenOver uint64
	cuts      []time.Time
	told      time.Time // when OnTakenOver was last told
	// instance is this run's, in every status (Status.Instance).
	instance string
	// refused is why the broker last refused a record; "" when it did not.
	refused string
}

// cutsTakenOver is how many times within cutsWindow the broker closes a
// table's connection before the table takes it for another client with
// its client id (each reconnects, and the broker closes the other's):
// a broker restarting closes it once.
const (
	cutsTakenOver = 3
	cutsWindow    = time.Minute
)

// cutOff notes that the broker closed the connection; said is whether it
// gave "session taken over" as the reason.
func (p *Publisher) cutOff(said bool) {
	p.mu.Lock()
	now := time.Now()
	kept := p.cuts[:0]
	for _, at := range p.cuts {
		if now.Sub(at) < cutsWindow {
			kept = append(kept, at)
		}
	}
	p.cuts = append(kept, now)
	taken := said || len(p.cuts) >= cutsTakenOver
	tell := false
	if taken {
		p.takenOver++
		p.cuts = p.cuts[:0]
		if tell = now.Sub(p.told) >= cutsWindow; tell {
			p.told = now
		}
	}
	n := p.takenOver
	p.mu.Unlock()
	if !taken {
		return
	}
	text := fmt.Sprintf("the broker cut table %q off for another client with its client id (%d times since the start): a second table with this name and login, or its login copied; give each table its own", p.cfg.Table, n)
	p.logf("club: %s", text)
	if tell && p.cfg.OnTakenOver != nil {
		p.cfg.OnTakenOver(text)
	}
}

// NewPublisher checks the configuration and reads the ack file.
func NewPublisher(cfg PublisherConfig) (*Publisher, error) {
	if !ValidTableName(cfg.Table) {
		return nil, fmt.Errorf("club: table name %q cannot be a topic level", cfg.Table)
	}
	if cfg.Outbox == nil {
		return nil, errors.New("club: publisher needs an outbox")
	}
	if _, err := brokerURL(cfg.Broker.URL); err != nil {
		return nil, err
	}
	p := &Publisher{cfg: cfg, wake: make(chan struct{}, 1), replay: newReplayer(nil), instance: rand.Text()[:16]}
	if cfg.AckFile != "" {
		b, err := os.ReadFile(cfg.AckFile)
		switch {
		case errors.Is(err, os.ErrNotExist):
		case err != nil:
			return nil, fmt.Errorf("club: read %s: %w", cfg.AckFile, err)
		default:
			n, err := strconv.ParseUint(strings.TrimSpace(string(b)), 10, 64)
			if err != nil {
				return nil, fmt.Errorf("club: %s: %q is not a sequence number", cfg.AckFile, b)
			}
			p.acked = n
		}
	}
	return p, nil
}

// Acked is the latest sequence number the broker has acknowledged.
func (p *Publisher) Acked() uint64 {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.acked
}

// Connected reports whether the broker connection is up.
func (p *Publisher) Connected() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.connected
}

func (p *Publisher) poke() {
	select {
	case p.wake <- struct{}{}:
	default:
	}
}

func (p *Publisher) status(online bool) []byte {
	p.mu.Lock()
	st := Status{Table: p.cfg.Table, Online: online, Seq: p.acked, URL: p.cfg.URL, TakenOver: p.takenOver, Instance: p.instance}
	p.mu.Unlock()
	b, _ := json.Marshal(st)
	return b
}

// Run publishes until ctx is done.
func (p *Publisher) Run(ctx context.Context) error {
	cfg, err := p.connConfig(ctx)
	if err != nil {
		return err
	}
	// The connection outlives ctx by the goodbye below: a clean disconnect
	// does not fire the will, so the table says itself that it is offline.
	connCtx, connCancel := context.WithCancel(context.Background())
	defer connCancel()
	cm, err := autopaho.NewConnection(connCtx, cfg)
	if err != nil {
		return fmt.Errorf("club: connect %s: %w", p.cfg.Broker.URL, err)
	}
	defer p.goodbye(cm)
	next := p.Acked() + 1
	for ctx.Err() == nil {
		if err := cm.AwaitConnection(ctx); err != nil {
			return nil
		}
		if n := p.replay.refusals(); n > 0 {
			p.logf("club: refused %d replay asks of table %q: asked too often, or by too many", n, p.cfg.Table)
		}
		p.replay.take(next)
		recs, err := p.cfg.Outbox.Read(next, replayBatch)
		if err != nil {
			return fmt.Errorf("club: outbox: %w", err)
		}
		if len(recs) > 0 {
			if next, err = p.publishLive(ctx, cm, recs, next); err != nil {
				return err
			}
			p.backOffIfRefused(ctx)
			continue
		}
		from, n, end, wait := p.replay.batch()
		if n > 0 {
			if err := p.publishReplay(ctx, cm, from, n, end); err != nil {
				return err
			}
			p.backOffIfRefused(ctx)
			continue
		}
		p.waitFor(ctx, next, wait)
	}
	return nil
}

// connConfig is the broker connection: the table's will (offline), and
// what to do when the connection comes up or goes down and when a watcher
// asks for a replay.
func (p *Publisher) connConfig(ctx context.Context) (autopaho.ClientConfig, error) {
	cfg, err := p.cfg.Broker.config("tabled-table-" + p.cfg.Table)
	if err != nil {
		return cfg, err
	}
	cfg.CleanStartOnInitialConnection = true
	cfg.SetWillMessage(topic(p.cfg.Table, "status"), p.status(false), 1, true)
	cfg.OnConnectionUp = func(cm *autopaho.ConnectionManager, _ *paho.Connack) {
		p.mu.Lock()
		p.connected = true
		p.mu.Unlock()
		p.logf("club: connected to the broker %s as table %q", p.cfg.Broker.URL, p.cfg.Table)
		go func() {
			subs := []paho.SubscribeOptions{{Topic: topic(p.cfg.Table, "replay"), QoS: 1}}
			if p.cfg.OnRound != nil {
				subs = append(subs, paho.SubscribeOptions{Topic: topic(p.cfg.Table, "round"), QoS: 1})
			}
			cm.Subscribe(ctx, &paho.Subscribe{Subscriptions: subs})
			cm.Publish(ctx, &paho.Publish{Topic: topic(p.cfg.Table, "status"), QoS: 1, Retain: true, Payload: p.status(true)})
			if p.cfg.OnRound != nil {
				// Ask at every (re)connect: a round sent while the table
				// was away is not retained.
				cm.Publish(ctx, &paho.Publish{Topic: topic(p.cfg.Table, "ask"), QoS: 1, Payload: p.ask()})
			}
		}()
		p.poke()
	}
	cfg.OnConnectionDown = func() bool {
		p.mu.Lock()
		p.connected = false
		p.mu.Unlock()
		p.logf("club: lost the broker %s; the claim log keeps what it has not taken", p.cfg.Broker.URL)
		return true
	}
	// A broker that says so (MQTT 5's "session taken over"), or one that
	// closes the table's connection again and again (mosquitto says
	// nothing): another client connects with the table's client id.
	cfg.OnServerDisconnect = func(d *paho.Disconnect) {
		if d.ReasonCode == reasonTakenOver {
			p.cutOff(true)
		}
	}
	cfg.OnClientError = func(err error) {
		if errors.Is(err, io.EOF) {
			p.cutOff(false)
		}
	}
	cfg.OnPublishReceived = []func(paho.PublishReceived) (bool, error){p.replayAsked, p.roundSent}
	return cfg, nil
}

// replayAsked takes a watcher's ask to publish again from a sequence, as
// the replay's limits allow.
func (p *Publisher) replayAsked(pr paho.PublishReceived) (bool, error) {
	var r Replay
	if _, kind, ok := tableOf(pr.Packet.Topic); !ok || kind != "replay" || json.Unmarshal(pr.Packet.Payload, &r) != nil || r.From == 0 {
		return false, nil
	}
	if p.replay.ask(r.By, r.From) {
		p.poke()
	}
	return true, nil
}

// goodbye says the table is offline, if the broker is there to hear it,
// and disconnects.
func (p *Publisher) goodbye(cm *autopaho.ConnectionManager) {
	dctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if p.Connected() {
		cm.Publish(dctx, &paho.Publish{Topic: topic(p.cfg.Table, "status"), QoS: 1, Retain: true, Payload: p.status(false)})
	}
	cm.Disconnect(dctx)
}

// waitFor returns once the outbox holds record next, the publisher is
// poked (a connection, a replay asked), wait has passed (when not 0: the
// replay's pace) or ctx is done.
func (p *Publisher) waitFor(ctx context.Context, next uint64, wait time.Duration) {
	wctx, cancel := context.WithCancel(ctx)
	if wait > 0 {
		wctx, cancel = context.WithTimeout(ctx, wait)
	}
	defer cancel()
	go func() {
		select {
		case <-p.wake:
			cancel()
		case <-wctx.Done():
		}
	}()
	p.cfg.Outbox.Wait(wctx, next-1)
}

// publishLive publishes new records in order from next and returns the
// next record to publish: after the last the broker acknowledged.
func (p *Publisher) publishLive(ctx context.Context, cm *autopaho.ConnectionManager, recs []Record, next uint64) (uint64, error) {
	for _, r := range recs {
		if err := p.publish(ctx, cm, r); errors.Is(err, errRecord) {
			return next, err
		} else if err != nil {
			break // the connection dropped: publish again from next once it is back
		}
		next = r.Seq + 1
		p.mu.Lock()
		if r.Seq > p.acked {
			p.acked = r.Seq
		}
		p.mu.Unlock()
	}
	if err := p.saveAck(); err != nil {
		return next, err
	}
	cm.Publish(ctx, &paho.Publish{Topic: topic(p.cfg.Table, "status"), QoS: 0, Retain: true, Payload: p.status(true)})
	return next, nil
}

// publishReplay publishes again up to n records from from, all before
// end (what is after went out live since the ask), read through the
// outbox's index: a replay costs what it sends.
func (p *Publisher) publishReplay(ctx context.Context, cm *autopaho.ConnectionManager, from uint64, n int, end uint64) error {
	recs, err := p.cfg.Outbox.Read(from, n)
	if err != nil {
		return fmt.Errorf("club: outbox: %w", err)
	}
	sent, last := 0, from-1
	for _, r := range recs {
		if r.Seq >= end {
			break
		}
		if err := p.publish(ctx, cm, r); errors.Is(err, errRecord) {
			return err
		} else if err != nil {
			break // the connection dropped: the replay goes on from here
		}
		sent, last = sent+1, r.Seq
	}
	if sent == 0 && len(recs) > 0 && recs[0].Seq < end {
		return nil // not one went: try again once the connection is back
	}
	p.replay.sent(last, sent)
	return nil
}

// errRecord is a record the publisher cannot send (its body is not JSON):
// publishing stops there rather than skip it.
var errRecord = errors.New("club: record")

// publish sends one record on the events topic and waits for the broker's
// acknowledgement.
func (p *Publisher) publish(ctx context.Context, cm *autopaho.ConnectionManager, r Record) error {
	b, err := json.Marshal(Message{Table: p.cfg.Table, Seq: r.Seq, Body: json.RawMessage(r.Body)})
	if err != nil {
		return fmt.Errorf("%w %d: %v", errRecord, r.Seq, err)
	}
	pctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	pr, err := cm.Publish(pctx, &paho.Publish{Topic: topic(p.cfg.Table, "events"), QoS: 1, Payload: b})
	if err != nil && pr != nil && pr.ReasonCode >= 0x80 {
		p.mu.Lock()
		p.refused = fmt.Sprintf("%v (reason 0x%02x)", err, pr.ReasonCode)
		p.mu.Unlock()
	}
	return err
}

// refusedWait is how long a table waits before it publishes again after
// the broker refused a record: a login that the ACL does not let write
// the table's topics would otherwise have it try without pause.
const refusedWait = 5 * time.Second

// backOffIfRefused waits refusedWait (or until ctx is done) when the
// broker refused the last record, saying why.
func (p *Publisher) backOffIfRefused(ctx context.Context) {
	p.mu.Lock()
	why := p.refused
	p.refused = ""
	p.mu.Unlock()
	if why == "" {
		return
	}
	p.logf("club: the broker refused table %q's events: %s; is the table's login named %q, and the broker's ACL as docs/security.md shows? Trying again in %v",
		p.cfg.Table, why, p.cfg.Table, refusedWait)
	t := time.NewTimer(refusedWait)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}

// saveAck writes the acknowledged sequence atomically; losing it only
// causes a republish that watchers drop.
func (p *Publisher) saveAck() error {
	if p.cfg.AckFile == "" {
		return nil
	}
	// A new file, never one already there: a link planted under the
	// temporary name (a log directory others can reach) is not followed.
	tmp := p.cfg.AckFile + ".tmp"
	if err := os.Remove(tmp); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("club: save ack: %w", err)
	}
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return fmt.Errorf("club: save ack: %w", err)
	}
	_, err = f.WriteString(strconv.FormatUint(p.Acked(), 10) + "\n")
	if err = errors.Join(err, f.Close()); err != nil {
		return fmt.Errorf("club: save ack: %w", err)
	}
	if err := os.Rename(tmp, p.cfg.AckFile); err != nil {
		return fmt.Errorf("club: save ack: %w", err)
	}
	return syncDir(filepath.Dir(p.cfg.AckFile))
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("club: sync %s: %w", dir, err)
	}
	defer d.Close()
	if err := d.Sync(); err != nil {
		return fmt.Errorf("club: sync %s: %w", dir, err)
	}
	return nil
}

// TLSWithCA is a TLS configuration that trusts the club's own CA
// certificate (PEM) for an mqtts:// broker.
func TLSWithCA(caFile string) (*tls.Config, error) {
	pem, err := os.ReadFile(caFile)
	if err != nil {
		return nil, fmt.Errorf("club: read CA %s: %w", caFile, err)
	}
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(pem) {
		return nil, fmt.Errorf("club: %s holds no PEM certificate", caFile)
	}
	return &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}, nil
}

func (p *Publisher) logf(format string, args ...any) {
	if p.cfg.Logf != nil {
		p.cfg.Logf(format, args...)
	}
}
