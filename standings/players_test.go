package standings_test

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/tabled/tabled/standings"
)

// TestPlayersCSVRoundTrip: what WritePlayersCSV writes, ReadPlayersCSV
// reads back the same, quoting and all; the file is golden.
func TestPlayersCSVRoundTrip(t *testing.T) {
	d := tournamentDay(t)
	players := append(d.players, standings.Player{Number: 9, Name: "Ivo Sub", FirstRound: 2}, standings.Player{Number: 10, Name: "Jo Left", LastRound: 1})
	var b bytes.Buffer
	if err := standings.WritePlayersCSV(&b, players); err != nil {
		t.Fatal(err)
	}
	golden(t, "players.csv", b.Bytes())
	got, err := standings.ReadPlayersCSV(&b)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, players) {
		t.Errorf("read back\n got %+v\nwant %+v", got, players)
	}
}

// TestReadPlayersCSV: columns in any order, optional ones left out, a
// spreadsheet's byte-order mark; and each bad line refused by its number.
func TestReadPlayersCSV(t *testing.T) {
	for _, c := range []struct {
		name, in string
		want     []standings.Player
		err      string
	}{
		{"minimal", "number,name\n1,Ana Silva\n2,Bo\n", []standings.Player{{Number: 1, Name: "Ana Silva"}, {Number: 2, Name: "Bo"}}, ""},
		{"any order, BOM, spaces", "\ufeffName , EMA,Number\n Ana Silva ,04010001, 7\n", []standings.Player{{Number: 7, Name: "Ana Silva", EMA: "04010001"}}, ""},
		{"no players", "number,name\n", []standings.Player{}, ""},
		{"empty", "", nil, "empty, no header line"},
		{"unknown column", "number,name,rank\n", nil, `line 1: unknown column "rank"`},
		{"column twice", "number,name,name\n", nil, `line 1: column "name" twice`},
		{"no name column", "number,ema\n", nil, `line 1: no "name" column`},
		{"number missing", "number,name\n1,Ana\n,Bo\n", nil, `line 3: number "" is not a whole number from 1`},
		{"number zero", "number,name\n0,Ana\n", nil, `line 2: number "0"`},
		{"number twice", "number,name\n1,Ana\n2,Bo\n1,Cy\n", nil, "line 4: number 1 is already on line 2"},
		{"empty name", "number,name\n1,  \n", nil, "line 2: name is empty"},
		{"fields", "number,name\n1,Ana,x\n", nil, "line 2: 3 fields, the header has 2"},
		{"ema letters", "number,name,ema\n1,Ana,ABC123\n", nil, `line 2: ema "ABC123" is not an EMA number`},
		{"last name", "number,name,last_name\n1,Ana Silva,Costa\n", nil, `line 2: last_name "Costa" is not the end of name "Ana Silva"`},
		{"rounds", "number,name,first_round,last_round\n1,Ana,3,2\n", nil, "line 2: last_round 2 is before first_round 3"},
		{"round", "number,name,first_round\n1,Ana,-1\n", nil, `line 2: first_round "-1"`},
		{"control", "number,name\n1,\"An\x07a\"\n", nil, "line 2: name \"An\\aa\" has a control character"},
		{"quote", "number,name\n1,Ana\n2,\"Bo\n", nil, "line 3"},
		{"long", "number,name\n1," + strings.Repeat("a", 201) + "\n", nil, "line 2: name is 201 bytes long"},
		{"multi-line field", "number,name,club\n1,Ana,\"Kent\nUK\"\n", nil, `line 2: club "Kent\nUK" has a control character`},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := standings.ReadPlayersCSV(strings.NewReader(c.in))
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("error %v, want one saying %q", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("got %+v, want %+v", got, c.want)
			}
		})
	}
}

// FuzzReadPlayersCSV: any bytes are read or refused with an error, never
// a panic; what is read is valid and survives a write and a read again.
func FuzzReadPlayersCSV(f *testing.F) {
	f.Add([]byte("number,name,last_name,ema,country,club,first_round,last_round\n1,Ana Silva,Silva,04010001,POR,\"Kent, UK\",,\n"))
	f.Add([]byte("name,number\nBo,2\n"))
	f.Add([]byte("number,name\n1,\"a\"\"b\"\n"))
	f.Add([]byte("\ufeffnumber,name\n1,x\n1,y\n"))
	f.Fuzz(func(t *testing.T, in []byte) {
		players, err := standings.ReadPlayersCSV(bytes.NewReader(in))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "standings: players CSV") {
				t.Fatalf("error without its context: %v", err)
			}
			return
		}
		seen := map[int]bool{}
		for _, p := range players {
			if p.Number < 1 || p.Name == "" || seen[p.Number] {
				t.Fatalf("invalid player read: %+v", p)
			}
			seen[p.Number] = true
		}
		var b bytes.Buffer
		if err := standings.WritePlayersCSV(&b, players); err != nil {
			t.Fatal(err)
		}
		again, err := standings.ReadPlayersCSV(&b)
		if err != nil {
			t.Fatalf("reading what was written: %v\n%s", err, b.String())
		}
		if !slices.Equal(again, players) {
			t.Fatalf("round trip\n got %+v\nwant %+v", again, players)
		}
	})
}
