package nfc

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/synctest"
)

// TestEnrolGoesOnWhereItStopped: an enrolment stopped half-way keeps what
// it saved, a second one goes on from there (a tag already enrolled is
// refused and the tile asked again), and a registry out of order is
// refused with the way out.
func TestEnrolGoesOnWhereItStopped(t *testing.T) {
	order := EnrolmentOrder(false)[:4]
	path := filepath.Join(t.TempDir(), "tiles.json")
	var out bytes.Buffer
	reg, err := Enrolled(path, order, false, &out)
	if err != nil || reg.Len() != 0 {
		t.Fatalf("a first enrolment: %d tiles, %v", reg.Len(), err)
	}
	// In a bubble: once both tags are taken, Enrol is durably blocked
	// asking for the third tile, where Ctrl-C stops it.
	synctest.Test(t, func(t *testing.T) {
		uids := make(chan []byte)
		ctx, cancel := context.WithCancel(t.Context())
		done := make(chan error)
		go func() { done <- Enrol(ctx, reg, order, path, uids, &out) }()
		uids <- []byte{1, 1, 1, 1}
		uids <- []byte{2, 2, 2, 2}
		synctest.Wait()
		cancel()
		if err := <-done; !errors.Is(err, context.Canceled) {
			t.Fatalf("stopped: %v", err)
		}
	})
	if !strings.Contains(out.String(), "[  3/4]") || !strings.Contains(out.String(), "stopped: 2 of 4 tiles enrolled") {
		t.Fatalf("stopped:\n%s", out.String())
	}
	out.Reset()
	reg, err = Enrolled(path, order, false, &out)
	if err != nil || reg.Len() != 2 || !strings.Contains(out.String(), "going on with") {
		t.Fatalf("going on: %d tiles, %v\n%s", reg.Len(), err, out.String())
	}
	uids := make(chan []byte, 8)
	for _, uid := range [][]byte{{2, 2, 2, 2}, {3, 3, 3, 3}, {4, 4, 4, 4}} {
		uids <- uid
	}
	if err := Enrol(context.Background(), reg, order, path, uids, &out); err != nil || reg.Len() != 4 {
		t.Fatalf("the rest: %d tiles, %v\n%s", reg.Len(), err, out.String())
	}
	if !strings.Contains(out.String(), "put that one aside and scan a "+order[2].String()) {
		t.Errorf("a tag enrolled already was not refused:\n%s", out.String())
	}
	if _, err := Enrolled(path, EnrolmentOrder(true)[4:], false, &out); err == nil || !strings.Contains(err.Error(), "--restart") {
		t.Errorf("a registry out of order: %v, want the way out", err)
	}
	if reg, err := Enrolled(path, order, true, &out); err != nil || reg.Len() != 0 {
		t.Errorf("--restart: %d tiles, %v", reg.Len(), err)
	}
	if _, err := os.Stat(path); err != nil {
		t.Error(err)
	}
}
