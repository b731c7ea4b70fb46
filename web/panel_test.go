package web

import (
	"bytes"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// getPanel requests path from h, with the given If-None-Match when not empty.
func getPanel(t *testing.T, h http.Handler, method, path, ifNoneMatch string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(method, path, nil)
	if ifNoneMatch != "" {
		req.Header.Set("If-None-Match", ifNoneMatch)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// TestPanelEndpoint: GET /api/panel.png serves exactly what the Panel func
// wrote, as an uncacheable PNG; a render error is a 500 that names it; no
// Panel func is a 404.
func TestPanelEndpoint(t *testing.T) {
	frame := []byte("\x89PNG\r\n\x1a\nnot really a png, but the bytes must pass unchanged")
	for _, tc := range []struct {
		name     string
		panel    func(io.Writer) error
		code     int
		body     string // the exact body, for a 200
		contains string // a part of the body, otherwise
	}{
		{name: "frame", panel: func(w io.Writer) error { _, err := w.Write(frame); return err }, code: http.StatusOK, body: string(frame)},
		{name: "render error", panel: func(w io.Writer) error {
			w.Write(frame[:4]) // a partial frame must not reach the client
			return errors.New("spi: bus busy")
		}, code: http.StatusInternalServerError, contains: "web: panel frame: spi: bus busy"},
		{name: "no panel", code: http.StatusNotFound, contains: "404"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := getPanel(t, New(Config{Hosts: testHosts, Panel: tc.panel}), "GET", "/api/panel.png", "")
			if rec.Code != tc.code {
				t.Fatalf("status %d, want %d: %s", rec.Code, tc.code, rec.Body)
			}
			if tc.code != http.StatusOK {
				if !strings.Contains(rec.Body.String(), tc.contains) || strings.Contains(rec.Body.String(), "PNG") {
					t.Fatalf("body %q, want it to mention %q and hold no frame", rec.Body, tc.contains)
				}
				return
			}
			if !bytes.Equal(rec.Body.Bytes(), []byte(tc.body)) {
				t.Fatalf("body %q, want %q", rec.Body, tc.body)
			}
			for k, want := range map[string]string{"Content-Type": "image/png", "Cache-Control": "no-store"} {
				if got := rec.Header().Get(k); got != want {
					t.Errorf("%s %q, want %q", k, got, want)
				}
			}
		})
	}
}

// TestPanelETag: the ETag is strong and follows the frame: a client that
// presents it gets a 304 without a body until the frame changes.
func TestPanelETag(t *testing.T) {
	frame := []byte("frame one")
	h := New(Config{Hosts: testHosts, Panel: func(w io.Writer) error { _, err := w.Write(frame); return err }})
	first := getPanel(t, h, "GET", "/api/panel.png", "")
	tag := first.Header().Get("ETag")
	if len(tag) < 3 || tag[0] != '"' || tag[len(tag)-1] != '"' {
		t.Fatalf("ETag %q is not a quoted strong tag", tag)
	}
	for _, tc := range []struct {
		name        string
		method      string
		ifNoneMatch string
		code        int
		body        string
	}{
		{name: "same frame", method: "GET", ifNoneMatch: tag, code: http.StatusNotModified},
		{name: "one of several tags", method: "GET", ifNoneMatch: `"0000000000000000", ` + tag, code: http.StatusNotModified},
		{name: "other tag", method: "GET", ifNoneMatch: `"0000000000000000"`, code: http.StatusOK, body: "frame one"},
		{name: "head", method: "HEAD", code: http.StatusOK},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := getPanel(t, h, tc.method, "/api/panel.png", tc.ifNoneMatch)
			if rec.Code != tc.code || rec.Body.String() != tc.body {
				t.Fatalf("%d %q, want %d %q", rec.Code, rec.Body, tc.code, tc.body)
			}
			if got := rec.Header().Get("ETag"); got != tag {
				t.Fatalf("ETag %q, want %q", got, tag)
			}
		})
	}
	frame = []byte("frame two")
	rec := getPanel(t, h, "GET", "/api/panel.png", tag)
	if rec.Code != http.StatusOK || rec.Body.String() != "frame two" {
		t.Fatalf("after the frame changed: %d %q, want 200 with the new frame", rec.Code, rec.Body)
	}
	if rec.Header().Get("ETag") == tag {
		t.Fatalf("the ETag %s did not change with the frame", tag)
	}
}
