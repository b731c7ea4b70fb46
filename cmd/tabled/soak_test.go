package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/creack/pty"
	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/club"
	"github.com/tabled/tabled/hw/fwproto"
	"github.com/tabled/tabled/hw/fwsim"
	"github.com/tabled/tabled/journal"
)

// soakTiles are the tiles the soak discards and reads as dora.
var soakTiles = strings.Fields("1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p 4p 5p 6p 7p 8p 9p 1s 2s 3s 4s 5s 6s 7s 8s 9s 1z 2z 3z 4z 5z 6z 7z")

// TestSoak plays random valid hands through `tabled run` (a child
// process) for TABLED_SOAK (a duration: TABLED_SOAK=30m): the seat in turn
// discards over HTTP, other seats call pon and ron on a seat controller
// (the firmware simulator on a real pty), dora are read, a new hand starts
// when one ends; 100 tablets follow GET /api/events and a club broker
// (mosquitto) takes the publisher's events. It samples the daemon's RSS,
// goroutines and open files, and checks at the end that they stayed flat
// after the warm-up, that every acknowledged input is in the claim log,
// that `tabled replay` exits 0 and that the broker's view is the log.
//
//	TABLED_SOAK=30m go test -run Soak -v -timeout 40m ./cmd/tabled
func TestSoak(t *testing.T) {
	dur, err := time.ParseDuration(os.Getenv("TABLED_SOAK"))
	if err != nil || dur <= 0 {
		t.Skip("a soak: TABLED_SOAK=30m runs it for 30 minutes")
	}
	dir := t.TempDir()
	logDir := filepath.Join(dir, "log")
	broker := startBroker(t, filepath.Join(dir, "mosquitto"))
	addr := freeAddr(t)

	start := time.Now()
	dev := fwsim.New(fwsim.Config{Clock: func() time.Duration { return time.Since(start) }, Latency: time.Millisecond,
		Jitter: 500 * time.Microsecond, DriftPPM: 40, BootID: 5, DeviceID: 0x50A4})
	master, slave, err := pty.Open()
	if err != nil {
		t.Fatal(err)
	}
	defer slave.Close()
	defer master.Close()
	devCtx, stopDev := context.WithCancel(context.Background())
	defer stopDev()
	go dev.Serve(devCtx, master)

	// Channels 0..3: seat s's pon; 4..7: seat s's ron.
	var buttons strings.Builder
	for s := range 4 {
		fmt.Fprintf(&buttons, "[[button]]\nseat = %d\ncall = \"pon\"\nchannel = %d\n\n[[button]]\nseat = %d\ncall = \"ron\"\nchannel = %d\n\n", s, s, s, 4+s)
	}
	cfgFile := filepath.Join(dir, "tabled.toml")
	os.WriteFile(cfgFile, []byte(fmt.Sprintf("[table]\nname = \"soak\"\n\n[log]\ndir = %q\n\n[web]\nlisten = %q\n\n[serial]\npath = %q\n\n[club]\nbroker = %q\n\n%s",
		logDir, addr, slave.Name(), broker, buttons.String())), 0o644)

	// The broker's view: what a club watcher following the table gets.
	var (
		viewMu sync.Mutex
		view   = map[uint64][]byte{}
	)
	w, err := club.NewWatcher(club.WatcherConfig{Broker: club.Broker{URL: broker}, ClientID: "soak-watcher", FromStart: true,
		OnEvent: func(m club.Message) {
			viewMu.Lock()
			view[m.Seq] = append([]byte(nil), m.Body...)
			viewMu.Unlock()
		}})
	if err != nil {
		t.Fatal(err)
	}
	watchCtx, stopWatch := context.WithCancel(context.Background())
	defer stopWatch()
	go w.Run(watchCtx)

	out, err := os.Create(filepath.Join(dir, "daemon.out"))
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	daemon := exec.Command(os.Args[0], "-test.run=^$")
	daemon.Env = append(os.Environ(), "TABLED_TEST_DAEMON=--sim --config "+cfgFile)
	daemon.Stdout, daemon.Stderr = nil, out
	if err := daemon.Start(); err != nil {
		t.Fatal(err)
	}
	defer daemon.Process.Kill()
	client := &http.Client{Timeout: 10 * time.Second}
	base := "http://" + addr
	waitUntil(t, "the daemon's status page", func() bool {
		resp, err := client.Get(base + "/api/state")
		if err != nil {
			return false
		}
		resp.Body.Close()
		return resp.StatusCode == http.StatusOK
	})

	ctx, stop := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	var streamed atomic.Int64
	for range 100 {
		wg.Go(func() { soakTablet(ctx, base, &streamed) })
	}
	p := &soakPlayer{client: client, base: base, dev: dev, acked: map[uint64]bool{}}
	wg.Go(func() { p.play(ctx) })

	// Samples every 1/40 of the run (at least 2 s); the warm-up is the
	// first fifth.
	every := max(dur/40, 2*time.Second)
	var samples []soakSample
	for end := time.Now().Add(dur); time.Now().Before(end); {
		time.Sleep(min(every, time.Until(end)))
		s, err := sampleDaemon(client, base, daemon.Process.Pid)
		if err != nil {
			t.Errorf("sample: %v", err)
			continue
		}
		s.at = time.Since(start)
		samples = append(samples, s)
	}
	stop()
	wg.Wait()
	waitUntil(t, "the controller's queue to drain", func() bool { return dev.Unacked() == 0 })

	for _, s := range samples {
		t.Logf("%6.0fs  rss %5.1f MB  goroutines %4d  open files %4d  records %d", s.at.Seconds(), float64(s.rss)/1e6, s.goroutines, s.fds, s.seq)
	}
	checkFlat(t, samples)

	// The broker has everything once the watcher has the last seq.
	var last uint64
	resp, err := client.Get(base + "/api/state")
	if err == nil {
		var st struct {
			Seq uint64 `json:"seq"`
		}
		json.NewDecoder(resp.Body).Decode(&st)
		resp.Body.Close()
		last = st.Seq
	}
	waitUntilFor(t, "the broker's view to reach the log's end", time.Minute, func() bool { return w.Last("soak") >= last })
	daemon.Process.Signal(syscall.SIGTERM)
	if err := daemon.Wait(); err != nil {
		b, _ := os.ReadFile(out.Name())
		t.Fatalf("the daemon: %v\n%s", err, b)
	}
	stopWatch()

	recs := map[uint64][]byte{}
	serial := map[uint64]bool{} // device stamps of logged presses
	var damage []string
	err = claimlog.Scan(logDir, claimlog.Filter{}, func(r claimlog.Record) error {
		b, err := json.Marshal(r)
		recs[r.Seq] = b
		if r.Kind == claimlog.KindInput && r.Source == "serial" {
			var in journal.InputBody
			if err := json.Unmarshal(r.Body, &in); err != nil {
				return err
			}
			serial[in.Event.Device] = true
		}
		return err
	}, func(d claimlog.Damage) { damage = append(damage, d.String()) })
	if err != nil || len(damage) > 0 {
		t.Fatalf("reading the log: %v, damage %q", err, damage)
	}
	lostWeb := 0
	for seq := range p.acked {
		if recs[seq] == nil {
			lostWeb++
		}
	}
	lostSerial, serialAcked := 0, 0
	for _, m := range dev.Acked() {
		if b, ok := m.(fwproto.Button); ok && b.Pressed {
			serialAcked++
			if !serial[b.Time] {
				lostSerial++
			}
		}
	}
	viewMu.Lock()
	defer viewMu.Unlock()
	differ, missing := 0, 0
	for seq, b := range recs {
		v, ok := view[seq]
		switch {
		case !ok:
			missing++
		case !jsonEqual(v, b):
			differ++
		}
	}
	extra := len(view) - (len(recs) - missing)
	var replayOut, replayErr bytes.Buffer
	code := run([]string{"replay", "--dir", logDir}, &replayOut, &replayErr)
	t.Logf("soak %v: %d records, %d hands started, %d web inputs acknowledged (%d lost), %d controller presses acknowledged (%d lost), %d SSE events to 100 tablets; broker: %d records, %d missing, %d differ, %d extra; replay exit %d",
		dur, len(recs), p.hands, len(p.acked), lostWeb, serialAcked, lostSerial, streamed.Load(), len(view), missing, differ, extra, code)
	if lostWeb > 0 || lostSerial > 0 {
		t.Errorf("acknowledged inputs missing from the log: %d web, %d controller", lostWeb, lostSerial)
	}
	if len(p.acked) == 0 || serialAcked == 0 || p.hands < 2 {
		t.Errorf("too little played to prove anything")
	}
	if missing > 0 || differ > 0 || extra > 0 {
		t.Errorf("the broker's view is not the log: %d missing, %d differ, %d extra", missing, differ, extra)
	}
	if code != 0 {
		t.Errorf("replay exit %d:\n%s\n%s", code, replayOut.String(), replayErr.String())
	}
}

