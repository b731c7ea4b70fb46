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
	if client, ok := s.admitClientStream(w, r); !ok {
		return
	} else if client != "" {
		defer s.streamsBy.done(client)
	}
	if !s.admitStream(w) {
		return
	}
	defer s.streams.Add(-1)
	metricTablets.Inc()
	defer metricTabletsClosed.Inc()

	h := s.hubFor(pageLang(r))
	sw := newStreamWriter(w, s.cfg.Limits.StreamWrite)
	cursor, ok := s.startStream(h, sw, r.Header.Get("Last-Event-ID"))
	if !ok || sw.flush() != nil {
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
			if sw.send(ev.id, ev.data) != nil {
				return
			}
		}
		if len(batch) > 0 {
			clear(batch) // let the ring's events go
			if sw.flush() != nil {
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
			if sw.write([]byte(": keep-alive\n\n")) != nil || sw.flush() != nil {
				return
			}
		}
	}
}

// admitStream counts a new stream in, or answers 503 when the table has
// as many as it serves.
// admitClientStream counts a stream against its client's cap
// (Limits.MaxStreamsPerAddr), answering 503 when the client holds as many
// already; it returns the client to count the stream's end against, ""
// for the machine itself, which is not capped.
func (s *Server) admitClientStream(w http.ResponseWriter, r *http.Request) (string, bool) {
	if loopback(r.RemoteAddr) {
		return "", true
	}
	client := clientKey(r.RemoteAddr)
	if !s.streamsBy.add(client, s.cfg.Limits.MaxStreamsPerAddr) {
		metricStreamsBusy.Inc()
		w.Header().Set("Retry-After", "10")
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{
			"error": fmt.Sprintf("too many live streams from %s (%d): close other pages of this table", client, s.cfg.Limits.MaxStreamsPerAddr)})
		return "", false
	}
	return client, true
}

func (s *Server) admitStream(w http.ResponseWriter) bool {
	if n := s.streams.Add(1); n > int64(s.cfg.Limits.MaxStreams) {
		s.streams.Add(-1)
		metricStreamsBusy.Inc()
		w.Header().Set("Retry-After", "10")
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{
			"error": fmt.Sprintf("too many live streams (%d): this table's page is at its limit, try again shortly", s.cfg.Limits.MaxStreams)})
		return false
	}
	return true
}

// startStream opens the stream and returns the hub's cursor to stream
// from: after lastID, the Last-Event-ID of a page that reconnects, when the
// hub still holds what came since; else from now, after the state sent
// first (resync: the page was away too long, or its table restarted). h
// is the hub of the page's language.
func (s *Server) startStream(h *hub, sw *streamWriter, lastID string) (cursor uint64, ok bool) {
	sw.w.Header().Set("Content-Type", "text/event-stream")
	sw.w.Header().Set("Cache-Control", "no-cache")
	sw.w.WriteHeader(http.StatusOK)
	cursor = h.cursor()
	resync := false
	if lastID != "" {
		after, err := strconv.ParseUint(lastID, 10, 64)
		ok := err == nil && after <= s.cfg.Table.Seq()
		if ok {
			cursor, ok = h.resume(after)
		}
		resync = !ok
	}
	if lastID == "" || resync {
		sv := h.state()
		b, err := json.Marshal(map[string]any{"state": sv, "resync": resync})
		if err != nil || sw.send(sv.Seq, b) != nil {
			return cursor, false
		}
	}
	return cursor, true
}

// streamWriter writes a stream's events, each write with its deadline: a
// client that stops reading is dropped at its next write.
type streamWriter struct {
	w       http.ResponseWriter
	rc      *http.ResponseController
	timeout time.Duration
}

// newStreamWriter takes over w for a stream: the request is in, and the
// server's read timeout would otherwise end the stream; liveness comes
// from the per-write deadline instead.
func newStreamWriter(w http.ResponseWriter, timeout time.Duration) *streamWriter {
	rc := http.NewResponseController(w)
	rc.SetReadDeadline(time.Time{})
	return &streamWriter{w: w, rc: rc, timeout: timeout}
}

func (sw *streamWriter) write(b []byte) error {
	sw.rc.SetWriteDeadline(time.Now().Add(sw.timeout))
	_, err := sw.w.Write(b)
	return err
}

// send writes one update event.
func (sw *streamWriter) send(id uint64, data []byte) error {
	if err := sw.write(fmt.Appendf(nil, "id: %d\nevent: update\ndata: ", id)); err != nil {
		return err
	}
	if err := sw.write(data); err != nil {
		return err
	}
	metricPushes.Inc()
	return sw.write([]byte("\n\n"))
}

func (sw *streamWriter) flush() error {
	sw.rc.SetWriteDeadline(time.Now().Add(sw.timeout))
	return sw.rc.Flush()
}
