package inputs

import (
	"github.com/VictoriaMetrics/metrics"
	"github.com/tabled/tabled/hw/link"
)

// linkMetrics exports the serial link's health on /metrics.
func linkMetrics(l *link.Link) {
	gauge := func(name string, f func(h link.Health) float64) {
		metrics.GetOrCreateGauge(name, func() float64 { return f(l.Health()) })
	}
	b := func(v bool) float64 {
		if v {
			return 1
		}
		return 0
	}
	gauge(`tabled_serial_connected`, func(h link.Health) float64 { return b(h.Connected) })
	gauge(`tabled_serial_up`, func(h link.Health) float64 { return b(h.Up) })
	gauge(`tabled_serial_queries_total`, func(h link.Health) float64 { return float64(h.Queries) })
	gauge(`tabled_serial_not_durable_total`, func(h link.Health) float64 { return float64(h.NotDurable) })
	gauge(`tabled_serial_stale_acks_total`, func(h link.Health) float64 { return float64(h.StaleAcks) })
	gauge(`tabled_serial_reboots_total`, func(h link.Health) float64 { return float64(h.Reboots) })
	gauge(`tabled_serial_events_lost_total`, func(h link.Health) float64 { return float64(h.EventsLost) })
	gauge(`tabled_serial_reader_faults_total`, func(h link.Health) float64 { return float64(h.ReaderFaults) })
	gauge(`tabled_serial_device_changes_total`, func(h link.Health) float64 { return float64(h.DeviceChanges) })
	gauge(`tabled_serial_refused_total`, func(h link.Health) float64 { return float64(h.Refused) })
	gauge(`tabled_serial_watermark_seconds`, func(h link.Health) float64 { return h.Watermark.Seconds() })
	gauge(`tabled_serial_losses_total`, func(h link.Health) float64 { return float64(h.Losses) })
	gauge(`tabled_serial_bad_frames_total`, func(h link.Health) float64 { return float64(h.BadFrames) })
	gauge(`tabled_serial_duplicates_total`, func(h link.Health) float64 { return float64(h.Duplicates) })
	gauge(`tabled_serial_retransmits_total`, func(h link.Health) float64 { return float64(h.Retransmits) })
	gauge(`tabled_serial_events_total`, func(h link.Health) float64 { return float64(h.Events) })
	gauge(`tabled_serial_clock_drift_ppm`, func(h link.Health) float64 { return h.DriftPPM })
	gauge(`tabled_serial_min_rtt_seconds`, func(h link.Health) float64 { return h.MinRTT.Seconds() })
	gauge(`tabled_serial_sync_samples`, func(h link.Health) float64 { return float64(h.SyncSamples) })
}
