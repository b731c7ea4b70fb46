package club

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
	"testing/synctest"
	"time"
)

// TestWatcherAsksAgainWhileBehind: a watcher that sees a gap asks the table
// to publish again, and asks again every two seconds for as long as it is
// behind, even when nothing more arrives (the first ask can be lost: after
// a broker restart the table may not have subscribed yet); once it has
// caught up it stops asking.
func TestWatcherAsksAgainWhileBehind(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		var mu sync.Mutex
		var asks []string
		var got []uint64
		w, err := NewWatcher(WatcherConfig{Broker: Broker{URL: "mqtt://broker.invalid:1883"}, ClientID: "console-test", FromStart: true, OnEvent: func(m Message) { got = append(got, m.Seq) }})
		if err != nil {
			t.Fatal(err)
		}
		w.publish = func(_ context.Context, table string, r Replay) {
			mu.Lock()
			defer mu.Unlock()
			asks = append(asks, fmt.Sprintf("%s from %d", table, r.From))
		}
		asked := func() []string {
			synctest.Wait()
			mu.Lock()
			defer mu.Unlock()
			return slices.Clone(asks)
		}
		event := func(seq uint64) {
			w.receive(ctx, topic("t1", "events"), fmt.Appendf(nil, `{"seq":%d,"body":{}}`, seq))
		}

		event(1)
		event(3) // 2 was lost
		if a := asked(); !slices.Equal(a, []string{"t1 from 2"}) {
			t.Fatalf("after the gap the watcher asked %q, want once from 2", a)
		}
		time.Sleep(replayEvery - time.Millisecond)
		if a := asked(); len(a) != 1 {
			t.Fatalf("asked %q before two seconds had passed", a)
		}
		// The ask was lost and the table is quiet: it is asked again.
		time.Sleep(time.Millisecond)
		if a := asked(); !slices.Equal(a, []string{"t1 from 2", "t1 from 2"}) {
			t.Fatalf("two seconds after a lost ask the watcher asked %q, want again from 2", a)
		}
		event(2) // the replay: 2, but 3 was dropped as out of order
		time.Sleep(replayEvery)
		if a := asked(); !slices.Equal(a, []string{"t1 from 2", "t1 from 2", "t1 from 3"}) {
			t.Fatalf("still behind 3, the watcher asked %q, want from 3", a)
		}
		event(3)
		time.Sleep(10 * replayEvery)
		if a := asked(); len(a) != 3 {
			t.Fatalf("caught up, the watcher still asked: %q", a)
		}
		if !slices.Equal(got, []uint64{1, 2, 3}) {
			t.Errorf("delivered %v, want 1 2 3 once each in order", got)
		}
		// A status saying the table has published more than was delivered
		// makes a watcher ask too.
		w.receive(ctx, topic("t1", "status"), []byte(`{"online":true,"seq":5}`))
		if a := asked(); !slices.Equal(a[3:], []string{"t1 from 4"}) {
			t.Fatalf("after a status ahead of it the watcher asked %q, want from 4", a[3:])
		}
		cancel()
		time.Sleep(10 * replayEvery)
		if a := asked(); len(a) != 4 {
			t.Fatalf("the watcher asked after its context ended: %q", a)
		}
	})
}
