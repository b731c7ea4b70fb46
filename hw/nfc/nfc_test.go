package nfc

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/tabled/tabled/engine"
)

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"04A1B2C3 1m\n04a1b2c3 2m\n", "line 2: tag 04A1B2C3 is already enrolled as 1m"},
		{"04A1B2C3 1m extra\n", "line 1: want a UID and a tile"},
		{"\n# comment\n04ZZ 1m\n", "line 3: UID \"04ZZ\" is not hex"},
		{"04A1B2C3 1x\n", "line 1: \"1x\" is not a tile"},
		{"04A1B2 1m\n", "line 1: UID 04A1B2 has 3 bytes"},
		{"01010101 3s\n02020202 3s\n03030303 3s\n04040404 3s\n05050505 3s\n", "line 5: a fifth 3s"},
		{"01010101 0p\n02020202 5p\n03030303 5p\n04040404 5p\n05050505 5p\n", "line 5: a fifth 5p"},
	} {
		_, err := Parse(strings.NewReader(tc.text))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Parse(%q) = %v, want %q", tc.text, err, tc.want)
		}
	}
}

func TestEnrolmentOrderIsAFullSet(t *testing.T) {
	for _, red := range []bool{false, true} {
		order := EnrolmentOrder(red)
		if len(order) != engine.WallTiles {
			t.Fatalf("red fives %v: %d tiles, want %d", red, len(order), engine.WallTiles)
		}
		var r Registry
		reds := 0
		for i, tile := range order {
			if err := r.Add([]byte{1, 2, 3, byte(i)}, tile); err != nil {
				t.Fatalf("tile %d (%s): %v", i, tile, err)
			}
			if tile.Red() {
				reds++
			}
		}
		if (red && reds != 3) || (!red && reds != 0) {
			t.Fatalf("red fives %v: %d red tiles", red, reds)
		}
	}
}

func TestSaveAndLoad(t *testing.T) {
	var r Registry
	for i, tile := range EnrolmentOrder(true) {
		if err := r.Add([]byte{4, byte(i), 0xb2, 0xc3, 0xd4, 0xe5, byte(i * 7)}, tile); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(t.TempDir(), "tiles.txt")
	if err := r.Save(path); err != nil {
		t.Fatal(err)
	}
	back, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(back.Marshal(), r.Marshal()) {
		t.Fatal("the registry did not survive a save and load")
	}
	if tile, ok := back.Tile([]byte{4, 52, 0xb2, 0xc3, 0xd4, 0xe5, 52 * 7 % 256}); !ok || tile != engine.MustTile("0p") {
		t.Fatalf("tag 52 is %v (%v), want the red 5p", tile, ok)
	}
	if _, err := Load(filepath.Join(t.TempDir(), "absent")); err == nil || !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("loading an absent file: %v", err)
	}
}

// TestLoadRefusesAHugeRegistry: a 100 MB file (sparse) is refused by name
// and cap, not read whole.
func TestLoadRefusesAHugeRegistry(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tiles.txt")
	if err := os.WriteFile(path, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(path, 100<<20); err != nil {
		t.Fatal(err)
	}
	_, err := Load(path)
	if err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "larger than 1048576 bytes") {
		t.Fatalf("Load = %v, want an error naming the file and the cap", err)
	}
}

func TestTracker(t *testing.T) {
	a, b := []byte{1, 2, 3, 4}, []byte{5, 6, 7, 8}
	ms := time.Millisecond
	for _, tc := range []struct {
		name  string
		polls [][]byte
		want  []Read
	}{
		{"placed and left", [][]byte{nil, a, a, a}, []Read{{UID: a, At: 1 * ms}}},
		{"a missed poll is not a removal", [][]byte{a, nil, a, nil, nil, a}, []Read{{UID: a}}},
		{"removed after three misses", [][]byte{a, nil, nil, nil, nil}, []Read{{UID: a}, {UID: a, Gone: true, At: 3 * ms}}},
		{"swapped without a gap", [][]byte{a, b}, []Read{{UID: a}, {UID: b, At: ms}}},
		{"placed again after removal", [][]byte{a, nil, nil, nil, a}, []Read{{UID: a}, {UID: a, Gone: true, At: 3 * ms}, {UID: a, At: 4 * ms}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var tr Tracker
			var got []Read
			for i, uid := range tc.polls {
				if r, ok := tr.Saw(uid, time.Duration(i)*ms, 0); ok {
					got = append(got, r)
				}
			}
			if len(got) != len(tc.want) {
				t.Fatalf("got %v, want %v", got, tc.want)
			}
			for i := range got {
				if !bytes.Equal(got[i].UID, tc.want[i].UID) || got[i].Gone != tc.want[i].Gone || got[i].At != tc.want[i].At {
					t.Fatalf("got %v, want %v", got, tc.want)
				}
			}
		})
	}
}

