package claimlog

import (
	"context"
	"errors"
	"time"
)

// Filter selects records; zero fields select everything.
type Filter struct {
	FromSeq uint64
	Hand    int
	// Seat selects what concerns the seat (a wind letter): see
	// Record.Concerns; a decision the seat lost is among them.
	Seat             string
	Kind             string
	Type             string
	Source           string
	Since, Until     time.Time // wall time
	MonoFrom, MonoTo int64     // table time, ns; MonoTo 0 means no bound
	// HandFrom..HandTo is the time within the record's hand (HandClock);
	// HandTo 0 means no bound.
	HandFrom, HandTo time.Duration
}

// Match reports whether r passes the filter. The time within the hand
// needs the records before r, so Match leaves HandFrom and HandTo to Read,
// Scan, Follow and Index.Page, which apply them.
func (f Filter) Match(r Record) bool {
	return f.matchHead(r) && (f.Seat == "" || r.Concerns(f.Seat))
}

// matchHead checks every field but Seat and the time within the hand.
func (f Filter) matchHead(r Record) bool {
	switch {
	case r.Seq < f.FromSeq,
		f.Hand != 0 && r.Hand != f.Hand,
		f.Kind != "" && r.Kind != f.Kind,
		f.Type != "" && r.Type != f.Type,
		f.Source != "" && r.Source != f.Source,
		!f.Since.IsZero() && r.Wall.Before(f.Since),
		!f.Until.IsZero() && r.Wall.After(f.Until),
		r.Mono < f.MonoFrom,
		f.MonoTo != 0 && r.Mono > f.MonoTo:
		return false
	}
	return true
}

// matchInHand checks the time within the hand. A filter that does not
// look at it takes every record, also one stamped before its hand's deal
// (a press on the last hand's discard that arrived after the new hand
// began): such a record was dropped from every read, resumes and replays
// included.
func (f Filter) matchInHand(d time.Duration) bool {
	return !f.inHand() || d >= f.HandFrom && (f.HandTo == 0 || d <= f.HandTo)
}

// MatchInHand reports whether d, a record's time in its hand (HandClock),
// is within the filter's HandFrom..HandTo.
func (f Filter) MatchInHand(d time.Duration) bool { return f.matchInHand(d) }

// inHand reports whether the filter looks at the time within the hand.
func (f Filter) inHand() bool { return f.HandFrom != 0 || f.HandTo != 0 }

// HandClock tells the time within its hand of each record of a log read in
// order: a hand starts at its deal outcome, and the first hand of a
// session at the session's start (table time 0). A resumed table goes on
// with its session's clock and hands.
type HandClock struct{ start map[int]int64 }

// Since is the time from the start of r's hand to r. Call it for every
// record, in order, whatever is shown.
func (c *HandClock) Since(r Record) time.Duration {
	return c.see(r.Kind, r.Type, r.Hand, r.Mono)
}

func (c *HandClock) see(kind, typ string, hand int, mono int64) time.Duration {
	switch {
	case kind == KindNote && typ == TypeSession:
		c.start = nil
	case kind == KindOutcome && typ == "deal":
		if c.start == nil {
			c.start = map[int]int64{}
		}
		c.start[hand] = mono
	}
	return time.Duration(mono - c.start[hand])
}

// ErrStop, returned by a Read callback, ends the read without an error.
var ErrStop = errors.New("claimlog: stop")

// Read calls fn for every record of the log in dir that passes the filter,
// in sequence order. It goes on past damage (a line that does not parse or
// fails its checksum, a file that ends mid-line, missing or repeated
// sequence numbers) and delivers every whole record; Scan says where the
// damage is. The newest file's unfinished last batch (a write in progress)
// is left for later.
func Read(dir string, f Filter, fn func(Record) error) error {
	return Scan(dir, f, fn, nil)
}

// Scan is Read that also reports every damage, with file and line, to
// onDamage (nil ignores it), in the order met. A gap is reported when the
// record after it is read, so it carries the range of missing numbers.
func Scan(dir string, f Filter, fn func(Record) error, onDamage func(Damage)) error {
	return (&scanner{f: f, fn: fn, onDamage: onDamage}).all(dir)
}

// all reads every file of the log in dir through s.
func (s *scanner) all(dir string) error {
	files, err := listFiles(dir)
	if err != nil {
		return err
	}
	f := s.f
	for i, lf := range files {
		// Files before the one that holds FromSeq need no reading (unless
		// the hand clock needs the deals in them).
		if f.FromSeq > 0 && !f.inHand() && i+1 < len(files) && files[i+1].first != 0 && files[i+1].first <= f.FromSeq {
			continue
		}
		fs := &fileState{logFile: lf}
		if err := s.read(fs, i+1 < len(files)); err != nil {
			if errors.Is(err, ErrStop) {
				return nil
			}
			return err
		}
	}
	s.finish()
	return nil
}

// Follow calls fn for every record passing the filter, then for every
// record appended later, across new files, until ctx is done or fn fails.
// It polls, so it follows a log written by another process.
func Follow(ctx context.Context, dir string, f Filter, poll time.Duration, fn func(Record) error) error {
	return FollowScan(ctx, dir, f, poll, fn, nil)
}

// FollowScan is Follow that reports damage as Scan does.
func FollowScan(ctx context.Context, dir string, f Filter, poll time.Duration, fn func(Record) error, onDamage func(Damage)) error {
	if poll <= 0 {
		poll = 100 * time.Millisecond
	}
	s := &scanner{f: f, fn: fn, onDamage: onDamage}
	state := map[string]*fileState{}
	for {
		files, err := listFiles(dir)
		if err != nil {
			return err
		}
		for i, lf := range files {
			fs := state[lf.path]
			if fs == nil {
				fs = &fileState{logFile: lf}
				state[lf.path] = fs
			}
			if fs.done {
				continue
			}
			if err := s.read(fs, i+1 < len(files)); err != nil {
				if errors.Is(err, ErrStop) {
					return nil
				}
				return err
			}
		}
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(poll):
		}
	}
}
