package web

import (
	"bytes"
	"encoding/json"
	"sort"
	"sync"
	"time"

	"github.com/tabled/tabled/alert"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/outcome"
	"github.com/tabled/tabled/table"
)

// A hub is the server's one subscription to the table, shared by every
// event stream: each update is encoded once, paged into bounded events and
// kept in a ring. A stream is a cursor into the ring and a wait on a
// channel, so it costs a few hundred bytes besides its connection, and a
// reconnecting tablet catches up from the ring by Last-Event-ID.
type hub struct {
	t *table.Table
	// view is the page's view of a state, with the alerts showing.
	view func(st engine.State, seq uint64, alerts []alert.Alert) StateView
	// words are the entries' words, in the view's language.
	words outcome.Words

	// alerts are the table's, showing until the next deal: one book
	// for every language's hub (a hub made later sees those before it).
	alerts *alertBook

	mu     sync.RWMutex
	ring   []event // events first..next-1, at index number % len(ring)
	first  uint64  // number of the oldest event held
	next   uint64  // number of the next event
	bytes  int     // bytes of the events held
	base   uint64  // sequence number the ring starts after
	notify chan struct{}
	done   bool // the table stopped
}

// event is one message of the stream: the entries after seq after, up to
// and including seq id, and (on a page that ends an update) the state.
type event struct {
	after, id uint64
	data      []byte
}

// Bounds of the hub: events held, their total bytes, and one event's
// entries and bytes (a long catch-up is sent as many small events, never
// as one huge one).
const (
	hubEvents    = 1024
	hubBytes     = 4 << 20
	pageEntries  = 64
	pageMaxBytes = 32 << 10
)

func newHub(t *table.Table, view func(engine.State, uint64, []alert.Alert) StateView, words outcome.Words, alerts *alertBook) *hub {
	h := &hub{t: t, view: view, words: words, alerts: alerts, ring: make([]event, hubEvents), notify: make(chan struct{})}
	sub := t.Subscribe()
	h.base = sub.From
	go h.run(sub)
	return h
}

// run follows the table until it stops. If the hub itself falls behind, it
// subscribes again for what it missed; if the table no longer has that, it
// tells every stream to start again from the state.
func (h *hub) run(sub *table.Subscription) {
	last := sub.From
	for {
		u, ok := <-sub.C()
		if ok && len(u.Entries) == 0 {
			// The state moved with nothing new to journal (an input
			// decided once the watermarks passed it): the state alone.
			b, _ := json.Marshal(map[string]any{"entries": []entryJSON{}, "state": h.view(u.State, last, h.current())})
			h.push(event{after: last, id: last, data: b})
			continue
		}
		if ok {
			last = u.Entries[len(u.Entries)-1].Seq
			h.add(u.Entries, u.State, last)
			continue
		}
		if !sub.Dropped() {
			h.stop()
			return
		}
		var missed []table.Entry
		sub, missed, ok = h.t.SubscribeAfter(last)
		switch {
		case !ok:
			h.resync(h.t.Seq(), h.t.State())
		case len(missed) > 0:
			last = missed[len(missed)-1].Seq
			h.add(missed, h.t.State(), last)
		}
	}
}

// current is the alerts showing.
func (h *hub) current() []alert.Alert { return h.alerts.current() }

// An alertBook is the alerts showing, kept from the table's entries by
// whichever hub reads them first: each entry counts once.
type alertBook struct {
	mu   sync.Mutex
	list alert.List
	upto uint64 // the last entry counted
}

// entries counts the entries not counted yet and returns the alerts
// showing.
func (b *alertBook) entries(es []table.Entry, now time.Time) []alert.Alert {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, e := range es {
		if e.Seq > b.upto {
			b.list.Entry(e, now)
			b.upto = e.Seq
		}
	}
	return b.list.Current()
}

func (b *alertBook) current() []alert.Alert {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.list.Current()
}

// state is the page's view of the table now.
func (h *hub) state() StateView {
	seq := h.t.Seq()
	return h.view(h.t.State(), seq, h.current())
}