// soakPlayer plays random valid hands: it follows /api/state, so the seat
// in turn discards and the others call.
type soakPlayer struct {
	client *http.Client
	base   string
	dev    *fwsim.Device
	acked  map[uint64]bool // web inputs answered 202
	hands  int
}

func (p *soakPlayer) play(ctx context.Context) {
	for ctx.Err() == nil {
		st, err := p.state()
		if err != nil {
			sleepCtx(ctx, 50*time.Millisecond)
			continue
		}
		if st.Turn == nil {
			p.press(map[string]any{"action": "newhand"})
			p.hands++
			p.press(map[string]any{"action": "dora", "tile": soakTiles[rand.IntN(len(soakTiles))]})
			continue
		}
		seat := -1
		for _, s := range st.Seats {
			if s.Wind == *st.Turn {
				seat = s.Seat
			}
		}
		if seat < 0 {
			sleepCtx(ctx, 50*time.Millisecond)
			continue
		}
		p.press(map[string]any{"seat": seat, "action": "discard", "tile": soakTiles[rand.IntN(len(soakTiles))]})
		// Now and then another seat calls, on the controller, inside the
		// window; seldom a ron, which ends the hand.
		switch r := rand.IntN(100); {
		case r < 15:
			ch := uint8((seat + 1 + rand.IntN(3)) % 4)
			p.dev.Press(ch)
			sleepCtx(ctx, 30*time.Millisecond)
			p.dev.Release(ch)
		case r < 17:
			ch := uint8(4 + (seat+1+rand.IntN(3))%4)
			p.dev.Press(ch)
			sleepCtx(ctx, 30*time.Millisecond)
			p.dev.Release(ch)
		}
		sleepCtx(ctx, time.Duration(300+rand.IntN(300))*time.Millisecond)
	}
}

