package seating

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/tabled/tabled/catalog"
)

var updateText = flag.Bool("update", false, "rewrite testdata/ from the current WriteText and WriteJSON (look at the diff before committing)")

// TestWriteText: a seating in each language and as JSON, against golden
// files; the JSON reads back as the same seating.
func TestWriteText(t *testing.T) {
	fr, ok := catalog.Get("fr")
	if !ok {
		t.Fatal("no French in the catalog")
	}
	twelve := Seating{{{11, 9, 12, 7}, {1, 3, 10, 4}, {6, 2, 5, 8}}, {{7, 10, 2, 5}, {12, 11, 3, 6}, {9, 4, 8, 1}}}
	for _, c := range []struct {
		s      Seating
		lang   *catalog.Lang // nil: JSON
		golden string
	}{
		// Pairs meeting twice, a wind sat twice, a table visited twice.
		{Seating{{{1, 5, 2, 7}, {8, 6, 3, 4}}, {{1, 5, 3, 4}, {2, 7, 8, 6}}}, catalog.English(), "text-8x2.txt"},
		// Pairs who never meet: the mean of players in common is written
		// with the language's decimal comma.
		{twelve, fr, "text-12x2-fr.txt"},
		{twelve, nil, "text-12x2.json"},
	} {
		t.Run(c.golden, func(t *testing.T) {
			s := c.s
			players := 4 * len(s[0])
			var b bytes.Buffer
			var err error
			if c.lang != nil {
				err = WriteText(&b, c.lang, s, players)
			} else {
				err = WriteJSON(&b, s)
			}
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", c.golden)
			if *updateText {
				os.MkdirAll("testdata", 0o755)
				if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if b.String() != string(want) {
				t.Errorf("got:\n%s\nwant (%s):\n%s", b.String(), path, want)
			}
			if c.lang == nil {
				var back Seating
				if err := json.Unmarshal(b.Bytes(), &back); err != nil {
					t.Fatalf("not JSON: %v", err)
				}
				if len(back) != len(s) || back[1][2] != s[1][2] {
					t.Errorf("read back %v, want %v", back, s)
				}
			}
		})
	}
}
