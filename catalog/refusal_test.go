package catalog

import (
	"fmt"
	"testing"
	"time"
)

// TestRefusal: a refusal is its key's message with its parameters, in
// English as Error and in any language by In; a nested refusal is worded
// in the same language; English keeps Go's forms of numbers and
// durations (so logs stay as they were), French its own; ErrorIn finds a
// refusal wrapped in an error and leaves another error as it is.
func TestRefusal(t *testing.T) {
	fr, _ := Get("fr")
	nested := Refuse("i33.parse.value", "why", Refuse("i33.parse.as_is", "why", "x"))
	for _, c := range []struct {
		r      *Refusal
		en, fr string
	}{
		{Refuse("i33.parse.too_long", "n", 4096), "line longer than 4096 bytes", "ligne de plus de 4\u00a0096 octets"},
		{Refuse("i33.parse.bad_window", "word", Quoted("-5ms"), "max", time.Minute),
			`window "-5ms" is not a duration like 250ms, more than 0 and at most 1m0s`,
			"window « -5ms » n'est pas une durée comme 250ms, de plus de 0 et d'au plus 1 min"},
		{Refuse("i33.parse.not_a_seat", "word", Quoted("\x01")),
			`"\x01" is not a seat wind (E, S, W, N) nor dora, ura, newhand or time`,
			`« \x01 » n'est ni un vent de siège (E, S, W, N) ni dora, ura, newhand ou time`},
		{nested, "value: x", "value : x"},
	} {
		if got := c.r.Error(); got != c.en {
			t.Errorf("%s in English: %q, want %q", c.r.Key, got, c.en)
		}
		if got := c.r.In(nil); got != c.en {
			t.Errorf("%s without a language: %q, want the English %q", c.r.Key, got, c.en)
		}
		if got := c.r.In(fr); got != c.fr {
			t.Errorf("%s in French: %q, want %q", c.r.Key, got, c.fr)
		}
		if got := ErrorIn(fr, fmt.Errorf("pkg: op: %w", c.r)); got != c.fr {
			t.Errorf("%s wrapped, in French: %q, want %q", c.r.Key, got, c.fr)
		}
	}
	if got := ErrorIn(fr, fmt.Errorf("pkg: %s", "plain")); got != "pkg: plain" {
		t.Errorf("an error that is no refusal: %q", got)
	}
}