type soakState struct {
	Seq   uint64  `json:"seq"`
	Turn  *string `json:"turn"`
	Seats []struct {
		Seat int    `json:"seat"`
		Wind string `json:"wind"`
	} `json:"seats"`
}

func (p *soakPlayer) state() (soakState, error) {
	var v struct {
		State soakState `json:"state"`
	}
	resp, err := p.client.Get(p.base + "/api/state")
	if err != nil {
		return v.State, err
	}
	defer resp.Body.Close()
	return v.State, json.NewDecoder(resp.Body).Decode(&v)
}

func (p *soakPlayer) press(body map[string]any) {
	b, _ := json.Marshal(body)
	resp, err := p.client.Post(p.base+"/api/press", "application/json", bytes.NewReader(b))
	if err != nil {
		return
	}
	defer resp.Body.Close()
	var ack struct {
		Seq uint64 `json:"seq"`
	}
	if resp.StatusCode == http.StatusAccepted && json.NewDecoder(resp.Body).Decode(&ack) == nil {
		p.acked[ack.Seq] = true
	}
}

// soakTablet follows the event stream as a tablet does, reconnecting with
// the last id it saw.
func soakTablet(ctx context.Context, base string, n *atomic.Int64) {
	last := ""
	for ctx.Err() == nil {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base+"/api/events", nil)
		if last != "" {
			req.Header.Set("Last-Event-ID", last)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			sleepCtx(ctx, 100*time.Millisecond)
			continue
		}
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(make([]byte, 64<<10), 4<<20)
		for sc.Scan() {
			if id, ok := strings.CutPrefix(sc.Text(), "id: "); ok {
				last = id
				n.Add(1)
			}
		}
		resp.Body.Close()
	}
}

