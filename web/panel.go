package web

import (
	"bytes"
	"fmt"
	"hash/fnv"
	"net/http"
	"time"
)

// handlePanel serves the table panel's current frame as a PNG. The frame is
// rendered into memory first, so a render error is a clean 500 rather than a
// 200 with a truncated image. The strong ETag lets a client that polls get a
// 304 while the panel is unchanged; no-store keeps a browser from showing a
// stale frame when it refetches after an update.
func (s *Server) handlePanel(w http.ResponseWriter, r *http.Request) {
	var buf bytes.Buffer
	if err := s.cfg.Panel(&buf); err != nil {
		http.Error(w, fmt.Errorf("web: panel frame: %w", err).Error(), http.StatusInternalServerError)
		return
	}
	h := fnv.New64a()
	h.Write(buf.Bytes())
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("ETag", fmt.Sprintf(`"%016x"`, h.Sum64()))
	// ServeContent answers If-None-Match with 304 and HEAD without a body.
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(buf.Bytes()))
}
