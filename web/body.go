package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
)

// MaxBody is the largest request body the server reads: a press or a
// referee action is a few dozen bytes.
const MaxBody = 4096

// ErrBodyTooLarge is returned by the body decoders for a body over MaxBody;
// the server answers it with 413.
var ErrBodyTooLarge = fmt.Errorf("body: larger than %d bytes", MaxBody)

// errBodyTimeout is a body the client did not finish sending in time.
var errBodyTimeout = errors.New("body: not sent within the server's read timeout")

// decodeBody reads one JSON object of at most MaxBody bytes into v. Unknown
// fields are refused, and so is anything but white space after the object:
// a body is exactly one object, so two concatenated ones cannot smuggle a
// second action past a check of the first.
func decodeBody(r io.Reader, v any) error {
	b, err := io.ReadAll(io.LimitReader(r, MaxBody+1))
	if err != nil {
		if ne, ok := errors.AsType[net.Error](err); ok && ne.Timeout() {
			return fmt.Errorf("%w: %v", errBodyTimeout, err)
		}
		return fmt.Errorf("body: %w", err)
	}
	if len(b) > MaxBody {
		return ErrBodyTooLarge
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		if errors.Is(err, io.EOF) {
			return errors.New("body: empty, want a JSON object")
		}
		return fmt.Errorf("body: %v", err)
	}
	if rest := bytes.TrimSpace(b[dec.InputOffset():]); len(rest) > 0 {
		return fmt.Errorf("body: trailing data after the JSON object at byte %d: %q", dec.InputOffset(), clip(rest, 32))
	}
	return nil
}

// clip shortens b for an error message.
func clip(b []byte, n int) string {
	if len(b) > n {
		return string(b[:n]) + "…"
	}
	return string(b)
}

// badBody answers a body the decoders refused: 413 for one too large,
// 400 naming the problem otherwise.
func badBody(w http.ResponseWriter, err error) {
	code := http.StatusBadRequest
	switch {
	case errors.Is(err, ErrBodyTooLarge):
		code = http.StatusRequestEntityTooLarge
	case errors.Is(err, errBodyTimeout):
		code = http.StatusRequestTimeout
	}
	writeJSON(w, code, map[string]string{"error": err.Error()})
}
