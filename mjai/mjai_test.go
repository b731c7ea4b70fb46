package mjai

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/journal"
	"github.com/tabled/tabled/outcome"
)

func TestPai(t *testing.T) {
	for in, want := range map[string]string{"1m": "1m", "0p": "5pr", "9s": "9s", "1z": "E", "4z": "N", "5z": "P", "6z": "F", "7z": "C"} {
		if got := Pai(engine.MustTile(in)); got != want {
			t.Errorf("Pai(%s) = %s, want %s", in, got, want)
		}
	}
	if Pai(engine.NoTile) != "?" {
		t.Error("an unseen tile is not ?")
	}
}

// TestHand: a hand with a dealer at physical seat 1 exports absolute seats.
func TestHand(t *testing.T) {
	var b bytes.Buffer
	m := NewWriter(&b)
	m.Input(journal.InputBody{Event: engine.Event{Seat: 1, Action: engine.Discard, Tile: engine.MustTile("7z")}, Dealer: 1})
	m.Outcome(outcome.Record{Type: "decision", Discard: &outcome.SeatTile{Seat: "E", Tile: "7z"}, Won: []outcome.SeatCall{{Seat: "W", Call: "pon"}}})
	m.Input(journal.InputBody{Event: engine.Event{Seat: 3, Action: engine.Riichi}, Dealer: 1})
	m.Input(journal.InputBody{Event: engine.Event{Seat: 3, Action: engine.Discard}, Dealer: 1})
	m.Outcome(outcome.Record{Type: "hand_end", Result: "draw"})
	m.Input(journal.InputBody{Event: engine.Event{Seat: engine.NoSeat, Action: engine.NewHand}, Dealer: 1})
	if err := m.Close(); err != nil {
		t.Fatal(err)
	}
	want := strings.Join([]string{
		`{"type":"start_game"}`,
		`{"dora_marker":"?","oya":1,"type":"start_kyoku"}`,
		`{"actor":1,"pai":"C","tsumogiri":false,"type":"dahai"}`,
		`{"actor":3,"consumed":["?","?"],"pai":"C","target":1,"type":"pon"}`,
		`{"actor":3,"type":"reach"}`,
		`{"actor":3,"pai":"?","tsumogiri":false,"type":"dahai"}`,
		`{"type":"ryukyoku"}`,
		`{"type":"end_kyoku"}`,
		`{"type":"end_game"}`,
	}, "\n") + "\n"
	if b.String() != want {
		t.Fatalf("got:\n%s\nwant:\n%s", b.String(), want)
	}
}

// TestFromGoldenLog: the export of a claim log written by an earlier tabled
// is what that tabled exported (testdata/golden.mjai.jsonl).
func TestFromGoldenLog(t *testing.T) {
	want, err := os.ReadFile("testdata/golden.mjai.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := FromLog(&b, "../claimlog/testdata/golden", claimlog.Filter{}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b.Bytes(), want) {
		t.Fatalf("got:\n%s\nwant:\n%s", b.String(), want)
	}
}
