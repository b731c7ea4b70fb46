package claimlog

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"
	"time"
)

// fastLines are lines as the writer writes them, and near misses.
func fastLines(t testing.TB) [][]byte {
	wall := time.Date(2026, 11, 23, 16, 16, 8, 123456789, time.UTC)
	var lines [][]byte
	for _, r := range []Record{
		{Seq: 1, Mono: 0, Wall: wall, Kind: KindNote, Source: "table", Type: "session", Body: json.RawMessage(`{"version":"dev","profile":{"name":"ema2016","window":250000000}}`)},
		{Seq: 2, Mono: 1234567, Wall: wall, Kind: KindInput, Source: "web", Hand: 3, Seat: "E", Type: "discard", Body: json.RawMessage(`{"event":{"at":1,"seat":0,"tile":"3p"},"note":"a \"quoted\" } ] note, with \\ and ü"}`)},
		{Seq: 3, Mono: -5, Wall: wall.In(time.FixedZone("", 3600)), Kind: KindOutcome, Source: "table", Hand: 3, Type: "pon", Body: json.RawMessage(`[1,2,{"a":[]}]`)},
		{Seq: 4, Wall: wall, Kind: KindNote, Source: "table", Type: "ünïcode type"},
		{Seq: 5, Wall: wall, Kind: KindNote, Source: "tab\"le", Type: "escaped"},
		{Seq: 18446744073709551615, Mono: -9223372036854775808, Wall: wall, Kind: KindVoid, Source: "referee", Type: "void", Body: json.RawMessage(`"a string body"`)},
	} {
		for _, more := range []int{0, 2} {
			b, err := encodeRecord(r, more)
			if err != nil {
				t.Fatal(err)
			}
			lines = append(lines, b[:len(b)-1])
		}
	}
	lines = append(lines, bytes.TrimSuffix(encodeAnnotation("repaired: a torn line cut off", 41, wall), []byte("\n")))
	lines = append(lines,
		[]byte(`{"seq":1,"mono":1.5,"wall":"2026-11-23T16:16:08Z","kind":"input"}`),
		[]byte(`{"seq":01,"kind":"input"}`),
		[]byte(`{"Seq":1,"kind":"input"}`),
		[]byte(`{"seq":1,"kind":"input","extra":true}`),
		[]byte(`{"seq":1,"kind":"input","more":-1}`),
		[]byte(`{"seq":1,"wall":"not a time"}`),
		[]byte(`{"seq":1,"body":null}`),
		[]byte(`{"seq":1,"wall":"2026-02-29T10:00:00Z"}`),
		[]byte(`{"seq":1,"wall":"2028-02-29T23:59:59.9Z"}`),
		[]byte(`{"seq":1,"wall":"2026-11-23T24:00:00Z"}`),
		[]byte(`{"seq":1,"wall":"2026-11-23T23:59:60Z"}`),
		[]byte(`{"seq":1,"wall":"2026-11-23T23:59:59.Z"}`),
		[]byte(`{"seq":1,"wall":"2026-11-23T23:59:59.1234567891Z"}`),
		[]byte(`{"seq":1,"wall":"2026-11-23T23:59:59.000000001Z"}`),
		[]byte(`{"seq":1,"wall":"0000-01-01T00:00:00Z"}`),
		[]byte(`{"seq":1,"wall":"2026-11-23t23:59:59z"}`),
		[]byte(`{"seq":1,"wall":"2026-11-23T23:59:59+01:00"}`),
		[]byte(`{"seq":1,"wall":"+026-11-23T23:59:59Z"}`),
		[]byte(`{"seq":1,"mono":-9223372036854775809}`),
		[]byte(`{"seq":18446744073709551616}`),
		[]byte(`{"seq":1,"mono":-0}`),
		[]byte(`{"seq":1} `),
	)
	return lines
}

// TestDecodeSealedFastAgreesWithJSON: wherever the fast path takes a line,
// it decodes it exactly as encoding/json does.
func TestDecodeSealedFastAgreesWithJSON(t *testing.T) {
	taken := 0
	for _, line := range fastLines(t) {
		if checkFast(t, line) {
			taken++
		}
	}
	if taken < 8 {
		t.Errorf("the fast path took only %d of the writer's lines", taken)
	}
}

// checkFast compares the fast path with encoding/json on a valid line and
// reports whether the fast path took it.
func checkFast(t *testing.T, line []byte) bool {
	t.Helper()
	fw, ok := decodeSealedFast(line, nil)
	if !ok || !json.Valid(line) {
		return false
	}
	var jw wire
	if err := json.Unmarshal(line, &jw); err != nil {
		t.Fatalf("fast path took %s, encoding/json refuses it: %v", line, err)
	}
	if !reflect.DeepEqual(fw, jw) {
		t.Fatalf("%s:\nfast %+v\njson %+v", line, fw, jw)
	}
	// Bodies cut from a slab are the same bytes.
	sw, ok := decodeSealedFast(line, &bodySlab{})
	if !ok || !reflect.DeepEqual(sw, fw) {
		t.Fatalf("%s: with a slab %+v, %v", line, sw, ok)
	}
	// A slab for notes only drops no other field, and no note's body.
	nw, ok := decodeSealedFast(line, &bodySlab{notesOnly: true})
	kept := nw.Body != nil
	nw.Body = fw.Body
	if !ok || !reflect.DeepEqual(nw, fw) || !kept && fw.Body != nil && fw.Kind != KindInput && fw.Kind != KindOutcome {
		t.Fatalf("%s: with a slab for notes %+v, %v", line, nw, ok)
	}
	return true
}

// FuzzDecodeSealedFast: the fast path never decodes a valid line otherwise
// than encoding/json (invalid bodies are the checksum's to catch).
//
//	go test -run=^$ -fuzz=FuzzDecodeSealedFast -fuzztime=60s ./claimlog
func FuzzDecodeSealedFast(f *testing.F) {
	for _, l := range fastLines(f) {
		f.Add(l)
	}
	f.Fuzz(func(t *testing.T, line []byte) { checkFast(t, line) })
}

// TestCommonStringsAllKept: no common string takes another's place in the
// table, so none is allocated anew on every line.
func TestCommonStringsAllKept(t *testing.T) {
	for _, s := range commonStrings() {
		if common[commonHash(s)] != s {
			t.Errorf("%q is not in the table", s)
		}
	}
}
