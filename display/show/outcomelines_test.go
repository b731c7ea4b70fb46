package show

import (
	"bytes"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/outcome"
)

// TestOutcomeLines: every outcome of the updates, a line each, at its
// time on the table's clock, in the language's words; inputs write
// nothing (here the dora, in French).
func TestOutcomeLines(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		us := updates(t, "@0ms dora 3p\n+1s E discard 1z\n+3s S discard 5m", 500*time.Millisecond)
		fr, _ := catalog.Get("fr")
		var b bytes.Buffer
		each := OutcomeLines(&b, outcome.In(fr))
		outcomes := 0
		for _, u := range us {
			each(u)
			for _, e := range u.Entries {
				if e.Outcome != nil {
					outcomes++
				}
			}
		}
		lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
		if outcomes == 0 || len(lines) != outcomes {
			t.Fatalf("%d outcomes, %d lines:\n%s", outcomes, len(lines), b.String())
		}
		for _, want := range []string{"    0.000s  DORA", "indicateurs 3p"} {
			if !strings.Contains(b.String(), want) {
				t.Errorf("no line at %q:\n%s", want, b.String())
			}
		}
	})
}
