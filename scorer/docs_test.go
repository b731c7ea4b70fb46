package scorer_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/tabled/tabled/payment"
	. "github.com/tabled/tabled/scorer"
)

// yakuTable is the table of yaku by book that docs/scoring.md shows,
// written from the rules themselves.
func yakuTable() string {
	books := []string{"ema2016", "ema2008", "wrc2015"}
	var b strings.Builder
	b.WriteString("| yaku | ema2016 (RCR 2016) | ema2008 (RCR 2008) | wrc2015 (WRC 2015) |\n| --- | --- | --- | --- |\n")
	for _, name := range Names {
		if name == "dora" || name == "ura_dora" || name == "aka_dora" {
			continue
		}
		b.WriteString("| " + name)
		for _, book := range books {
			r, _ := Profile(book)
			cell := "not played"
			for _, y := range r.Yaku {
				if y.Name == name {
					cell = worth(y)
				}
			}
			b.WriteString(" | " + cell)
		}
		b.WriteString(" |\n")
	}
	return b.String()
}

// worth is one yaku's figure as the table writes it.
func worth(y YakuRule) string {
	switch {
	case y.Limit != payment.NoLimit:
		return y.Limit.String() + ", alone"
	case y.Yakuman && y.Open == 0:
		return "yakuman, concealed"
	case y.Yakuman:
		return "yakuman"
	case y.Open == 0:
		return fmt.Sprintf("%d, concealed", y.Closed)
	case y.Open == y.Closed:
		return fmt.Sprintf("%d", y.Closed)
	}
	return fmt.Sprintf("%d (%d open)", y.Closed, y.Open)
}

// TestDocsYakuTable: docs/scoring.md shows the yaku table the rules hold.
func TestDocsYakuTable(t *testing.T) {
	b, err := os.ReadFile("../docs/scoring.md")
	if err != nil {
		t.Fatal(err)
	}
	if want := yakuTable(); !strings.Contains(string(b), want) {
		t.Errorf("docs/scoring.md lacks the yaku table of the rules; it should read:\n%s", want)
	}
}
