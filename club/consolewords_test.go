package club

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/tabled/tabled/catalog"
)

// saidRecords are what a table says itself, as its claim log has it (the
// outcomes from the golden logs of journal/testdata, rule codes and
// arguments kept): a decision of two claims re-decided, a late one, what
// the referee must check, a refused input, a disk-low alert note, and an
// old decision logged before reasons kept their arguments (told surely
// from the record), and one logged before they kept their rule codes.
var saidRecords = []string{
	`{"seq":1,"kind":"outcome","source":"table","hand":1,"seat":"W","type":"decision","body":{"type":"decision","at_ms":26950,"discard":{"seat":"N","tile":"5s"},"won":[{"seat":"W","call":"pon"}],"lost":[{"seat":"E","call":"chii","reason":"PON West beats CHII East: called within 250 ms of each other, pon beats chii","code":"call_over_chii","why":"called within 250 ms of each other, pon beats chii","args":{"seat":2,"other":3,"call":"pon","n":1,"lost":[{"seat":0,"call":"chii"}],"window_ns":250000000}}],"overrides":1,"reason":"PON West beats CHII East","code":"beats","args":{"won":[{"seat":2,"call":"pon"}],"lost":[{"seat":0,"call":"chii"}]}}}`,
	`{"seq":2,"kind":"outcome","source":"table","hand":1,"seat":"S","type":"decision","body":{"type":"decision","at_ms":550,"discard":{"seat":"E","tile":"9m"},"won":[{"seat":"S","call":"pon"}],"lost":[],"late":true,"reason":"PON South: the only claim","code":"only_claim","args":{"won":[{"seat":1,"call":"pon"}]}}}`,
	`{"seq":3,"kind":"outcome","source":"table","hand":1,"seat":"W","type":"flag","body":{"type":"flag","at_ms":24600,"seat":"W","call":"discard","reason":"swap-calling (kuikae): West discards 4p right after calling 1p, which is forbidden","code":"kuikae","args":{"seat":2,"tile":"4p","tile2":"1p"}}}`,
	`{"seq":4,"kind":"outcome","source":"table","hand":1,"type":"rejected","body":{"type":"rejected","at_ms":21300,"seat":null,"call":"dora","reason":"no dora indicator is due: 2 read for 1 kongs","code":"no_dora_due","args":{"n":2,"m":1}}}`,
	`{"seq":5,"kind":"note","source":"table","hand":1,"type":"disk-low","body":{"note":"the claim log's disk is low: 40 MB free; free space before it fills"}}`,
	`{"seq":6,"kind":"outcome","source":"table","hand":1,"seat":"N","type":"decision","body":{"type":"decision","discard":{"seat":"W","tile":"2p"},"won":[{"seat":"N","call":"ron"}],"lost":[],"reason":"RON North: the only claim","code":"only_claim"}}`,
	`{"seq":7,"kind":"outcome","source":"table","hand":1,"seat":"W","type":"decision","body":{"type":"decision","reason":"RON West overrides PON East","overrides":1}}`,
}

// saidConsole is a console fed saidRecords on table t1, up to seq n, on a
// clock that stands still (its views' ages are the same every time).
func saidConsole(n int) *Console {
	c := NewConsole()
	at := time.Date(2026, 11, 27, 1, 0, 0, 0, time.UTC)
	c.Now = func() time.Time { return at }
	for i, r := range saidRecords[:n] {
		c.Event(Message{Table: "t1", Seq: uint64(i + 1), Body: json.RawMessage(r)})
	}
	return c
}

// TestConsoleWordsWhatTablesSaid: a view asked for in French words a
// decision's reason, an outcome alert's text and an alert note from the
// records' rule codes and arguments (a record without arguments keeps
// its English); one asked for in English, or in no language, is the
// tables' own words, byte for byte the JSON the console always served.
func TestConsoleWordsWhatTablesSaid(t *testing.T) {
	fr, _ := catalog.Get("fr")
	for _, c := range []struct {
		name     string
		n        int
		lang     string
		decision string
		alerts   []string // kind: text, oldest first
		detail   string   // the note's detail, if any
	}{
		{"english", 5, "", "PON South: the only claim", []string{
			"override: PON West beats CHII East",
			"late: PON South: the only claim",
			"flag: check West: swap-calling (kuikae): West discards 4p right after calling 1p, which is forbidden",
			"rejected: refused: DORA: no dora indicator is due: 2 read for 1 kongs",
			"disk-low: DISK LOW: the claim log's disk is low: 40 MB free; free space before it fills",
		}, ""},
		{"french", 5, "fr", "PON Sud : la seule réclamation", []string{
			"override: PON Ouest l'emporte sur CHII Est",
			"late: PON Sud : la seule réclamation",
			"flag: à vérifier, Ouest : échange d'appel (kuikae) : Ouest écarte 4 cercles juste après avoir appelé 1 cercle, ce qui est interdit",
			"rejected: refusé : DORA : aucun indicateur de dora n'est dû : 2 lus pour 1 kongs",
			"disk-low: ESPACE DISQUE BAS : disque du journal presque plein",
		}, "the claim log's disk is low: 40 MB free; free space before it fills"},
		{"french, an old record told surely", 6, "fr", "RON Nord : la seule réclamation", nil, "the claim log's disk is low: 40 MB free; free space before it fills"},
		{"french, a record without a rule code", 7, "fr", "RON West overrides PON East", nil, "the claim log's disk is low: 40 MB free; free space before it fills"},
	} {
		t.Run(c.name, func(t *testing.T) {
			console := saidConsole(c.n)
			var l *catalog.Lang
			if c.lang != "" {
				l = fr
			}
			// The console's own warning keeps its words, its kind an alert
			// note's kind or not.
			console.Warn("t1", "client-id", "another client connected as the table")
			ts, _, _ := console.TablesIn(l)
			v := ts[0]
			var alerts []string
			detail := ""
			if w := v.Alerts[len(v.Alerts)-1]; w.Text != "another client connected as the table" || w.Detail != "" {
				t.Errorf("the console's own warning: %+v", w)
			}
			for _, a := range v.Alerts[:len(v.Alerts)-1] {
				alerts = append(alerts, a.Kind+": "+a.Text)
				if a.Detail != "" {
					detail = a.Detail
				}
			}
			if v.Decision != c.decision || v.Last != c.decision || v.Event.Text != c.decision {
				t.Errorf("decision %q, last %q, event %q: want %q", v.Decision, v.Last, v.Event.Text, c.decision)
			}
			if c.n == 7 && alerts[len(alerts)-1] != "override: RON West overrides PON East" {
				t.Errorf("the last alert %q, want the record's English", alerts[len(alerts)-1])
			}
			if c.alerts != nil && strings.Join(alerts, "\n") != strings.Join(c.alerts, "\n") {
				t.Errorf("alerts:\n%s\nwant:\n%s", strings.Join(alerts, "\n"), strings.Join(c.alerts, "\n"))
			}
			if detail != c.detail {
				t.Errorf("detail %q, want %q", detail, c.detail)
			}
		})
	}
}

