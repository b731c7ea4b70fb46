package journal

import (
	"fmt"
	"time"

	"github.com/VictoriaMetrics/metrics"
	"github.com/tabled/tabled/claimlog"
)

// Metered is the table's journal on the claim log w, with what it writes
// counted on /metrics: what the table decided, by kind and type, and how
// long each batch took to reach the disk.
func Metered(w *claimlog.Writer) Log {
	return Log{W: w, Observe: observeAppend}
}

// observeAppend counts a batch the claim log wrote: what the table
// decided, by kind and type, and how long the write and fsync took.
func observeAppend(recs []claimlog.Record, took time.Duration, err error) {
	for _, r := range recs {
		metrics.GetOrCreateCounter(fmt.Sprintf(`tabled_entries_total{kind=%q,type=%q}`, r.Kind, r.Type)).Inc()
	}
	metricAppendSeconds.Update(took.Seconds())
	metricAppendedRecords.Add(len(recs))
	if err != nil {
		metricAppendErrors.Inc()
	}
}

// ExportMetrics exports the claim log w's disk and damage on /metrics:
// free bytes, whether space is low (the reserve given up, or under the
// threshold), lines found damaged, and alerts met while writing.
func ExportMetrics(w *claimlog.Writer) {
	metrics.GetOrCreateGauge(`tabled_claimlog_free_bytes`, func() float64 {
		free, _ := w.FreeBytes()
		return float64(free)
	})
	metrics.GetOrCreateGauge(`tabled_claimlog_low_space`, func() float64 {
		if w.LowSpace() {
			return 1
		}
		return 0
	})
	metrics.GetOrCreateGauge(`tabled_claimlog_damage`, func() float64 { return float64(len(w.Damage())) })
	metrics.GetOrCreateGauge(`tabled_claimlog_alerts`, func() float64 { return float64(len(w.Alerts())) })
}

// The claim log's health, on /metrics: how long a batch takes to reach the
// disk (write + fsync), how many records, how many failures.
var (
	metricAppendSeconds   = metrics.NewHistogram(`tabled_claimlog_append_seconds`)
	metricAppendedRecords = metrics.NewCounter(`tabled_claimlog_records_total`)
	metricAppendErrors    = metrics.NewCounter(`tabled_claimlog_append_errors_total`)
)
