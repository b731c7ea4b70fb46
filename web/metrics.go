package web

import (
	"net/http"

	"github.com/VictoriaMetrics/metrics"
)

// The web server's own metrics; the table's are registered where they are counted.
var (
	metricTablets        = metrics.NewCounter(`tabled_web_event_streams_opened_total`)
	metricTabletsClosed  = metrics.NewCounter(`tabled_web_event_streams_closed_total`)
	metricPresses        = metrics.NewCounter(`tabled_web_presses_total`)
	metricRefereeActions = metrics.NewCounter(`tabled_web_referee_actions_total`)
	// Seat entries: hand values and names from POST /api/seat.
	metricSeatEntries    = metrics.NewCounter(`tabled_web_seat_entries_total`)
	metricRefereeRefused = metrics.NewCounter(`tabled_web_referee_refused_total`)
	// Pair refused: a wrong pairing code or entry credentials.
	metricPairRefused = metrics.NewCounter(`tabled_web_pair_refused_total`)
	metricPushes      = metrics.NewCounter(`tabled_web_pushes_total`)
	metricConnsOpened = metrics.NewCounter(`tabled_web_connections_opened_total`)
	metricConnsClosed = metrics.NewCounter(`tabled_web_connections_closed_total`)
	// Refused: over the cap with every connection busy; evicted: an idle
	// one closed to make room for a new one.
	metricConnsRefused = metrics.NewCounter(`tabled_web_connections_refused_total`)
	metricConnsEvicted = metrics.NewCounter(`tabled_web_connections_evicted_total`)
	metricStreamsBusy  = metrics.NewCounter(`tabled_web_event_streams_refused_total`)
	// Lagged: a stream that fell further behind than the hub holds, dropped.
	metricStreamsLagged = metrics.NewCounter(`tabled_web_event_streams_lagged_total`)
	// Refused for naming another host (DNS rebinding), for pressing faster
	// than a hand can, for exporting while exports run.
	metricHostRefused   = metrics.NewCounter(`tabled_web_host_refused_total`)
	metricPressRefused  = metrics.NewCounter(`tabled_web_presses_refused_total`)
	metricExportRefused = metrics.NewCounter(`tabled_web_exports_refused_total`)
)

func init() {
	// Connected tablets is opened minus closed, as a gauge for dashboards.
	metrics.NewGauge(`tabled_web_event_streams`, func() float64 {
		return float64(metricTablets.Get()) - float64(metricTabletsClosed.Get())
	})
	metrics.NewGauge(`tabled_web_connections`, func() float64 {
		return float64(metricConnsOpened.Get()) - float64(metricConnsClosed.Get())
	})
}

func handleMetrics(w http.ResponseWriter, r *http.Request) {
	metrics.WritePrometheus(w, true)
}