// TestConsoleTablesLangQuery: GET /api/tables without
// ?lang= or with ?lang=en serve the same bytes, the tables' own words;
// with ?lang=fr (and the stream with it) the decision in French, and the console's own view is
// not changed by a French reader (the next English reader reads English).
func TestConsoleTablesLangQuery(t *testing.T) {
	console := saidConsole(5)
	srv := httptest.NewServer(console.Handler())
	defer srv.Close()
	get := func(path string) []byte {
		t.Helper()
		r, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Body.Close()
		b, err := io.ReadAll(r.Body)
		if err != nil || r.StatusCode != 200 {
			t.Fatalf("GET %s: %d %v", path, r.StatusCode, err)
		}
		return b
	}
	english := get("/api/tables")
	french := get("/api/tables?lang=fr")
	for _, p := range []string{"/api/tables?lang=en", "/api/tables?lang=en-GB", "/api/tables"} {
		if b := get(p); !bytes.Equal(b, english) {
			t.Errorf("GET %s:\n%s\nwant the tables' own words:\n%s", p, b, english)
		}
	}
	if !bytes.Contains(english, []byte(`"decision":"PON South: the only claim"`)) || bytes.Contains(english, []byte(`"detail"`)) {
		t.Errorf("GET /api/tables: %s", english)
	}
	// The stream's first view of the tables, in French.
	r, err := http.Get(srv.URL + "/api/stream?lang=fr")
	if err != nil {
		t.Fatal(err)
	}
	defer r.Body.Close()
	sc := bufio.NewScanner(r.Body)
	sc.Buffer(nil, 1<<20)
	streamed := ""
	for sc.Scan() && streamed == "" {
		if d, ok := strings.CutPrefix(sc.Text(), "data: ["); ok {
			streamed = "[" + d
		}
	}
	if !strings.Contains(streamed, `"decision":"PON Sud : la seule réclamation"`) {
		t.Errorf("GET /api/stream?lang=fr: %s (%v)", streamed, sc.Err())
	}
	if !bytes.Contains(french, []byte(`"decision":"PON Sud : la seule réclamation"`)) || !bytes.Contains(french, []byte(`"detail":"the claim log's disk is low`)) {
		t.Errorf("GET /api/tables?lang=fr: %s", french)
	}
}

// FuzzConsoleWordsRecord: whatever record a table sends (its rule code
// and arguments from the wire), the console takes it and words it in
// every language without failing, and its English view is the tables'
// own words, the same with no language asked.
func FuzzConsoleWordsRecord(f *testing.F) {
	for _, r := range saidRecords {
		f.Add([]byte(r))
	}
	f.Add([]byte(`{"kind":"outcome","type":"decision","body":{"type":"decision","reason":"x","code":"beats","args":{"won":[{"seat":9,"call":"pon"}],"lost":[{"seat":-4,"call":"zz"}]}}}`))
	f.Add([]byte(`{"kind":"outcome","type":"flag","body":{"type":"flag","seat":"Q","reason":"x","code":"kuikae","args":{"seat":200,"tile":"99z"}}}`))
	f.Add([]byte(`{"kind":"note","type":"disk-low","body":{"note":7}}`))
	at := time.Date(2026, 11, 27, 1, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, body []byte) {
		c := NewConsole()
		c.Now = func() time.Time { return at }
		c.Event(Message{Table: "t1", Seq: 1, Body: json.RawMessage(body)})
		plain, _, _ := c.TablesIn(nil)
		english, _, _ := c.TablesIn(catalog.English())
		a, err := json.Marshal(plain)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(english)
		if !bytes.Equal(a, b) {
			t.Fatalf("English view:\n%s\nwant the tables' own words:\n%s", b, a)
		}
		for _, code := range catalog.Codes() {
			l, _ := catalog.Get(code)
			ts, _, _ := c.TablesIn(l)
			if _, err := json.Marshal(ts); err != nil {
				t.Fatalf("%s: %v", code, err)
			}
		}
	})
}
