package link

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/tabled/tabled/hw/clocksync"
	"github.com/tabled/tabled/hw/fwproto"
)

// Config configures a Link.
type Config struct {
	// Open opens the port, again after every unplug.
	Open Opener
	// Name is how logs call the link (the port's path).
	Name string
	// Clock is the host's monotonic clock, the one events are stamped on.
	Clock func() time.Duration
	// OnEvent receives each event from the device, once, on the link's
	// goroutine; the frame is acknowledged after it returns, so it must
	// hand the event on and not block.
	OnEvent func(Event)
	// Logf reports what happens on the link (nil: nothing).
	Logf func(format string, args ...any)

	// PingEvery is the clock-sync ping period (default 100 ms).
	PingEvery time.Duration
	// Silence is how long without any frame means the device is gone
	// (default 2 s; the device sends a heartbeat every 250 ms).
	Silence time.Duration
	// Retransmit is how long a command waits for its Ack before it is
	// sent again (default 100 ms).
	Retransmit time.Duration
	// MaxBackoff bounds the wait between reopen attempts (default 5 s).
	MaxBackoff time.Duration
}

// EventKind says what an Event is.
type EventKind uint8

// The kinds of event from a device.
const (
	Press EventKind = iota + 1
	Release
	TileRead
	TileGone
	DeviceStatus
)

var kindNames = [...]string{"", "press", "release", "tile-read", "tile-gone", "status"}

func (k EventKind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("kind(%d)", uint8(k))
}

// Event is one thing the device reports.
type Event struct {
	Kind EventKind
	// Channel is the button channel (Press, Release); Reader and UID the
	// tile reader and tag (TileRead, TileGone).
	Channel uint8
	Reader  uint8
	UID     []byte
	// At is when it happened on the host clock: the device's stamp mapped
	// through the clock fit, or the arrival time while there is no fit
	// (Synced false). Uncertainty is At's estimated error.
	At, Uncertainty time.Duration
	Synced          bool
	// Arrived is when the frame came in; Device the device's own stamp.
	Arrived time.Duration
	Device  uint64
	// Code and Text are a DeviceStatus's.
	Code uint8
	Text string
}

// UnsyncedUncertainty is the error claimed for an event stamped on arrival,
// before the clock fit has any round trip: a frame's time on a loaded USB
// serial link.
const UnsyncedUncertainty = 10 * time.Millisecond

// Health is the link's state for the status page and /metrics.
type Health struct {
	Connected bool
	// Device is the connected device's Hello, nil before one.
	Device *fwproto.Hello
	// Opens counts successful opens, Losses lost connections.
	Opens, Losses int
	// BadFrames are blocks of garbage skipped; BadMessages frames that
	// decoded but did not parse; Duplicates retransmitted frames already
	// delivered; Retransmits commands sent again; Dropped commands given up.
	BadFrames, BadMessages, Duplicates, Retransmits, Dropped int
	// Events delivered, and when the latest frame of any kind came.
	Events    int
	LastFrame time.Duration
	// SyncSamples, DriftPPM and MinRTT describe the clock fit.
	SyncSamples int
	DriftPPM    float64
	MinRTT      time.Duration
	// Pending is how many commands await an Ack.
	Pending int
	// LastError is why the link last went down or could not open.
	LastError string
	// DeviceHeartbeat is the device's latest counters.
	DeviceHeartbeat fwproto.Heartbeat
}

// ErrBusy is returned by Send when commands pile up faster than the link
// takes them.
var ErrBusy = errors.New("link: command queue full")

// Link is the running link to one port. Make it with New and call Run.
type Link struct {
	cfg  Config
	cmds chan fwproto.Message

	mu     sync.Mutex
	health Health

	// Owned by Run.
	sync    clocksync.Sync
	boot    uint32
	hello   bool // a Hello came in this session
	seen    fwproto.Dedupe
	pending []outgoing
	seq     uint8
	pingID  uint32
	pings   [16]ping
}

type outgoing struct {
	seq    uint8
	wire   []byte
	sentAt time.Duration
	tries  int
}

type ping struct {
	id     uint32
	sentAt time.Duration
}

// maxTries bounds how often a command is sent before it is given up.
const maxTries = 50

// New makes a link; Run drives it.
func New(cfg Config) *Link {
	if cfg.PingEvery <= 0 {
		cfg.PingEvery = 100 * time.Millisecond
	}
	if cfg.Silence <= 0 {
		cfg.Silence = 2 * time.Second
	}
	if cfg.Retransmit <= 0 {
		cfg.Retransmit = 100 * time.Millisecond
	}
	if cfg.MaxBackoff <= 0 {
		cfg.MaxBackoff = 5 * time.Second
	}
	if cfg.Logf == nil {
		cfg.Logf = func(string, ...any) {}
	}
	if cfg.OnEvent == nil {
		cfg.OnEvent = func(Event) {}
	}
	return &Link{cfg: cfg, cmds: make(chan fwproto.Message, 64)}
}

// Send queues a command (an LED setting) for the device; it is sent when
// the link is up and retransmitted until acknowledged. It never blocks.
func (l *Link) Send(m fwproto.Message) error {
	if !m.Type().Sequenced() {
		return fmt.Errorf("link: %s is not a command", m.Type())
	}
	select {
	case l.cmds <- m:
		return nil
	default:
		return ErrBusy
	}
}

// Health is a snapshot of the link's state.
func (l *Link) Health() Health {
	l.mu.Lock()
	defer l.mu.Unlock()
	h := l.health
	if h.Device != nil {
		d := *h.Device
		h.Device = &d
	}
	return h
}

func (l *Link) update(f func(h *Health)) {
	l.mu.Lock()
	f(&l.health)
	l.mu.Unlock()
}

// Run keeps the link up until ctx is done, reopening the port after every
// loss with exponential backoff. It returns ctx's error.
func (l *Link) Run(ctx context.Context) error {
	backoff := 100 * time.Millisecond
	lastErr := ""
	for ctx.Err() == nil {
		port, err := l.cfg.Open()
		if err != nil {
			if err.Error() != lastErr { // say it once, not ten times a second
				l.cfg.Logf("link: %s: %v (retrying)", l.cfg.Name, err)
				lastErr = err.Error()
			}
			l.update(func(h *Health) { h.LastError = err.Error() })
			select {
			case <-ctx.Done():
			case <-time.After(backoff):
			}
			backoff = min(2*backoff, l.cfg.MaxBackoff)
			continue
		}
		lastErr = ""
		l.update(func(h *Health) { h.Opens++; h.Connected = true })
		l.cfg.Logf("link: %s open", l.cfg.Name)
		gotFrames, err := l.session(ctx, port)
		l.update(func(h *Health) {
			h.Connected = false
			if ctx.Err() == nil {
				h.Losses++
				h.LastError = err.Error()
			}
		})
		if ctx.Err() != nil {
			break
		}
		l.cfg.Logf("link: %s lost: %v", l.cfg.Name, err)
		if gotFrames {
			backoff = 100 * time.Millisecond
		}
		select {
		case <-ctx.Done():
		case <-time.After(backoff):
		}
		backoff = min(2*backoff, l.cfg.MaxBackoff)
	}
	return ctx.Err()
}
