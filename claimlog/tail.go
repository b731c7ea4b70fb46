package claimlog

import (
	"errors"
	"fmt"
)

// typeMark is what the line of every note of type t holds, and no other
// line can (a string inside a body has its quotes escaped).
func typeMark(t string) []byte { return []byte(`,"type":"` + t + `",`) }

// Tail is the end of the log in dir that a restart needs: the records from
// the file before the newest one holding a note of type mark (the file
// before it too, for what came just before that note) to the last; with
// back > 0, the back newest files holding one are passed over first, to
// reach an older note. No file older is read, so it costs what those
// files hold, however long the log. A file holding a session note with no
// mark after it ends the search there (the records from that file on);
// with neither anywhere, every record. The caller finds its note in the
// records, and reads further back (or the whole session, LastSession)
// when they do not reach far enough.
func Tail(dir, mark string, back int) ([]Record, error) {
	files, err := listFiles(dir)
	if err != nil {
		return nil, err
	}
	from := uint64(0)
	for i := len(files) - 1; i >= 0; i-- {
		found, err := fileHolds(files[i].path, typeMark(mark))
		if err != nil {
			return nil, err
		}
		if found && back > 0 {
			back--
			found = false
		}
		if found {
			from = files[max(i-1, 0)].first
			break
		}
		if found, err = fileHolds(files[i].path, sessionMark); err != nil {
			return nil, err
		}
		if found {
			from = files[i].first
			break
		}
	}
	var recs recordChunks
	s := &scanner{f: Filter{FromSeq: from}, bodies: &bodySlab{}, fn: func(r Record) error {
		recs.add(r)
		return nil
	}}
	if err := s.all(dir); err != nil {
		return nil, err
	}
	return recs.take(), nil
}

// Get is the record numbered seq of the log in dir, reading the files
// from the one that holds it only as far as it.
func Get(dir string, seq uint64) (Record, error) {
	var got *Record
	s := &scanner{f: Filter{FromSeq: seq}, bodies: &bodySlab{}, fn: func(r Record) error {
		if r.Seq == seq {
			got = &r
		}
		return ErrStop
	}}
	if err := s.all(dir); err != nil && !errors.Is(err, ErrStop) {
		return Record{}, err
	}
	if got == nil {
		return Record{}, fmt.Errorf("claimlog: %s holds no record %d", dir, seq)
	}
	return *got, nil
}
