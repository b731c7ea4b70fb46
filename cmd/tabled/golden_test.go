package main

import (
	"bytes"
	"os"
	"testing"
)

// TestReplayGoldenLog: a small claim log written by an earlier tabled (two
// sessions, one resumed after a restart; inputs, rejections, decisions, a
// late dora read and a late pon re-decided, a void, a controller note, a
// ron by two seats, a new hand) still replays, with the same report.
func TestReplayGoldenLog(t *testing.T) {
	want, err := os.ReadFile("../../claimlog/testdata/golden.replay.txt")
	if err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if code := run([]string{"replay", "--dir", "../../claimlog/testdata/golden"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s %s", code, out.String(), errb.String())
	}
	if !bytes.Equal(out.Bytes(), want) {
		t.Fatalf("replay of the golden log:\n%s\nwant:\n%s", out.String(), want)
	}
}
