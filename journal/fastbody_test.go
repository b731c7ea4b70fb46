package journal

import (
	"encoding"
	"encoding/json"
	"fmt"
	"github.com/tabled/tabled/claimlog"
	"reflect"
	"testing"
	"time"

	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/table"
)

// inputBodies are input bodies as EntryRecord writes them, and near misses
// the fast decoder must leave to encoding/json.
func inputBodies(t testing.TB) [][]byte {
	var bodies [][]byte
	red5, err := engine.ParseTile("0p")
	if err != nil {
		t.Fatal(err)
	}
	for i, ev := range []engine.Event{
		{At: 400 * time.Millisecond, Seat: 0, Action: engine.Discard, Tile: red5, Dealer: engine.NoSeat, Source: engine.SourceWeb},
		{At: 860 * time.Millisecond, Seat: 3, Action: engine.Pon, Dealer: engine.NoSeat, Source: engine.SourceSerial, Uncertainty: 1500 * time.Microsecond, Device: 123456789},
		{At: 1, Seat: 2, Action: engine.Chii, Shown: [2]engine.Tile{red5, 9}, Dealer: engine.NoSeat, Source: engine.SourceGPIO},
		{At: engine.MaxStamp, Seat: engine.NoSeat, Action: engine.NewHand, Dealer: 2, Source: engine.SourceReferee},
		{Seat: engine.NoSeat, Action: engine.Dora, Tile: 31, Source: engine.SourceNFC},
		{Seat: 1, Action: engine.Riichi, Source: engine.SourceScript},
	} {
		for _, note := range []string{"", "at its stamp - 20ms (late)", `a "quoted" note`, "ünïcode"} {
			r, err := EntryRecord(table.Entry{Seq: uint64(i + 1), Input: &ev, Dealer: engine.Seat(i % 4), Note: note})
			if err != nil {
				t.Fatal(err)
			}
			bodies = append(bodies, r.Body)
		}
	}
	for _, s := range []string{
		`{}`,
		`{"event":{}}`,
		`{"event":{"at":1,"seat":0,"action":"discard","tile":"1m","shown":["?","?"],"dealer":-1,"source":"web"},"event":{"seat":2},"dealer":0}`,
		`{"event":{"at":1,"seat":0,"action":"discard","tile":"1m","shown":["?","?"],"dealer":-1,"source":"web"},"dealer":0} `,
		`{"event":{"at":1,"seat":0,"action":"discard","tile":"1m"},"dealer":0}x`,
		`{"event":{"at":1.5,"action":"discard"},"dealer":0}`,
		`{"event":{"at":1e3,"action":"discard"},"dealer":0}`,
		`{"event":{"at":-0,"action":"discard"},"dealer":0}`,
		`{"event":{"at":01,"action":"discard"},"dealer":0}`,
		`{"event":{"at":9223372036854775808,"action":"discard"},"dealer":0}`,
		`{"event":{"seat":128,"action":"pon"},"dealer":0}`,
		`{"event":{"seat":-129,"action":"pon"},"dealer":0}`,
		`{"event":{"seat":-128,"action":"pon"},"dealer":127}`,
		`{"event":{"device":-1,"action":"pon"},"dealer":0}`,
		`{"event":{"action":"none"},"dealer":0}`,
		`{"event":{"action":"Discard"},"dealer":0}`,
		`{"event":{"action":"discard","source":"radio"},"dealer":0}`,
		`{"event":{"action":"discard","tile":"x9"},"dealer":0}`,
		`{"event":{"action":"discard","tile":"\u0031m"},"dealer":0}`,
		`{"event":{"action":"discard","tile":null},"dealer":0}`,
		`{"event":{"action":"discard","tile":5},"dealer":0}`,
		`{"event":{"action":"chii","shown":["1m"]},"dealer":0}`,
		`{"event":{"action":"chii","shown":["1m","2m","3m"]},"dealer":0}`,
		`{"event":{"action":"chii","shown":[]},"dealer":0}`,
		`{"event":{"action":"chii","shown":null},"dealer":0}`,
		`{"Event":{"action":"pon"},"dealer":0}`,
		`{"event":{"Action":"pon"},"dealer":0}`,
		`{"event":{"action":"pon","extra":[1,2]},"dealer":0}`,
		`{"event":null,"dealer":0}`,
		`{"event":{"action":"pon"},"dealer":"0"}`,
		`{"event":{"action":"pon"},"note":5}`,
		`{"event":{"action":"pon"},"note":"tab\there"}`,
		`{"event":{"action":"pon"}`,
		`[]`,
		`null`,
		``,
	} {
		bodies = append(bodies, []byte(s))
	}
	return bodies
}

