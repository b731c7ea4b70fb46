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
	// OnEvent receives each new event from the device, on the link's
	// goroutine. The frame is acknowledged to the device only after it
	// returns nil: return once the input is durable (it may block for an
	// fsync; stamps are taken from the reader's arrival times and the
	// device clock, so blocking never moves them). A non-nil error means
	// "not durable": the frame is not acknowledged nor taken as delivered,
	// so the device's retransmission is delivered again; the link logs it
	// and counts it in Health.NotDurable.
	OnEvent func(Event) error
	// OnWatermark reports, on the link's goroutine, the host-clock stamp up
	// to which this device has delivered everything (see Watermarks in
	// firmware-protocol.md), whenever it moves forward or live changes. live
	// is false while the link is down or the device has not answered a
	// Query in this connection; the table then does not wait for it. (A
	// device suspected of a reboot stays live, its watermark held, until it
	// answers.) It must not block.
	OnWatermark func(complete time.Duration, live bool)
	// OnNotice reports what a referee must see in the claim log (a reboot,
	// lost events, a reader fault, another device on the path), on the
	// link's goroutine. It must not block.
	OnNotice func(Notice)
	// Logf reports what happens on the link (nil: nothing).
	Logf func(format string, args ...any)
	// Debugf reports the link's own workings, which a player or referee
	// has no use for in play (a round trip asked for the clock fit); the
	// daemon keeps them for the journal's debug level (nil: nothing).
	Debugf func(format string, args ...any)

	// DeviceID, when set, is the only device taken on this port: another
	// one's Hello is refused (a notice names both ids) and the port closed
	// and retried, so plugging the right one back in works.
	DeviceID *uint32
	// StateFile keeps the host's command sequence numbers across daemon
	// restarts, so a device that remembers the last 128 never takes a new
	// command for a repeat (empty: sequence numbers start at 1 each run).
	StateFile string

	// PingEvery is the clock-sync ping period while the boot's clock fit
	// is young (its first 20 s), and when a pong found it off (default
	// 100 ms). From then on the period is 1/200 of the time the fit has
	// been taking round trips, up to SettledPingEvery (from 100 s on).
	PingEvery time.Duration
	// SettledPingEvery is the longest ping period, once the fit is
	// settled (default 500 ms, never below PingEvery): a settled fit needs
	// few new round trips, the device's heartbeats every 250 ms keep the
	// watermark moving and show the host the device is there, and a probe
	// (ProbeAt) still pings at once when the table needs a fresh
	// watermark. Each ping is two frames and a wake-up on either side.
	SettledPingEvery time.Duration
	// Silence is how long without any frame means the device is gone
	// (default 2 s; the device sends a heartbeat every 250 ms).
	Silence time.Duration
	// Retransmit is how long a command waits for its Ack before it is
	// sent again (default 100 ms).
	Retransmit time.Duration
	// MaxBackoff bounds the wait between reopen attempts (default 5 s).
	MaxBackoff time.Duration
	// MaxQueryBackoff bounds the wait between Queries while no Hello comes
	// (default 1 s; the first retry is after 100 ms, then doubling).
	MaxQueryBackoff time.Duration
	// DeviceLag is how much older than the device's clock an event's stamp
	// may be when it is sent: a press is stamped at its first edge and sent
	// once confirmed 5 ms later (default 10 ms). The watermark from a
	// heartbeat or pong stays this far behind its device time.
	DeviceLag time.Duration
}

// EventKind says what an Event is.
type EventKind uint8

// The kinds of event from a device.
const (
	Press EventKind = iota + 1
	Release
	TileRead
	TileGone
)

var kindNames = [...]string{"", "press", "release", "tile-read", "tile-gone"}

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
	// through the clock fit. Uncertainty is At's estimated error. Synced is
	// always true: an event is not taken before the device's clock has a
	// round trip in its current boot.
	At, Uncertainty time.Duration
	Synced          bool
	// Arrived is when the frame came in; Device the device's own stamp;
	// Seq its sequence number.
	Arrived time.Duration
	Device  uint64
	Seq     uint8
}

// NoticeKind says what a Notice is about.
type NoticeKind uint8

