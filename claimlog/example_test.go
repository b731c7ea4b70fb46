package claimlog_test

import (
	"encoding/json"
	"fmt"
	"os"
	"time"

	"github.com/tabled/tabled/claimlog"
)

// A log written, then read back: records are appended in batches (one
// fsync each) with the numbers their writer gave them, and readers select
// them with a Filter. A void marks the input it took out (Marks).
func Example() {
	dir, err := os.MkdirTemp("", "claimlog-example")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	wall := time.Date(2026, 5, 1, 19, 0, 0, 0, time.UTC)
	w, err := claimlog.Open(dir, claimlog.Options{Now: func() time.Time { return wall }, Reserve: -1})
	if err != nil {
		panic(err)
	}
	void, _ := json.Marshal(claimlog.VoidBody{Void: 3})
	for _, batch := range [][]claimlog.Record{
		{{Seq: 1, Kind: claimlog.KindNote, Type: claimlog.TypeSession, Source: "table", Body: json.RawMessage(`{"rules":"ema2016","table":"t1"}`)}},
		{{Seq: 2, Mono: int64(time.Second), Kind: claimlog.KindInput, Type: "discard", Source: "gpio", Hand: 1, Seat: "E", Body: json.RawMessage(`{"event":{"seat":0,"action":"discard","tile":"5p"},"dealer":0}`)},
			{Seq: 3, Mono: int64(1200 * time.Millisecond), Kind: claimlog.KindInput, Type: "pon", Source: "serial", Hand: 1, Seat: "N", Body: json.RawMessage(`{"event":{"seat":3,"action":"pon"},"dealer":0}`)}},
		{{Seq: 4, Mono: int64(5 * time.Second), Kind: claimlog.KindVoid, Type: "void", Source: "referee", Hand: 1, Body: void}},
	} {
		if err := w.Append(batch); err != nil {
			panic(err)
		}
	}
	if err := w.Close(); err != nil {
		panic(err)
	}
	marks, err := claimlog.ReadMarks(dir)
	if err != nil {
		panic(err)
	}
	err = claimlog.Read(dir, claimlog.Filter{Kind: claimlog.KindInput}, func(r claimlog.Record) error {
		fmt.Printf("#%d %s %s from %s at %v", r.Seq, r.Seat, r.Type, r.Source, time.Duration(r.Mono))
		if by := marks.Of(r).VoidedBy; by != 0 {
			fmt.Printf(", voided by #%d", by)
		}
		fmt.Println()
		return nil
	})
	if err != nil {
		panic(err)
	}
	// Output:
	// #2 E discard from gpio at 1s
	// #3 N pon from serial at 1.2s, voided by #4
}
