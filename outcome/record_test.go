package outcome

import (
	"bytes"
	"encoding/json"
	"testing"
	"time"

	"github.com/tabled/tabled/engine"
)

// outcomes is one engine outcome of every kind, with codes and words.
func outcomes() []engine.Outcome {
	pon := engine.Claim{Seat: 1, Call: engine.Pon}
	chii := engine.Claim{Seat: 2, Call: engine.Chii, Late: true, Code: engine.CodeCallOverChii, Why: "pon beats chii", Reason: "PON South beats CHII West: pon beats chii"}
	return []engine.Outcome{
		{Kind: engine.KindDecision, At: 1500 * time.Microsecond, Code: engine.CodeBeats, Claimed: engine.Claimed{Seat: 0, Tile: engine.MustTile("3p")},
			Won: []engine.Claim{pon}, Lost: []engine.Claim{chii}, Overrides: 4, Reason: "PON South beats CHII West", Late: true, Robbing: true, Referee: "check"},
		{Kind: engine.KindRejection, At: time.Second, Dealer: 1, Seat: 3, Call: engine.Chii, Code: engine.CodeChiiNextOnly, Reason: "not next"},
		{Kind: engine.KindFlag, Seat: engine.NoSeat, Call: engine.Ron, Code: engine.CodeMayBeConcealed, Reason: "look"},
		{Kind: engine.KindDora, Indicators: []engine.Tile{engine.MustTile("4m")}, Dora: []engine.Tile{engine.MustTile("5m")}},
		{Kind: engine.KindHandEnd, Result: engine.ResultRon, Winners: []engine.Seat{1, 2}, Code: engine.CodeWin, Reason: "RON South and RON West win"},
		{Kind: engine.KindDeal, RoundWind: engine.South, HandNumber: 3, Honba: 1, RiichiSticks: 2, Dealer: 2, Code: engine.CodeDeal},
		{Kind: engine.KindKongStands, Claimed: engine.Claimed{Seat: 1, Tile: engine.MustTile("7z")}, Code: engine.CodeKongStands, Reason: "no ron"},
	}
}

// TestLines: every type's line, as the log keeps it (codes, a lost claim's
// rule in words) and as the scenario contract prints it (the contract's
// fields, in its order, required ones even when empty).
func TestLines(t *testing.T) {
	for i, c := range []struct{ log, contract string }{
		{`{"type":"decision","at_ms":1.5,"discard":{"seat":"E","tile":"3p"},"won":[{"seat":"S","call":"pon"}],"lost":[{"seat":"W","call":"chii","late":true,"reason":"PON South beats CHII West: pon beats chii","code":"call_over_chii","why":"pon beats chii"}],"overrides":4,"reason":"PON South beats CHII West","late":true,"robbing":true,"referee":"check","code":"beats"}`,
			`{"type":"decision","at_ms":1.5,"discard":{"seat":"E","tile":"3p"},"won":[{"seat":"S","call":"pon"}],"lost":[{"seat":"W","call":"chii","late":true,"reason":"PON South beats CHII West: pon beats chii"}],"overrides":4,"reason":"PON South beats CHII West","late":true,"robbing":true,"referee":"check"}`},
		{`{"type":"rejected","at_ms":1000,"seat":"W","call":"chii","reason":"not next","code":"chii_next_only"}`,
			`{"type":"rejected","at_ms":1000,"seat":"W","call":"chii","reason":"not next"}`},
		{`{"type":"flag","at_ms":0,"seat":null,"call":"ron","reason":"look","code":"may_be_concealed"}`,
			`{"type":"flag","at_ms":0,"seat":null,"call":"ron","reason":"look"}`},
		{`{"type":"dora","at_ms":0,"indicators":["4m"],"dora":["5m"]}`, `{"type":"dora","at_ms":0,"indicators":["4m"],"dora":["5m"]}`},
		{`{"type":"hand_end","at_ms":0,"result":"ron","winners":["S","W"],"reason":"RON South and RON West win","code":"win"}`,
			`{"type":"hand_end","at_ms":0,"result":"ron","winners":["S","W"]}`},
		{`{"type":"deal","at_ms":0,"round_wind":"S","hand":3,"honba":1,"riichi_sticks":2,"dealer_seat":2,"code":"deal"}`,
			`{"type":"deal","at_ms":0,"round_wind":"S","hand":3,"honba":1,"riichi_sticks":2,"dealer_seat":2}`},
		{`{"type":"kong_stands","at_ms":0,"kong":{"seat":"S","tile":"7z"},"reason":"no ron","code":"kong_stands"}`,
			`{"type":"kong_stands","at_ms":0,"kong":{"seat":"S","tile":"7z"},"reason":"no ron"}`},
	} {
		r := Of(outcomes()[i])
		b, err := r.MarshalJSON()
		if err != nil || string(b) != c.log {
			t.Errorf("log line %v\n got  %s\n want %s", err, b, c.log)
		}
		b, err = r.Contract().MarshalJSON()
		if err != nil || string(b) != c.contract {
			t.Errorf("contract line %v\n got  %s\n want %s", err, b, c.contract)
		}
		// Read back, strictly: every field has its home, and it writes the
		// same bytes again.
		dec := json.NewDecoder(bytes.NewReader([]byte(c.log)))
		dec.DisallowUnknownFields()
		var back Record
		if err := dec.Decode(&back); err != nil {
			t.Fatalf("%s: %v", c.log, err)
		}
		if again, err := back.MarshalJSON(); err != nil || string(again) != c.log {
			t.Errorf("read back and written: %s (%v)\n want %s", again, err, c.log)
		}
	}
}

