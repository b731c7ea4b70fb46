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
	"github.com/tabled/tabled/scorer"
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

// TestScores: a log that keeps score gives start_kyoku its scores and the
// hand's hora (or ryukyoku, whose score comes after the newhand) its
// deltas and the scores after it, by absolute seat.
func TestScores(t *testing.T) {
	var b bytes.Buffer
	m := NewWriter(&b)
	m.StartPoints(30000)
	m.Input(journal.InputBody{Event: engine.Event{Seat: 1, Action: engine.Discard, Tile: engine.MustTile("7z")}, Dealer: 1})
	m.Outcome(outcome.Record{Type: "hand_end", Result: "ron", Winners: []string{"W"}})
	m.Outcome(outcome.Record{Type: "score", Result: "ron", Deltas: outcome.ByWind{"E": -5200, "S": 0, "W": 5200, "N": 0}, Scores: outcome.ByWind{"E": 24800, "S": 30000, "W": 35200, "N": 30000}})
	m.Input(journal.InputBody{Event: engine.Event{Seat: engine.NoSeat, Action: engine.NewHand}, Dealer: 1})
	m.Outcome(outcome.Record{Type: "deal"})
	m.Input(journal.InputBody{Event: engine.Event{Seat: 2, Action: engine.Discard, Tile: engine.MustTile("1m")}, Dealer: 2})
	m.Outcome(outcome.Record{Type: "hand_end", Result: "draw"})
	m.Input(journal.InputBody{Event: engine.Event{Seat: engine.NoSeat, Action: engine.NewHand}, Dealer: 2})
	m.Outcome(outcome.Record{Type: "score", Result: "draw", Deltas: outcome.ByWind{"E": 3000, "S": -1000, "W": -1000, "N": -1000}, Scores: outcome.ByWind{"E": 33000, "S": 34200, "W": 29000, "N": 23800}})
	m.Outcome(outcome.Record{Type: "game_end"})
	m.Input(journal.InputBody{Event: engine.Event{Seat: 0, Action: engine.Discard, Tile: engine.MustTile("1m")}, Dealer: 0})
	if err := m.Close(); err != nil {
		t.Fatal(err)
	}
	want := strings.Join([]string{
		`{"type":"start_game"}`,
		`{"dora_marker":"?","oya":1,"scores":[30000,30000,30000,30000],"type":"start_kyoku"}`,
		`{"actor":1,"pai":"C","tsumogiri":false,"type":"dahai"}`,
		`{"actor":3,"deltas":[0,-5200,0,5200],"scores":[30000,24800,30000,35200],"type":"hora"}`,
		`{"type":"end_kyoku"}`,
		`{"dora_marker":"?","oya":2,"scores":[30000,24800,30000,35200],"type":"start_kyoku"}`,
		`{"actor":2,"pai":"1m","tsumogiri":false,"type":"dahai"}`,
		`{"deltas":[-1000,-1000,3000,-1000],"scores":[29000,23800,33000,34200],"type":"ryukyoku"}`,
		`{"type":"end_kyoku"}`,
		`{"dora_marker":"?","oya":0,"scores":[30000,30000,30000,30000],"type":"start_kyoku"}`,
		`{"actor":0,"pai":"1m","tsumogiri":false,"type":"dahai"}`,
		`{"type":"end_kyoku"}`,
		`{"type":"end_game"}`,
	}, "\n") + "\n"
	if b.String() != want {
		t.Fatalf("got:\n%s\nwant:\n%s", b.String(), want)
	}
}

// TestHoraWorth: a hora carries what the hand was worth, as mjai writes
// it: fan (and han), fu, and for a hand scored from its tiles the yakus
// in mjai's spelling; every yaku the scorer names has one.
func TestHoraWorth(t *testing.T) {
	for _, n := range scorer.Names {
		if _, ok := mjaiYaku[n]; !ok {
			t.Errorf("yaku %q has no mjai name", n)
		}
	}
	var b bytes.Buffer
	m := NewWriter(&b)
	m.Input(journal.InputBody{Event: engine.Event{Seat: 0, Action: engine.Discard, Tile: engine.MustTile("1z")}, Dealer: 0})
	m.Outcome(outcome.Record{Type: "hand_end", Result: "tsumo", Winners: []string{"S"}})
	m.Outcome(outcome.Record{Type: "score", Result: "tsumo", Wins: []outcome.Win{{Seat: "S", Han: 5, Fu: 30, Limit: "mangan", Points: 8000,
		Yaku: []scorer.Yaku{{Name: "riichi", Han: 1}, {Name: "ippatsu", Han: 1}, {Name: "menzen_tsumo", Han: 1}, {Name: "ura_dora", Han: 2}}}},
		Deltas: outcome.ByWind{"E": -4000, "S": 8000, "W": -2000, "N": -2000}, Scores: outcome.ByWind{"E": 26000, "S": 38000, "W": 28000, "N": 28000}})
	if err := m.Close(); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`{"actor":1,"deltas":[-4000,8000,-2000,-2000],"fan":5,"fu":30,"han":5,`, `"yakus":[["reach",1],["ippatsu",1],["menzenchin_tsumoho",1],["uradora",2]]}`} {
		if !strings.Contains(b.String(), want) {
			t.Fatalf("got:\n%s\nwant a hora with %s", b.String(), want)
		}
	}
}

// TestLaidTilesNoDahai: the tiles a winner lays on its seat's reader
// after the hand's end are no discards in the export.
func TestLaidTilesNoDahai(t *testing.T) {
	var b bytes.Buffer
	m := NewWriter(&b)
	m.Input(journal.InputBody{Event: engine.Event{Seat: 0, Action: engine.Discard, Tile: engine.MustTile("4s"), Source: engine.SourceNFC}, Dealer: 0})
	m.Outcome(outcome.Record{Type: "hand_end", Result: "ron", Winners: []string{"S"}})
	for _, x := range []string{"2m", "3m"} {
		m.Input(journal.InputBody{Event: engine.Event{Seat: 1, Action: engine.Discard, Tile: engine.MustTile(x), Source: engine.SourceNFC}, Dealer: 0})
	}
	if err := m.Close(); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(b.String(), `"dahai"`); n != 1 {
		t.Errorf("%d dahai, want the one discard:\n%s", n, b.String())
	}
}