// add pages entries into events; the last page, numbered seq, carries the
// state.
func (h *hub) add(es []table.Entry, st engine.State, seq uint64) {
	alerts := h.alerts.entries(es, time.Now())
	var evs []event
	var buf bytes.Buffer
	after, n := es[0].Seq-1, 0
	flush := func(id uint64, withState bool) {
		buf.WriteString("]")
		if withState {
			s, _ := json.Marshal(h.view(st, id, alerts))
			buf.WriteString(`,"state":`)
			buf.Write(s)
		}
		buf.WriteString("}")
		evs = append(evs, event{after: after, id: id, data: bytes.Clone(buf.Bytes())})
		buf.Reset()
		after, n = id, 0
	}
	for i, e := range es {
		b, err := encodeEntry(h.words, e)
		if err != nil {
			b, _ = json.Marshal(entryJSON{Seq: e.Seq, Text: "(unencodable: " + err.Error() + ")"})
		}
		if n > 0 && (n == pageEntries || buf.Len()+len(b) > pageMaxBytes) {
			flush(es[i-1].Seq, false)
		}
		if n == 0 {
			buf.WriteString(`{"entries":[`)
		} else {
			buf.WriteByte(',')
		}
		buf.Write(b)
		n++
	}
	flush(seq, true)
	h.push(evs...)
}

// resync is an event that sends every stream back to the state: the hub
// lost entries the table no longer has.
func (h *hub) resync(seq uint64, st engine.State) {
	b, _ := json.Marshal(map[string]any{"state": h.view(st, seq, h.current()), "resync": true})
	h.push(event{after: seq, id: seq, data: b})
}

func (h *hub) push(evs ...event) {
	h.mu.Lock()
	for _, ev := range evs {
		if h.next-h.first == uint64(len(h.ring)) {
			h.drop()
		}
		h.ring[h.next%uint64(len(h.ring))] = ev
		h.next++
		h.bytes += len(ev.data)
		for h.bytes > hubBytes && h.next-h.first > 1 {
			h.drop()
		}
	}
	close(h.notify)
	h.notify = make(chan struct{})
	h.mu.Unlock()
}

// drop forgets the oldest event; h.mu is held.
func (h *hub) drop() {
	i := h.first % uint64(len(h.ring))
	h.bytes -= len(h.ring[i].data)
	h.base = h.ring[i].id
	h.ring[i] = event{}
	h.first++
}

func (h *hub) stop() {
	h.mu.Lock()
	h.done = true
	close(h.notify)
	h.notify = make(chan struct{})
	h.mu.Unlock()
}

// resume is the cursor for a stream that last saw seq: the number of the
// first event with entries after it, and whether the ring reaches back
// that far.
func (h *hub) resume(seq uint64) (uint64, bool) {
	h.mu.RLock()
	defer h.mu.RUnlock()
	if seq < h.base {
		return h.next, false
	}
	n := int(h.next - h.first)
	i := sort.Search(n, func(i int) bool { return h.ring[(h.first+uint64(i))%uint64(len(h.ring))].id > seq })
	return h.first + uint64(i), true
}

// cursor is the number of the next event.
func (h *hub) cursor() uint64 {
	h.mu.RLock()
	defer h.mu.RUnlock()
	return h.next
}

// read appends the events from number n on (at most max) to dst. lost is
// true when the ring has moved past n: the stream fell too far behind.
// When there is nothing to read, wait is closed on the next event and done
// tells whether the table has stopped.
func (h *hub) read(dst []event, n uint64, max int) (evs []event, next uint64, wait <-chan struct{}, lost, done bool) {
	h.mu.RLock()
	defer h.mu.RUnlock()
	if n < h.first {
		return dst, n, nil, true, false
	}
	for ; n < h.next && len(dst) < max; n++ {
		dst = append(dst, h.ring[n%uint64(len(h.ring))])
	}
	return dst, n, h.notify, false, h.done
}
