package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/eclipse/paho.golang/autopaho"
	"github.com/eclipse/paho.golang/paho"
	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/club"
)

// TestReplayStorm measures how long a new record takes from the claim log
// to the broker while the table is asked for its whole log 15 times a
// second (by 15 requester names), with 27,000 records in the log, and the
// CPU the test process (publisher and a subscriber) spent meanwhile. It
// is a measurement, not a check, and takes a minute:
//
//	TABLED_REPLAY_STORM=1 go test -run TestReplayStorm -v ./cmd/tabled/
func TestReplayStorm(t *testing.T) {
	if os.Getenv("TABLED_REPLAY_STORM") == "" {
		t.Skip("a minute-long measurement: TABLED_REPLAY_STORM=1 runs it")
	}
	const records, presses = 27000, 20
	dir := t.TempDir()
	logDir := filepath.Join(dir, "log")
	w, err := claimlog.Open(logDir, claimlog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	// Records about the size of a table's (~0.75 KB a line).
	body, _ := json.Marshal(map[string]string{"note": strings.Repeat("x", 560)})
	for i := 0; i < records; i += 100 {
		batch := make([]claimlog.Record, 100)
		for j := range batch {
			batch[j] = claimlog.Record{Mono: int64(i + j), Wall: time.Now(), Kind: claimlog.KindNote, Source: "table", Type: "test", Body: body}
		}
		if err := w.Append(batch); err != nil {
			t.Fatal(err)
		}
	}
	// The broker has taken all of it already: only the storm and the
	// presses are published.
	ack := filepath.Join(dir, "club.ack")
	os.WriteFile(ack, []byte(fmt.Sprint(w.LastSeq())), 0o644)
	brokerURL := startBroker(t, filepath.Join(dir, "mosquitto"))
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	defer func() { cancel(); wg.Wait() }()

	var mu sync.Mutex
	arrived := map[uint64]time.Time{}
	got := make(chan struct{}, 1)
	ready := make(chan struct{})
	u, _ := url.Parse(brokerURL)
	cm, err := autopaho.NewConnection(ctx, autopaho.ClientConfig{ServerUrls: []*url.URL{u}, KeepAlive: 10, CleanStartOnInitialConnection: true,
		OnConnectionUp: func(cm *autopaho.ConnectionManager, _ *paho.Connack) {
			if _, err := cm.Subscribe(ctx, &paho.Subscribe{Subscriptions: []paho.SubscribeOptions{{Topic: "tabled/storm/events", QoS: 1}}}); err == nil {
				close(ready)
			}
		},
		ClientConfig: paho.ClientConfig{ClientID: "storm-sub", OnPublishReceived: []func(paho.PublishReceived) (bool, error){
			func(pr paho.PublishReceived) (bool, error) {
				var m club.Message
				if json.Unmarshal(pr.Packet.Payload, &m) == nil && m.Seq > records {
					mu.Lock()
					if _, ok := arrived[m.Seq]; !ok {
						arrived[m.Seq] = time.Now()
					}
					mu.Unlock()
					select {
					case got <- struct{}{}:
					default:
					}
				}
				return true, nil
			}}}})
	if err != nil {
		t.Fatal(err)
	}
	<-ready
	fed := club.NewAppended()
	pub, err := club.NewPublisher(club.PublisherConfig{Broker: club.Broker{URL: brokerURL}, Table: "storm",
		Outbox: club.NewLogOutbox(logDir, w, fed), AckFile: ack})
	if err != nil {
		t.Fatal(err)
	}
	wg.Add(1)
	go func() { defer wg.Done(); pub.Run(ctx) }()
	for !pub.Connected() {
		time.Sleep(10 * time.Millisecond)
	}

	var before syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &before)
	start := time.Now()
	storm, stopStorm := context.WithCancel(ctx)
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick := time.NewTicker(time.Second / 15)
		defer tick.Stop()
		for i := 0; ; i++ {
			select {
			case <-storm.Done():
				return
			case <-tick.C:
			}
			cm.Publish(storm, &paho.Publish{Topic: "tabled/storm/replay", QoS: 1, Payload: fmt.Appendf(nil, `{"from":1,"by":"storm-%d"}`, i%15)})
		}
	}()
	var lat []time.Duration
	for i := range presses {
		time.Sleep(500 * time.Millisecond)
		if err := w.Append([]claimlog.Record{{Mono: int64(records + i), Wall: time.Now(), Kind: claimlog.KindInput, Source: "gpio", Seat: "E", Type: "pon"}}); err != nil {
			t.Fatal(err)
		}
		sent, seq := time.Now(), w.LastSeq()
		fed.Announce()
		bound := time.After(60 * time.Second)
		for {
			mu.Lock()
			at, ok := arrived[seq]
			mu.Unlock()
			if ok {
				lat = append(lat, at.Sub(sent))
				break
			}
			select {
			case <-got:
			case <-bound:
				t.Fatalf("press %d not published within 60 s", seq)
			}
		}
	}
	stopStorm()
	elapsed := time.Since(start)
	var after syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &after)
	cpu := time.Duration(after.Utime.Nano() + after.Stime.Nano() - before.Utime.Nano() - before.Stime.Nano())
	slices.Sort(lat)
	t.Logf("%d records, replay asks from 1 at 15/s: press-to-publish p50 %v, max %v over %d presses; test process CPU %v in %v",
		records, lat[len(lat)/2].Round(time.Millisecond), lat[len(lat)-1].Round(time.Millisecond), presses, cpu.Round(time.Millisecond), elapsed.Round(time.Millisecond))
}

// BenchmarkOutboxNewRecord is what reading one new record costs the club
// publisher's outbox with 27,000 records in the log (the append before
// each read is not timed).
//
//	go test -run '^$' -bench OutboxNewRecord -benchtime 200x ./cmd/tabled/
func BenchmarkOutboxNewRecord(b *testing.B) {
	dir := b.TempDir()
	w, err := claimlog.Open(dir, claimlog.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer w.Close()
	body, _ := json.Marshal(map[string]string{"note": strings.Repeat("x", 560)})
	for i := 0; i < 27000; i += 100 {
		batch := make([]claimlog.Record, 100)
		for j := range batch {
			batch[j] = claimlog.Record{Mono: int64(i + j), Wall: time.Now(), Kind: claimlog.KindNote, Source: "table", Type: "test", Body: body}
		}
		if err := w.Append(batch); err != nil {
			b.Fatal(err)
		}
	}
	o := club.NewLogOutbox(dir, w, nil)
	if _, err := o.Read(w.LastSeq(), 64); err != nil { // the first read indexes the log
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := range b.N {
		b.StopTimer()
		if err := w.Append([]claimlog.Record{{Mono: int64(27000 + i), Wall: time.Now(), Kind: claimlog.KindInput, Source: "gpio", Seat: "E", Type: "pon"}}); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		recs, err := o.Read(w.LastSeq(), 64)
		if err != nil || len(recs) != 1 {
			b.Fatalf("read %d records: %v", len(recs), err)
		}
	}
}
