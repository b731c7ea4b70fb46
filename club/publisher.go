package club

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"errors"
	"fmt"
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
	u, err := url.Parse(b.URL)
	if err != nil || u.Host == "" {
		return autopaho.ClientConfig{}, fmt.Errorf("club: broker %q is not a URL like mqtt://host:1883", b.URL)
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
}

// Publisher publishes a table's outbox to the broker, in order, at least once.
type Publisher struct {
	cfg PublisherConfig

	mu        sync.Mutex
	acked     uint64
	rewind    uint64 // a replay asked from here; 0 when none
	connected bool
	wake      chan struct{}
}

// NewPublisher checks the configuration and reads the ack file.
func NewPublisher(cfg PublisherConfig) (*Publisher, error) {
	if !ValidTableName(cfg.Table) {
		return nil, fmt.Errorf("club: table name %q cannot be a topic level", cfg.Table)
	}
	if cfg.Outbox == nil {
		return nil, errors.New("club: publisher needs an outbox")
	}
	p := &Publisher{cfg: cfg, wake: make(chan struct{}, 1)}
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
	b, _ := json.Marshal(Status{Table: p.cfg.Table, Online: online, Seq: p.Acked(), URL: p.cfg.URL})
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
		p.mu.Lock()
		if p.rewind != 0 {
			next, p.rewind = min(next, p.rewind), 0
		}
		p.mu.Unlock()
		recs, err := p.cfg.Outbox.Read(next, 64)
		if err != nil {
			return fmt.Errorf("club: outbox: %w", err)
		}
		if len(recs) == 0 {
			p.waitFor(ctx, next)
			continue
		}
		if next, err = p.publish(ctx, cm, recs, next); err != nil {
			return err
		}
		if err := p.saveAck(); err != nil {
			return err
		}
		cm.Publish(ctx, &paho.Publish{Topic: topic(p.cfg.Table, "status"), QoS: 0, Retain: true, Payload: p.status(true)})
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
			cm.Subscribe(ctx, &paho.Subscribe{Subscriptions: []paho.SubscribeOptions{{Topic: topic(p.cfg.Table, "replay"), QoS: 1}}})
			cm.Publish(ctx, &paho.Publish{Topic: topic(p.cfg.Table, "status"), QoS: 1, Retain: true, Payload: p.status(true)})
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
	cfg.OnPublishReceived = []func(paho.PublishReceived) (bool, error){p.replayAsked}
	return cfg, nil
}

// replayAsked takes a watcher's ask to publish again from a sequence.
func (p *Publisher) replayAsked(pr paho.PublishReceived) (bool, error) {
	var r Replay
	if _, kind, ok := tableOf(pr.Packet.Topic); !ok || kind != "replay" || json.Unmarshal(pr.Packet.Payload, &r) != nil || r.From == 0 {
		return false, nil
	}
	p.mu.Lock()
	if p.rewind == 0 || r.From < p.rewind {
		p.rewind = r.From
	}
	p.mu.Unlock()
	p.poke()
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
// poked (a connection, a replay asked) or ctx is done.
func (p *Publisher) waitFor(ctx context.Context, next uint64) {
	wctx, cancel := context.WithCancel(ctx)
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

// publish sends recs in order, each acknowledged before the next, and
// returns the sequence to go on from: past the last the broker took (a
// dropped connection leaves the rest for when it is back).
func (p *Publisher) publish(ctx context.Context, cm *autopaho.ConnectionManager, recs []Record, next uint64) (uint64, error) {
	for _, r := range recs {
		b, err := json.Marshal(Message{Table: p.cfg.Table, Seq: r.Seq, Body: json.RawMessage(r.Body)})
		if err != nil {
			return next, fmt.Errorf("club: record %d: %w", r.Seq, err)
		}
		pctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		_, err = cm.Publish(pctx, &paho.Publish{Topic: topic(p.cfg.Table, "events"), QoS: 1, Payload: b})
		cancel()
		if err != nil {
			return next, nil // the connection dropped: publish again from next once it is back
		}
		next = r.Seq + 1
		p.mu.Lock()
		if r.Seq > p.acked {
			p.acked = r.Seq
		}
		p.mu.Unlock()
	}
	return next, nil
}

// saveAck writes the acknowledged sequence atomically; losing it only
// causes a republish that watchers drop.
func (p *Publisher) saveAck() error {
	if p.cfg.AckFile == "" {
		return nil
	}
	tmp := p.cfg.AckFile + ".tmp"
	if err := os.WriteFile(tmp, []byte(strconv.FormatUint(p.Acked(), 10)+"\n"), 0o644); err != nil {
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
