package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"time"
)

// handleEvents streams updates as Server-Sent Events; each event's id is
// the sequence number of its last entry. A tablet that reconnects sends the
// id of the last event it got and gets what it missed, in pages; one that
// was away longer than the hub remembers is told to start again from the
// state. A stream whose client stops reading is dropped at its next write.
func (s *Server) handleEvents(w http.ResponseWriter, r *http.Request) {
	if !loopback(r.RemoteAddr) {
		client := clientKey(r.RemoteAddr)
		if !s.streamsBy.add(client, s.cfg.Limits.MaxStreamsPerAddr) {
			metricStreamsBusy.Inc()
			w.Header().Set("Retry-After", "10")
			writeJSON(w, http.StatusServiceUnavailable, map[string]string{
				"error": fmt.Sprintf("too many live streams from %s (%d): close other pages of this table", client, s.cfg.Limits.MaxStreamsPerAddr)})
			return
		}
		defer s.streamsBy.done(client)
	}
	if n := s.streams.Add(1); n > int64(s.cfg.Limits.MaxStreams) {
		s.streams.Add(-1)
		metricStreamsBusy.Inc()
		w.Header().Set("Retry-After", "10")
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{
			"error": fmt.Sprintf("too many live streams (%d): this table's page is at its limit, try again shortly", s.cfg.Limits.MaxStreams)})
		return
	}
	defer s.streams.Add(-1)
	metricTablets.Inc()
	defer metricTabletsClosed.Inc()

	t, h := s.cfg.Table, s.hub
	rc := http.NewResponseController(w)
	// The request is in: the server's read timeout would otherwise end the
	// stream. Liveness comes from the per-write deadline instead.
	rc.SetReadDeadline(time.Time{})
	write := func(b []byte) error {
		rc.SetWriteDeadline(time.Now().Add(s.cfg.Limits.StreamWrite))
		_, err := w.Write(b)
		return err
	}
	send := func(id uint64, data []byte) error {
		if err := write(fmt.Appendf(nil, "id: %d\nevent: update\ndata: ", id)); err != nil {
			return err
		}
		if err := write(data); err != nil {
			return err
		}
		metricPushes.Inc()
		return write([]byte("\n\n"))
	}
	flush := func() error {
		rc.SetWriteDeadline(time.Now().Add(s.cfg.Limits.StreamWrite))
		return rc.Flush()
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)

	cursor := h.cursor()
	resync := false
	if id := r.Header.Get("Last-Event-ID"); id != "" {
		after, err := strconv.ParseUint(id, 10, 64)
		ok := err == nil && after <= t.Seq()
		if ok {
			cursor, ok = h.resume(after)
		}
		resync = !ok
	}
	if r.Header.Get("Last-Event-ID") == "" || resync {
		// A new page, or one that was away too long (or whose table
		// restarted): it starts from the state.
		sv := h.state()
		seq := sv.Seq
		b, err := json.Marshal(map[string]any{"state": sv, "resync": resync})
		if err != nil || send(seq, b) != nil {
			return
		}
	}
	if flush() != nil {
		return
	}
	tick := time.NewTicker(s.cfg.KeepAlive)
	defer tick.Stop()
	var batch []event
	for {
		var wait <-chan struct{}
		var lost, done bool
		batch, cursor, wait, lost, done = h.read(batch[:0], cursor, 16)
		if lost {
			metricStreamsLagged.Inc()
			return // too far behind: the browser reconnects with Last-Event-ID
		}
		for _, ev := range batch {
			if send(ev.id, ev.data) != nil {
				return
			}
		}
		if len(batch) > 0 {
			clear(batch) // let the ring's events go
			if flush() != nil {
				return
			}
			continue
		}
		if done {
			return // the table stopped
		}
		select {
		case <-r.Context().Done():
			return
		case <-wait:
		case <-tick.C:
			if write([]byte(": keep-alive\n\n")) != nil || flush() != nil {
				return
			}
		}
	}
}
