package syslevel

import (
	"bytes"
	"fmt"
	"testing"
)

// TestEveryLinePrefixed: under the journal every line has its level, a
// line written in pieces once; on a terminal the text is plain and has no
// debug lines.
func TestEveryLinePrefixed(t *testing.T) {
	for _, c := range []struct {
		journal bool
		want    string
	}{
		{true, "<3>fatal: a\n<3>b and c\n<4>warned\n<3>d\n<7>link internals\n"},
		{false, "fatal: a\nb and c\nwarned\nd\n"},
	} {
		var b bytes.Buffer
		errw := New(&b, c.journal, Err)
		fmt.Fprint(errw, "fatal: a\nb")
		fmt.Fprint(errw, " and c\n")
		fmt.Fprintln(At(errw, Warning), "warned")
		fmt.Fprintln(errw, "d")
		fmt.Fprintln(At(errw, Debug), "link internals")
		if b.String() != c.want {
			t.Errorf("journal %v: got %q, want %q", c.journal, b.String(), c.want)
		}
	}
}
