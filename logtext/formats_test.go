package logtext

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/tabled/tabled/claimlog"
)

// TestFormats: each of tabled log's formats prints a golden log and counts
// the records the filter passes, the same count in every format; the
// results sheet reads the whole log whatever the filter.
func TestFormats(t *testing.T) {
	dir := logs[0]
	total := 0
	for _, c := range []struct{ filter claimlog.Filter }{
		{claimlog.Filter{}},
		{claimlog.Filter{Hand: 1, Seat: "S"}},
	} {
		counts := map[int]bool{}
		for name, f := range Formats {
			var out bytes.Buffer
			var damage []claimlog.Damage
			n, err := f(context.Background(), &out, dir, Options{Filter: c.filter}, func(d claimlog.Damage) { damage = append(damage, d) })
			if err != nil || len(damage) > 0 {
				t.Fatalf("%s %+v: %v %v", name, c.filter, err, damage)
			}
			if n == 0 || out.Len() == 0 {
				t.Errorf("%s %+v: %d records, %d bytes", name, c.filter, n, out.Len())
			}
			if name == "text" && strings.Count(out.String(), "\n") != n {
				t.Errorf("text %+v: %d lines for %d records", c.filter, strings.Count(out.String(), "\n"), n)
			}
			counts[n] = true
		}
		if len(counts) != 1 {
			t.Errorf("%+v: the formats count %v records", c.filter, counts)
		}
		for n := range counts {
			if total > 0 && n >= total {
				t.Errorf("%+v passes %d of %d records", c.filter, n, total)
			}
			total = n
		}
	}
}