// TestDecodeInputFastAgreesWithJSON: where the fast path takes a body, it
// decodes it exactly as encoding/json does; and claimlog.Record.Input gives the
// same body and the same error as encoding/json alone, whichever path.
func TestDecodeInputFastAgreesWithJSON(t *testing.T) {
	taken := 0
	for _, body := range inputBodies(t) {
		if checkInputFast(t, body) {
			taken++
		}
		r := claimlog.Record{Seq: 7, Kind: claimlog.KindInput, Body: body}
		got, gotErr := Input(r)
		var want InputBody
		wantErr := decode(r, "input", &want)
		if fmt.Sprint(gotErr) != fmt.Sprint(wantErr) || !reflect.DeepEqual(got, want) {
			t.Errorf("%s:\nInput   %+v, %v\njson    %+v, %v", body, got, gotErr, want, wantErr)
		}
	}
	// The writer's bodies with a plain note (12) and a few near misses that
	// are still well-formed.
	if taken < 15 {
		t.Errorf("the fast path took only %d of the bodies", taken)
	}
}

// checkInputFast compares the fast path with encoding/json and reports
// whether the fast path took the body.
func checkInputFast(t *testing.T, body []byte) bool {
	t.Helper()
	fb, ok := decodeInputFast(body)
	if !ok {
		return false
	}
	var jb InputBody
	if err := json.Unmarshal(body, &jb); err != nil {
		t.Fatalf("fast path took %s, encoding/json refuses it: %v", body, err)
	}
	if !reflect.DeepEqual(fb, jb) {
		t.Fatalf("%s:\nfast %+v\njson %+v", body, fb, jb)
	}
	return true
}

// FuzzDecodeInputFast: the fast path never takes a body encoding/json
// refuses, nor decodes one otherwise.
//
//	go test -run=^$ -fuzz=FuzzDecodeInputFast -fuzztime=60s ./claimlog
func FuzzDecodeInputFast(f *testing.F) {
	for _, b := range inputBodies(f) {
		f.Add(b)
	}
	f.Add([]byte(`{"event":{"at":5,"seat":1,"action":"hand","tile":"1s","source":"web","hand":["2m","3m","4m","0p","5z","5z"]},"dealer":0}`))
	f.Add([]byte(`{"event":{"at":5,"seat":-1,"action":"ura","tile":"3p","source":"nfc"},"dealer":0}`))
	f.Fuzz(func(t *testing.T, body []byte) { checkInputFast(t, body) })
}

// TestNameTablesAgreeWithUnmarshalText: every name the tables take gives
// the value UnmarshalText gives, and every name UnmarshalText takes as
// the code spells it is in the tables.
func TestNameTablesAgreeWithUnmarshalText(t *testing.T) {
	checkNames[engine.Action](t, actionsByName, "none", "Discard", "", "discard ")
	checkNames[engine.Source](t, sourcesByName, "serial", "SERIAL", "")
	checkNames[engine.Tile](t, tilesByName, "?", "0p", "5p", "0z", "8z", "1", "")
}

func checkNames[T interface {
	~uint8
	fmt.Stringer
}, P interface {
	*T
	encoding.TextUnmarshaler
}](t *testing.T, names *nameTable[T], extra ...string) {
	t.Helper()
	for v := range 256 {
		extra = append(extra, T(v).String())
	}
	for _, s := range extra {
		got, ok := names.lookup([]byte(s))
		var want T
		err := P(&want).UnmarshalText([]byte(s))
		switch {
		case ok && (err != nil || got != want):
			t.Errorf("%q: table %v, UnmarshalText %v %v", s, got, want, err)
		case !ok && err == nil && want.String() == s:
			t.Errorf("%q: not in the table, UnmarshalText gives %v", s, want)
		}
	}
}
