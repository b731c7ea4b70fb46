package main

import (
	"bytes"
	"io"
	"sync"

	"github.com/coreos/go-systemd/v22/journal"
)

// Syslog priorities, which the journal reads from a "<N>" at the start of
// each line a service writes (sd-daemon(3)), so that
// `journalctl -u tabled -p warning` shows what matters.
const (
	levelErr     = 3
	levelWarning = 4
	levelInfo    = 6
	levelDebug   = 7
)

// levelWriter prefixes every line written through it with its level. Only
// under systemd: the other writers' text stays plain for a terminal.
type levelWriter struct {
	mu     *sync.Mutex // shared by the levels of one stream, so lines never interleave
	w      io.Writer
	prefix []byte
	start  *bool // the stream is at the start of a line
}

// withLevel is w with level prefixes when journal is true, else w itself.
func withLevel(w io.Writer, journal bool, level int) io.Writer {
	if !journal {
		return w
	}
	start := true
	return &levelWriter{mu: new(sync.Mutex), w: w, prefix: []byte{'<', byte('0' + level), '>'}, start: &start}
}

// warnings is the warning level of a stream withLevel made, or w itself.
func warnings(w io.Writer) io.Writer {
	lw, ok := w.(*levelWriter)
	if !ok {
		return w
	}
	return &levelWriter{mu: lw.mu, w: lw.w, prefix: []byte{'<', '0' + levelWarning, '>'}, start: lw.start}
}

// debug is the debug level of a stream withLevel made (the journal keeps
// it, `journalctl -p debug` shows it), or nothing on a terminal: what is
// written there is for a developer, not for people at play.
func debug(w io.Writer) io.Writer {
	lw, ok := w.(*levelWriter)
	if !ok {
		return io.Discard
	}
	return &levelWriter{mu: lw.mu, w: lw.w, prefix: []byte{'<', '0' + levelDebug, '>'}, start: lw.start}
}

// Write writes p with the level at the start of each line.
func (l *levelWriter) Write(p []byte) (int, error) {
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

// underJournal reports whether stdout and stderr are connected to the
// journal: systemd sets JOURNAL_STREAM to the device and inode of the
// stream it gave the service, and a match means it is still that stream.
func underJournal() (stdout, stderr bool) {
	stdout, _ = journal.StdoutIsJournalStream()
	stderr, _ = journal.StderrIsJournalStream()
	return stdout, stderr
}