// The kinds of notice.
const (
	// NoticeReboot: the device restarted (clock and seqs from zero); its
	// clock fit was dropped and its events of the new boot are taken.
	NoticeReboot NoticeKind = iota + 1
	// NoticeEventsLost: the device's event queue overflowed (Status 1), or
	// seqs that later frames announced never came.
	NoticeEventsLost
	// NoticeReaderFault: a tile reader does not answer (Status 2).
	NoticeReaderFault
	// NoticeDeviceChanged: a different device (another device id) answers
	// on the port than before.
	NoticeDeviceChanged
	// NoticeDeviceRefused: the device on the port is not the configured
	// DeviceID, or speaks another protocol version; it is not taken.
	NoticeDeviceRefused
	// NoticeDeviceStatus: any other Status from the device (information, a
	// command it could not carry out).
	NoticeDeviceStatus
	// NoticeLinkLost: a device that had answered went silent or away (a
	// hang, an unplug); what it sends meanwhile arrives late and is decided
	// at its stamp.
	NoticeLinkLost
	// NoticeLinkBack: the device answers again, after how long.
	NoticeLinkBack
)

var noticeNames = [...]string{"", "reboot", "events-lost", "reader-fault", "device-changed", "device-refused", "device-status", "link-lost", "link-back"}

func (k NoticeKind) String() string {
	if int(k) < len(noticeNames) {
		return noticeNames[k]
	}
	return fmt.Sprintf("notice(%d)", uint8(k))
}

// Notice is something on the link a referee must see.
type Notice struct {
	// At is when the link learnt it, on the host clock.
	At   time.Duration
	Kind NoticeKind
	// Text says what happened, naming the port and the device.
	Text string
}

