package journal

import (
	"fmt"
	"io"

	"github.com/tabled/tabled/claimlog"
)

// OpenLog opens the claim log in dir as the daemon does: it says on warn
// what the opening repaired (a torn last line cut), on errw each damaged
// place it found, and exports the log's metrics (ExportMetrics).
func OpenLog(dir string, warn, errw io.Writer) (*claimlog.Writer, error) {
	w, err := claimlog.Open(dir, claimlog.Options{})
	if err != nil {
		return nil, err
	}
	for _, r := range w.Repairs() {
		fmt.Fprintf(warn, "tabled: claim log: %s\n", r)
	}
	for _, d := range w.Damage() {
		fmt.Fprintf(errw, "tabled: claim log damage: %s\n", d)
	}
	ExportMetrics(w)
	return w, nil
}
