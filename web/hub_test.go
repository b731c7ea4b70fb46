package web

import (
	"context"
	"encoding/json"
	"net"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tabled/tabled/alert"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/outcome"
	"github.com/tabled/tabled/table"
)

// TestCatchUpIsPaged: a long run of entries becomes many bounded events,
// each naming the range it covers, only the last with the state; a
// resume finds the event after any sequence number it holds.
func TestCatchUpIsPaged(t *testing.T) {
	h := &hub{ring: make([]event, hubEvents), notify: make(chan struct{}), base: 0, words: outcome.In(nil), alerts: &alertBook{},
		view: func(st engine.State, seq uint64, a []alert.Alert) StateView {
			return stateView(st, seq, engine.EMA2016, a)
		}}
	var es []table.Entry
	for i := uint64(1); i <= 1000; i++ {
		es = append(es, table.Entry{Seq: i, Note: strings.Repeat("n", 100+int(i%7)*200)})
	}
	h.add(es, engine.State{}, 1000)
	evs, _, _, _, _ := h.read(nil, 0, hubEvents)
	if len(evs) < 1000/pageEntries {
		t.Fatalf("%d events for 1,000 entries", len(evs))
	}
	want := uint64(1)
	for i, ev := range evs {
		var u struct {
			Entries []struct{ Seq uint64 } `json:"entries"`
			State   *StateView             `json:"state"`
		}
		if err := json.Unmarshal(ev.data, &u); err != nil {
			t.Fatal(err)
		}
		if len(u.Entries) == 0 || len(u.Entries) > pageEntries || len(ev.data) > pageMaxBytes+4096 {
			t.Fatalf("event %d: %d entries, %d bytes", i, len(u.Entries), len(ev.data))
		}
		if ev.after != want-1 || u.Entries[0].Seq != want || ev.id != u.Entries[len(u.Entries)-1].Seq {
			t.Fatalf("event %d covers (%d, %d] with entries from %d, want from %d", i, ev.after, ev.id, u.Entries[0].Seq, want)
		}
		if (u.State != nil) != (i == len(evs)-1) {
			t.Fatalf("event %d: state %v", i, u.State != nil)
		}
		want = ev.id + 1
	}
	for _, seq := range []uint64{0, 1, 63, 64, 500, 999} {
		n, ok := h.resume(seq)
		if !ok || evs[n].after > seq || evs[n].id <= seq {
			t.Fatalf("resume(%d) = event %d covering (%d, %d]", seq, n, evs[n].after, evs[n].id)
		}
	}
	if n, ok := h.resume(1000); !ok || n != uint64(len(evs)) {
		t.Fatalf("resume at the end = %d %v", n, ok)
	}
}

// smallBuffers shrinks the server's send buffer, so a client that stops
// reading blocks the server's writes after a few kilobytes.
type smallBuffers struct{ net.Listener }

func (l smallBuffers) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if tc, ok := c.(*net.TCPConn); ok {
		tc.SetWriteBuffer(4096)
	}
	return c, err
}

// TestSlowStreamDroppedAndResumes: a client that stops reading is dropped
// at a write deadline, and reconnecting with the last id it got it
// receives every entry after it, in order, none twice.
func TestSlowStreamDroppedAndResumes(t *testing.T) {
	s := serveTable(t, Limits{StreamWrite: 200 * time.Millisecond}, time.Hour, func(ln net.Listener) net.Listener { return smallBuffers{ln} })
	dial := func() (net.Conn, error) {
		d := net.Dialer{Control: func(_, _ string, rc syscall.RawConn) error {
			return rc.Control(func(fd uintptr) { syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 4096) })
		}}
		return d.Dial("tcp", s.addr)
	}
	c, br := rawStream(t, s.addr, "", dial)
	defer c.Close()
	lastID := ""
	for lastID == "" {
		l, err := br.ReadString('\n')
		if err != nil {
			t.Fatal(err)
		}
		if id, ok := strings.CutPrefix(strings.TrimSpace(l), "id: "); ok {
			lastID = id
		}
	}
	// Stop reading; the table goes on.
	for i := range 400 {
		s.tb.Submit(context.Background(), engine.Event{At: s.tb.Now(), Seat: engine.Seat(i % 4), Action: engine.Discard, Dealer: engine.NoSeat})
		if i%100 == 99 {
			want := s.tb.Seq() + 1
			eventually(t, "the table takes the discards", func() bool { return s.tb.Seq() >= want })
		}
	}
	eventually(t, "the slow stream dropped", func() bool { return s.srv.streams.Load() == 0 })
	end := s.tb.Seq()

	// The resumed stream is held to the same write deadline: on a loaded
	// machine this test may read it too slowly and be dropped again. It
	// then does what a tablet does, resumes from the last event it read,
	// and must still get every entry once, in order.
	c2, br2 := rawStream(t, s.addr, lastID, nil)
	defer func() { c2.Close() }()
	next, _ := strconv.ParseUint(lastID, 10, 64)
	next++
	id, resumes := lastID, 0
	for next <= end {
		l, err := br2.ReadString('\n')
		if err != nil {
			if resumes++; resumes > 20 {
				t.Fatalf("resumed stream ended at %d of %d, %d times: %v", next, end, resumes, err)
			}
			c2.Close()
			c2, br2 = rawStream(t, s.addr, lastID, nil)
			continue
		}
		if v, ok := strings.CutPrefix(strings.TrimSpace(l), "id: "); ok {
			id = v
			continue
		}
		data, ok := strings.CutPrefix(strings.TrimSpace(l), "data: ")
		if !ok {
			continue
		}
		lastID = id // this event's entries are in hand once its data is read
		var u struct {
			Entries []struct{ Seq uint64 } `json:"entries"`
			Resync  bool                   `json:"resync"`
		}
		if err := json.Unmarshal([]byte(data), &u); err != nil || u.Resync {
			t.Fatalf("event %s: %v", data, err)
		}
		for _, e := range u.Entries {
			if e.Seq != next {
				t.Fatalf("resumed with entry %d, want %d", e.Seq, next)
			}
			next++
		}
	}
}

// TestResumeTooOldResyncs: an id older than the hub holds, or newer than
// the table has (a restarted table), sends the page back to the state.
func TestResumeTooOldResyncs(t *testing.T) {
	s := serveTable(t, Limits{}, time.Hour, nil)
	s.srv.hub.mu.Lock()
	s.srv.hub.base = 5 // as if the ring had moved past 5
	s.srv.hub.mu.Unlock()
	for _, id := range []string{"2", "99999", "x"} {
		c, br := rawStream(t, s.addr, id, nil)
		for {
			l, err := br.ReadString('\n')
			if err != nil {
				t.Fatal(err)
			}
			if data, ok := strings.CutPrefix(l, "data: "); ok {
				if !strings.Contains(data, `"resync":true`) {
					t.Fatalf("Last-Event-ID %s: %s", id, data)
				}
				break
			}
		}
		c.Close()
	}
}