// Health is the link's state for the status page and /metrics.
type Health struct {
	// Connected: the port is open. Up: the device has answered a Query in
	// this connection (and passed the DeviceID check), so its events are
	// acknowledged and commands are sent.
	Connected, Up bool
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
	// Queries counts Queries sent (more than one per connection: a Query
	// was lost, or a reboot was suspected).
	Queries int
	// NotDurable counts events OnEvent refused (left unacknowledged).
	NotDurable int
	// StaleAcks counts frames taken but left unacknowledged because the
	// wire had fallen too far behind the device's clock: the Ack could
	// have answered a newer frame of the same seq (frame.go, staleAck).
	StaleAcks int
	// Reboots, EventsLost (overflow reports and seqs that never came),
	// ReaderFaults, DeviceChanges and Refused (another device than the
	// configured one) count the notices of each kind.
	Reboots, EventsLost, ReaderFaults, DeviceChanges, Refused int
	// SyncSamples, DriftPPM and MinRTT describe the clock fit.
	SyncSamples int
	DriftPPM    float64
	MinRTT      time.Duration
	// Watermark is the stamp up to which the device has delivered all.
	Watermark time.Duration
	// Commands counts commands sent (once each, retransmissions aside);
	// Pending is how many await an Ack.
	Commands, Pending int
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
	cfg   Config
	cmds  chan fwproto.Message
	probe chan time.Duration

	mu     sync.Mutex
	health Health
	// kick cuts the session's pending read short (nil: no session, or one
	// with a reader goroutine, which waits on the queues itself).
	kick func()

	// Owned by Run.
	sync     clocksync.Sync
	known    bool // a Hello has come since the link started
	boot     uint32
	deviceID uint32
	hello    bool   // a Hello came in this session (and the device is taken)
	suspect  string // why a reboot is suspected: query, then a new boot
	// suspectSeqs: the suspicion is seqs that began again, a new boot even
	// if the Hello keeps its boot id.
	suspectSeqs bool
	// lastQueued is the boot's latest heartbeat's count of frames waiting,
	// lastBeat when it came, lastBeatSent when the device sent it (its
	// stamp through the clock fit; lastBeat without a fit) and lastBeatDev
	// its device time; unackedAtReboot what the boot may have held when a
	// reboot was seen.
	lastQueued      uint8
	lastBeat        time.Duration
	lastBeatSent    time.Duration
	lastBeatDev     uint64
	unackedAtReboot int
	acks            [fwproto.MaxInFlight]time.Duration // when the latest Acks were sent
	nAcks           uint64
	refused         string // the last refusal, to note it once, not at every retry
	// lostAt is when a device that had answered was lost, -1 while none is.
	lostAt  time.Duration
	seen    fwproto.Dedupe
	got     [256][]byte // each remembered seq's type and payload
	order   order
	lastDev uint64 // the latest device time of a pong or heartbeat this boot
	pending []outgoing
	seqs    hostSeqs
	pingID  uint32
	pings   [16]ping
	pingNow bool // ping at the next tick: a Hello wants a clock fit soon
	// fitFrom is the host time of the boot's fit's first round trip (-1:
	// none yet), fitSpan how long the fit has been taking them: the ping
	// period grows with it. fastPings is how many more round trips are
	// taken at PingEvery because a pong found the fit off.
	fitFrom, fitSpan time.Duration
	fastPings        int
	// lastHeard is when the latest good frame came (-1: none yet);
	// confirmFrom, when not -1, that the stream was broken then, and no
	// stamped event is taken until a ping sent since comes back on the
	// boot's clock fit (reboot.go).
	lastHeard, confirmFrom time.Duration
	unconfirmed            []heldFrame // stamped frames held until then
	// newClock is the new boot's clock reading that shows a reboot, while
	// the old boot's losses are counted (0: none).
	newClock uint64
	// rtAt is when the boot's latest round trip's pong came (-1: none),
	// rtDev its device time; until the boot's first round trip, the
	// reading that showed the boot (shownAt, shownDev) stands for it.
	rtAt  time.Duration
	rtDev uint64
	// shownAt is when the new boot's clock reading that showed a suspected
	// reboot came (-1: none, the reboot showed in the seqs), shownDev what
	// it read: once the Hello confirms the new boot, its clock is known to
	// have been at least that far then.
	shownAt  time.Duration
	shownDev uint64
	q        querier
	live     bool          // last reported liveness
	mark     time.Duration // last reported watermark
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
// A command is sent once and then again up to 49 times: 50 sends in all,
// about 5 s at the default period, as firmware-protocol.md says.
const maxTries = 50

// New makes a link; Run drives it.
func New(cfg Config) *Link {
	if cfg.PingEvery <= 0 {
		cfg.PingEvery = 100 * time.Millisecond
	}
	if cfg.SettledPingEvery <= 0 {
		cfg.SettledPingEvery = 500 * time.Millisecond
	}
	cfg.SettledPingEvery = max(cfg.SettledPingEvery, cfg.PingEvery)
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
	if cfg.Debugf == nil {
		cfg.Debugf = func(string, ...any) {}
	}
	if cfg.MaxQueryBackoff <= 0 {
		cfg.MaxQueryBackoff = time.Second
	}
	if cfg.DeviceLag <= 0 {
		cfg.DeviceLag = 10 * time.Millisecond
	}
	if cfg.OnEvent == nil {
		cfg.OnEvent = func(Event) error { return nil }
	}
	if cfg.OnWatermark == nil {
		cfg.OnWatermark = func(time.Duration, bool) {}
	}
	if cfg.OnNotice == nil {
		cfg.OnNotice = func(Notice) {}
	}
	return &Link{cfg: cfg, cmds: make(chan fwproto.Message, 64), probe: make(chan time.Duration, 8), seqs: hostSeqs{path: cfg.StateFile}, lostAt: -1, fitFrom: -1, lastHeard: -1, confirmFrom: -1, rtAt: -1, shownAt: -1}
}

// Send queues a command (an LED setting) for the device; it is sent when
// the link is up and retransmitted until acknowledged. It never blocks.
func (l *Link) Send(m fwproto.Message) error {
	if !m.Type().Sequenced() {
		return fmt.Errorf("link: %s is not a command", m.Type())
	}
	select {
	case l.cmds <- m:
		l.wake()
		return nil
	default:
		return ErrBusy
	}
}

// wake makes the session look at its queues.
func (l *Link) wake() {
	l.mu.Lock()
	if l.kick != nil {
		l.kick()
	}
	l.mu.Unlock()
}

// ProbeAt asks for the watermark to pass at (a host time): the link pings
// the device once the host clock has passed at plus DeviceLag, so the pong
// carries a device time whose watermark is at least at, a round trip later
// (a few ms) instead of at the next periodic ping. A table whose window
// ends at at calls it for a device whose watermark is short of it. It
// never blocks; a probe that finds the queue full is dropped, and the
// periodic pings still move the watermark on.
func (l *Link) ProbeAt(at time.Duration) {
	select {
	case l.probe <- at:
		l.wake()
	default:
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
	if err := l.seqs.load(); err != nil {
		// Not fatal: commands still flow; a device may take the first few
		// for repeats of the last run's, which the log says.
		l.cfg.Logf("link: %s: %v; command seqs start at 1", l.cfg.Name, err)
	}
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
		l.mu.Lock()
		wasUp := l.health.Up
		l.mu.Unlock()
		if wasUp && ctx.Err() == nil {
			l.lostAt = l.cfg.Clock()
			l.notice(l.lostAt, NoticeLinkLost, fmt.Sprintf("lost: %v; presses made meanwhile are decided at their stamps when they come", err))
		}
		l.setLive(false)
		l.update(func(h *Health) {
			h.Connected, h.Up = false, false
			if ctx.Err() == nil {
				h.Losses++
				h.LastError = err.Error()
			}
		})
		if ctx.Err() != nil {
			break
		}
		l.cfg.Logf("link: %s lost: %v", l.cfg.Name, err)
		if gotFrames && !errors.Is(err, errRefused) {
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