type soakSample struct {
	at                   time.Duration
	rss                  int64
	goroutines, fds, seq int
}

// sampleDaemon reads the daemon's RSS and open files from /proc and its
// goroutines from /metrics.
func sampleDaemon(c *http.Client, base string, pid int) (soakSample, error) {
	var s soakSample
	status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return s, err
	}
	for _, l := range strings.Split(string(status), "\n") {
		if v, ok := strings.CutPrefix(l, "VmRSS:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			s.rss = kb * 1024
		}
	}
	fds, err := os.ReadDir(fmt.Sprintf("/proc/%d/fd", pid))
	if err != nil {
		return s, err
	}
	s.fds = len(fds)
	resp, err := c.Get(base + "/metrics")
	if err != nil {
		return s, err
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "go_goroutines "); ok {
			s.goroutines, _ = strconv.Atoi(v)
		}
		if v, ok := strings.CutPrefix(sc.Text(), "tabled_claimlog_records_total "); ok {
			s.seq, _ = strconv.Atoi(v)
		}
	}
	return s, sc.Err()
}

// checkFlat fails the soak if, after the warm-up (the first fifth of the
// samples), RSS, goroutines or open files grow: the last third's peak
// against the peak of the rest of the run after the warm-up.
func checkFlat(t *testing.T, samples []soakSample) {
	t.Helper()
	if len(samples) < 6 {
		t.Errorf("only %d samples: too short a soak to judge", len(samples))
		return
	}
	after := samples[len(samples)/5:]
	mid, tail := after[:len(after)*2/3], after[len(after)*2/3:]
	peak := func(ss []soakSample) (rss int64, g, fds int) {
		for _, s := range ss {
			rss, g, fds = max(rss, s.rss), max(g, s.goroutines), max(fds, s.fds)
		}
		return
	}
	mr, mg, mf := peak(mid)
	tr, tg, tf := peak(tail)
	// Slack: the Go heap breathes with the collector; a tablet may be
	// between reconnects.
	if float64(tr) > 1.2*float64(mr)+8e6 {
		t.Errorf("RSS grows after the warm-up: peak %.1f MB, then %.1f MB", float64(mr)/1e6, float64(tr)/1e6)
	}
	if tg > mg+20 {
		t.Errorf("goroutines grow after the warm-up: peak %d, then %d", mg, tg)
	}
	if tf > mf+10 {
		t.Errorf("open files grow after the warm-up: peak %d, then %d", mf, tf)
	}
}

func jsonEqual(a, b []byte) bool {
	var ca, cb bytes.Buffer
	return json.Compact(&ca, a) == nil && json.Compact(&cb, b) == nil && bytes.Equal(ca.Bytes(), cb.Bytes())
}

func sleepCtx(ctx context.Context, d time.Duration) {
	select {
	case <-ctx.Done():
	case <-time.After(d):
	}
}

// startBroker starts mosquitto on a free loopback port, stopped at the
// end of the test, and returns its URL.
func startBroker(t *testing.T, dir string) string {
	t.Helper()
	path := "/usr/sbin/mosquitto"
	if _, err := os.Stat(path); err != nil {
		t.Skip("mosquitto is not installed: apt-get install mosquitto")
	}
	os.MkdirAll(dir, 0o755)
	addr := freeAddr(t)
	_, port, _ := net.SplitHostPort(addr)
	conf := filepath.Join(dir, "mosquitto.conf")
	os.WriteFile(conf, []byte(fmt.Sprintf("listener %s 127.0.0.1\nallow_anonymous true\nmax_queued_messages 1000000\n", port)), 0o644)
	cmd := exec.Command(path, "-c", conf)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Signal(os.Interrupt)
		cmd.Wait()
	})
	waitUntil(t, "mosquitto to listen", func() bool {
		c, err := net.Dial("tcp", addr)
		if err == nil {
			c.Close()
		}
		return err == nil
	})
	return "mqtt://" + addr
}
