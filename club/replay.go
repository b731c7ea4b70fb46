package club

import (
	"sync"
	"time"
)

// A replay is served beside live publishing, never in its place: the
// publisher sends every new record first and a batch of the replay only
// when nothing new waits, at most replayRate records a second, so a table
// asked again and again for its whole log still publishes a press at once
// and spends a bounded share of its CPU on the asks.
const (
	// replayBatch is how many records of a replay go out between two
	// looks at the live log: the longest a new record waits behind one.
	replayBatch = 64
	// replayRate bounds the records a second a replay sends.
	replayRate = 2000
	// askGap is the least time between two asks of one requester that the
	// table takes (a watcher asks every replayEvery while behind).
	askGap = replayEvery / 2
	// maxRequesters bounds the requesters a table remembers; an ask from
	// another once that many asked within forgetAfter is refused.
	maxRequesters = 16
	forgetAfter   = time.Minute
)

// replayer is a publisher's replay: the records from..end-1 to publish
// again, merged from every ask taken, and the asks' rate limit.
type replayer struct {
	mu    sync.Mutex
	now   func() time.Time
	asked map[string]time.Time // requester -> when an ask was last taken
	// from..end-1 are the records of the replay still to send; from 0:
	// none. end is where live publishing was at the latest ask: what came
	// after went out once, after the ask.
	from, end uint64
	// want is the lowest first record of the asks taken since the loop
	// last looked; 0: none.
	want uint64
	// refused counts asks refused since the last report; reported when.
	refused  int
	reported time.Time
	// paced is when the next replay batch may go.
	paced time.Time
}

func newReplayer(now func() time.Time) *replayer {
	if now == nil {
		now = time.Now
	}
	return &replayer{now: now, asked: map[string]time.Time{}}
}

// ask takes a request to publish again from from, unless its requester
// asked less than askGap ago or is one too many; it reports whether it
// was taken.
func (r *replayer) ask(by string, from uint64) bool {
	by = by[:min(len(by), 64)] // a name, not a place to store megabytes
	r.mu.Lock()
	defer r.mu.Unlock()
	now := r.now()
	last, known := r.asked[by]
	if !known && len(r.asked) >= maxRequesters {
		for who, at := range r.asked {
			if now.Sub(at) > forgetAfter {
				delete(r.asked, who)
			}
		}
	}
	if known && now.Sub(last) < askGap || !known && len(r.asked) >= maxRequesters {
		r.refused++
		return false
	}
	r.asked[by] = now
	if r.want == 0 || from < r.want {
		r.want = from
	}
	return true
}

// refusals returns how many asks were refused since it last said, once
// every forgetAfter at most, for the log.
func (r *replayer) refusals() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.refused == 0 || r.now().Sub(r.reported) < forgetAfter {
		return 0
	}
	n := r.refused
	r.refused, r.reported = 0, r.now()
	return n
}

// take merges the asks taken into the replay; next is the first record
// not yet published live, where every replay ends.
func (r *replayer) take(next uint64) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.want != 0 {
		if r.from == 0 || r.want < r.from {
			r.from = r.want
		}
		r.end = next
	}
	r.want = 0
	if r.from >= r.end {
		r.from = 0
	}
}

// batch returns the first record, the count and the end (exclusive) of
// the replay's next batch (n 0 when none is due), and how long until one
// may go when the pace holds it back.
func (r *replayer) batch() (from uint64, n int, end uint64, wait time.Duration) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.from == 0 || r.from >= r.end {
		r.from = 0
		return 0, 0, 0, 0
	}
	if d := r.paced.Sub(r.now()); d > 0 {
		return 0, 0, 0, d
	}
	return r.from, int(min(uint64(replayBatch), r.end-r.from)), r.end, 0
}

// sent notes that a batch of n up to seq went (or, with n 0, that the log
// had nothing there) and sets the pace for the next.
func (r *replayer) sent(seq uint64, n int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.paced = r.now().Add(time.Duration(max(n, 1)) * time.Second / replayRate)
	if n == 0 || seq+1 >= r.end {
		r.from = 0
		return
	}
	r.from = seq + 1
}
