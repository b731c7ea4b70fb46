// Package syslevel gives the lines a service writes their syslog
// priority, as the systemd journal reads it from a "<N>" at the start of
// each line (sd-daemon(3)), so that `journalctl -u tabled -p warning`
// shows what matters. Only under the journal: on a terminal the text
// stays plain.
package syslevel

import (
	"bytes"
	"io"
	"sync"

	"github.com/coreos/go-systemd/v22/journal"
)

// Level is a syslog priority.
type Level byte

// The levels the daemon writes at.
const (
	Err     Level = 3
	Warning Level = 4
	Info    Level = 6
	// Debug is for a developer, not for people at play: the journal keeps
	// it (`journalctl -p debug` shows it), a terminal gets none of it.
	Debug Level = 7
)

// writer prefixes every line written through it with its level.
type writer struct {
	mu     *sync.Mutex // shared by the levels of one stream, so lines never interleave
	w      io.Writer
	prefix []byte
	start  *bool // the stream is at the start of a line
}

// New is w with l's prefix on every line when journal is true (the
// stream is the journal's: UnderJournal), else w itself.
func New(w io.Writer, journal bool, l Level) io.Writer {
	if !journal {
		return w
	}
	start := true
	return &writer{mu: new(sync.Mutex), w: w, prefix: prefix(l), start: &start}
}

// At is the same stream as w at level l: for a writer New made with
// journal true, its stream with l's prefix, sharing its lock and its
// place in the line; else w itself, or nothing for Debug.
func At(w io.Writer, l Level) io.Writer {
	lw, ok := w.(*writer)
	switch {
	case ok:
		return &writer{mu: lw.mu, w: lw.w, prefix: prefix(l), start: lw.start}
	case l == Debug:
		return io.Discard
	}
	return w
}

func prefix(l Level) []byte { return []byte{'<', '0' + byte(l), '>'} }

// Write writes p with the level at the start of each line.
func (l *writer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	var b []byte
	for rest := p; len(rest) > 0; {
		if *l.start {
			b = append(b, l.prefix...)
		}
		i := bytes.IndexByte(rest, '\n')
		if i < 0 {
			b, rest, *l.start = append(b, rest...), nil, false
			break
		}
		b, rest, *l.start = append(b, rest[:i+1]...), rest[i+1:], true
	}
	if _, err := l.w.Write(b); err != nil {
		return 0, err
	}
	return len(p), nil
}

// UnderJournal reports whether stdout and stderr are connected to the
// journal: systemd sets JOURNAL_STREAM to the device and inode of the
// stream it gave the service, and a match means it is still that stream.
func UnderJournal() (stdout, stderr bool) {
	stdout, _ = journal.StdoutIsJournalStream()
	stderr, _ = journal.StderrIsJournalStream()
	return stdout, stderr
}