// TestEmptyLists: the contract's lists are written empty, never null.
func TestEmptyLists(t *testing.T) {
	for _, c := range []struct {
		r    Record
		want string
	}{
		{Record{Type: TypeDecision}, `{"type":"decision","at_ms":0,"discard":{"seat":"","tile":""},"won":[],"lost":[],"reason":""}`},
		{Record{Type: TypeDora}, `{"type":"dora","at_ms":0,"indicators":[],"dora":[]}`},
		{Record{Type: TypeHandEnd, Result: "draw"}, `{"type":"hand_end","at_ms":0,"result":"draw","winners":[]}`},
	} {
		if b, err := c.r.MarshalJSON(); err != nil || string(b) != c.want {
			t.Errorf("got %s %v, want %s", b, err, c.want)
		}
	}
	if _, err := (Record{Type: "score"}).MarshalJSON(); err == nil {
		t.Error("a type with no line wrote one")
	}
}

// TestState: the closing state line.
func TestState(t *testing.T) {
	st := engine.State{Now: 2 * time.Second, Wall: 60, Kongs: 1, Dealer: 1, Turn: 2, Indicators: []engine.Tile{engine.MustTile("1z")}}
	st.Riichi[1], st.Riichi[0] = true, true
	b, err := StateOf(st).Marshal()
	if want := `{"type":"state","at_ms":2000,"wall":60,"kongs":1,"indicators":["1z"],"riichi":["E","N"],"turn":"S"}`; err != nil || string(b) != want {
		t.Fatalf("got %s %v, want %s", b, err, want)
	}
	st.Ended = true
	if b, _ := StateOf(st).Marshal(); !bytes.HasSuffix(b, []byte(`"turn":null}`)) {
		t.Fatalf("a hand over has no turn: %s", b)
	}
}

// TestMS: table times in ms, whole or not, both ways.
func TestMS(t *testing.T) {
	for _, c := range []struct {
		d    time.Duration
		text string
	}{{0, "0"}, {7550 * time.Millisecond, "7550"}, {1500 * time.Microsecond, "1.5"}, {1234567891, "1234.567891"}} {
		b, _ := MS(c.d).MarshalJSON()
		var back MS
		if string(b) != c.text || back.UnmarshalJSON(b) != nil || back.Duration() != c.d {
			t.Errorf("%v: %s, back %v", c.d, b, back.Duration())
		}
	}
	var m MS
	if err := m.UnmarshalJSON([]byte(`"7"`)); err == nil {
		t.Error("a string read as a time")
	}
}

// FuzzDecode: any bytes decode to a record or an error, never a panic; a
// record that decodes writes a line that decodes to the same line again.
func FuzzDecode(f *testing.F) {
	for _, o := range outcomes() {
		b, _ := Of(o).MarshalJSON()
		f.Add(b)
	}
	f.Add([]byte(`{"type":"decision","at_ms":"x"}`))
	f.Add([]byte(`{"type":"hand_end","code":"nope"}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		r, err := Decode(b)
		if err != nil {
			return
		}
		line, err := r.MarshalJSON()
		if err != nil {
			return // a type with no line
		}
		again, err := Decode(line)
		if err != nil {
			t.Fatalf("%s wrote %s, which does not read: %v", b, line, err)
		}
		if line2, _ := again.MarshalJSON(); !bytes.Equal(line, line2) {
			t.Fatalf("%s wrote %s, then %s", b, line, line2)
		}
	})
}

// TestByWind: scores by wind letter are written East first, in turn order,
// and read back.
func TestByWind(t *testing.T) {
	m := ByWind{"N": -1000, "E": 3000, "W": 0, "S": -2000, "x": 1}
	b, err := json.Marshal(m)
	if want := `{"E":3000,"S":-2000,"W":0,"N":-1000,"x":1}`; err != nil || string(b) != want {
		t.Fatalf("got %s %v, want %s", b, err, want)
	}
	var back ByWind
	if err := json.Unmarshal(b, &back); err != nil || len(back) != 5 || back["S"] != -2000 {
		t.Fatalf("read back %v %v", back, err)
	}
	if b, _ := json.Marshal(ByWind(nil)); string(b) != "null" {
		t.Fatalf("nil: %s", b)
	}
}
