package scorer_test

import (
	"bufio"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	. "github.com/tabled/tabled/scorer"
)

// loadCases reads every testdata/*.txt hand table; # starts a comment.
func loadCases(t *testing.T) []testCase {
	t.Helper()
	files, err := filepath.Glob("testdata/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no hand tables: %v", err)
	}
	var cases []testCase
	names := map[string]string{}
	for _, file := range files {
		f, err := os.Open(file)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		for n := 1; sc.Scan(); n++ {
			line := strings.TrimSpace(sc.Text())
			if line == "" || line[0] == '#' {
				continue
			}
			c, err := parseCase(line)
			if err != nil {
				t.Errorf("%s:%d: %v", file, n, err)
				continue
			}
			where := file + ":" + strconv.Itoa(n)
			if prev, dup := names[c.name]; dup {
				t.Errorf("%s: case %q already at %s", where, c.name, prev)
			}
			names[c.name] = where
			c.line = where
			cases = append(cases, c)
		}
		f.Close()
	}
	return cases
}

// TestHands scores every hand of the tables and checks the value, the
// yaku in order, the fu parts named and the limit.
func TestHands(t *testing.T) {
	cases := loadCases(t)
	if len(cases) < 300 {
		t.Errorf("%d hands in the tables, want at least 300", len(cases))
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, err := Score(c.win, c.rules, c.pay)
			if c.refused != "" {
				var r *Refusal
				if !errors.As(err, &r) || r.Code != c.refused {
					t.Fatalf("%s: got %v (%+v), want refused %s", c.line, err, res, c.refused)
				}
				if r.Reason == "" {
					t.Errorf("%s: refusal %s has no reason", c.line, r.Code)
				}
				return
			}
			if err != nil {
				t.Fatalf("%s: %v", c.line, err)
			}
			if got := valueWord(res); got != c.value {
				t.Errorf("%s: value %s, want %s (yaku %v fu %v shape %s)", c.line, got, c.value, res.Yaku, res.FuParts, res.Shape)
			}
			if !reflect.DeepEqual(res.Yaku, c.yaku) && !(len(res.Yaku) == 0 && len(c.yaku) == 0) {
				t.Errorf("%s: yaku %v, want %v", c.line, res.Yaku, c.yaku)
			}
			for _, p := range c.parts {
				if !hasPart(res.FuParts, p) {
					t.Errorf("%s: no fu part %v in %v", c.line, p, res.FuParts)
				}
			}
			if c.limit != nil && res.Limit != *c.limit {
				t.Errorf("%s: limit %q, want %q", c.line, res.Limit, *c.limit)
			}
			if c.shape != "" && res.Shape != c.shape {
				t.Errorf("%s: shape %q, want %q", c.line, res.Shape, c.shape)
			}
			checkSums(t, c.line, res)
		})
	}
}

// checkSums: the han are the yaku's, the fu the parts'.
func checkSums(t *testing.T, where string, res Result) {
	t.Helper()
	han, fu := 0, 0
	for _, y := range res.Yaku {
		han += y.Han
	}
	for _, p := range res.FuParts {
		fu += p.Fu
	}
	if res.Value.Limit == 0 && han != res.Han {
		t.Errorf("%s: han %d, yaku sum to %d", where, res.Han, han)
	}
	if len(res.FuParts) > 0 && fu != res.Fu {
		t.Errorf("%s: fu %d, parts sum to %d", where, res.Fu, fu)
	}
}

func hasPart(parts []FuPart, p FuPart) bool {
	for _, q := range parts {
		if q.Name == p.Name && q.Fu == p.Fu {
			return true
		}
	}
	return false
}