// flakyReader behaves like an MFRC522 with a tile moved over it: a timeout
// while nothing is in the field, the UID while a tile is, and now and then
// a garbled exchange. Once its polls are played it closes played and waits
// out every poll's timeout, as an empty reader does.
type flakyReader struct {
	mu     sync.Mutex
	polls  [][]byte // nil: timeout; empty: a bus fault
	i      int
	played chan struct{}
}

func (f *flakyReader) ReadUID(timeout time.Duration) ([]byte, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.i >= len(f.polls) {
		if f.i == len(f.polls) {
			f.i++
			close(f.played) // Poll has taken in every poll before asking again
		}
		time.Sleep(timeout) // fake time, in the test's bubble
		return nil, errors.New("mfrc522 lowlevel: timeout waiting for IRQ edge: 100ms")
	}
	p := f.polls[f.i]
	f.i++
	switch {
	case p == nil:
		return nil, errors.New("mfrc522 lowlevel: timeout waiting for IRQ edge: 100ms")
	case len(p) == 0:
		return nil, errors.New("mfrc522 lowlevel: CRC error")
	}
	return p, nil
}

func TestPollReportsArrivalsAndFaultsOnce(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		uid := []byte{4, 0xa1, 0xb2, 0xc3, 0xd4, 0xe5, 0xf6}
		r := &flakyReader{polls: [][]byte{nil, nil, uid, uid, {}, uid, nil, nil, nil, {}, {}, {}}, played: make(chan struct{})}
		var mu sync.Mutex
		var got []Read
		var logs []string
		ctx, cancel := context.WithCancel(t.Context())
		done := make(chan error)
		n := 0
		go func() {
			done <- Poll(ctx, r, 1, func() time.Duration { n++; return time.Duration(n) }, func(rd Read) { mu.Lock(); got = append(got, rd); mu.Unlock() },
				func(f string, a ...any) { mu.Lock(); logs = append(logs, f); mu.Unlock() })
		}()
		<-r.played
		cancel()
		<-done
		mu.Lock()
		defer mu.Unlock()
		if len(got) != 2 || got[0].Gone || !bytes.Equal(got[0].UID, uid) || !got[1].Gone || got[1].Reader != 1 {
			t.Fatalf("reads %+v, want the tile placed once and removed once", got)
		}
		if len(logs) != 2 { // one fault alone, then a run of three reported once
			t.Fatalf("logged %d times, want 2: %v", len(logs), logs)
		}
	})
}

// FuzzRegistry: any registry text parses or fails with a line number, and
// what parses survives Marshal and Parse unchanged.
func FuzzRegistry(f *testing.F) {
	f.Add([]byte("04A1B2C3D4E5F6 5p\n# c\n01020304 0m\n"))
	f.Add([]byte("01010101 3s\n01010101 3s\n"))
	f.Add([]byte("zz\n\n\t 1m 2m"))
	f.Fuzz(func(t *testing.T, b []byte) {
		r, err := Parse(bytes.NewReader(b))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "line ") {
				t.Fatalf("error without a line: %v", err)
			}
			return
		}
		back, err := Parse(bytes.NewReader(r.Marshal()))
		if err != nil {
			t.Fatalf("re-parse: %v", err)
		}
		if !bytes.Equal(back.Marshal(), r.Marshal()) {
			t.Fatal("marshal is not stable")
		}
	})
}
