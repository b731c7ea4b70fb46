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
	metricRefereeRefused = metrics.NewCounter(`tabled_web_referee_refused_total`)
	metricPushes         = metrics.NewCounter(`tabled_web_pushes_total`)
)

func init() {
	// Connected tablets is opened minus closed, as a gauge for dashboards.
	metrics.NewGauge(`tabled_web_event_streams`, func() float64 {
		return float64(metricTablets.Get()) - float64(metricTabletsClosed.Get())
	})
}

func handleMetrics(w http.ResponseWriter, r *http.Request) {
	metrics.WritePrometheus(w, true)
}
