package club

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/tabled/tabled/internal/httpjson"
)

// NameBody is the body of the console's POST /api/name: a player's name
// for a seat (0..3) of a table; "" clears it.
type NameBody struct {
	Table string `json:"table"`
	Seat  int    `json:"seat"`
	Name  string `json:"name"`
}

// nameClient sends the console's names on to the tables.
var nameClient = &http.Client{Timeout: 10 * time.Second}

// handleName sets a player's name at a table from the console: the head
// referee's request goes on to the table's POST /api/referee with the
// referee token it carries ("Authorization: Bearer TOKEN"), so the table
// checks the token (and counts wrong ones) exactly as for its own
// referee. The console holds no token; it only knows the table's address
// from the table's status. The table's answer comes back as it is.
func (c *Console) handleName(w http.ResponseWriter, r *http.Request) {
	fail := func(code int, msg string) { httpjson.Write(w, code, map[string]string{"error": msg}) }
	if !httpjson.Only(w, r) {
		return
	}
	auth := r.Header.Get("Authorization")
	if !strings.HasPrefix(auth, "Bearer ") {
		fail(http.StatusUnauthorized, "the table's referee token is needed (Authorization: Bearer TOKEN)")
		return
	}
	var b NameBody
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1024))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&b); err != nil {
		fail(http.StatusBadRequest, fmt.Sprintf("body: %v (want {\"table\": name, \"seat\": 0..3, \"name\": the player's name})", err))
		return
	}
	if b.Seat < 0 || b.Seat > 3 {
		fail(http.StatusBadRequest, fmt.Sprintf("field seat: %d is not a seat 0..3", b.Seat))
		return
	}
	c.mu.Lock()
	t, ok := c.tables[b.Table]
	var status string
	if ok {
		status = t.URL
	}
	c.mu.Unlock()
	base, err := url.Parse(status)
	switch {
	case !ok:
		fail(http.StatusNotFound, fmt.Sprintf("no table %q", b.Table))
		return
	case status == "" || err != nil || (base.Scheme != "http" && base.Scheme != "https"):
		fail(http.StatusServiceUnavailable, fmt.Sprintf("table %q has not said where its status page is", b.Table))
		return
	}
	body, _ := json.Marshal(map[string]any{"action": "name", "seat": b.Seat, "name": b.Name})
	req, _ := http.NewRequestWithContext(r.Context(), "POST", base.JoinPath("api", "referee").String(), bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", auth)
	resp, err := nameClient.Do(req)
	if err != nil {
		fail(http.StatusBadGateway, fmt.Sprintf("table %q: %v", b.Table, err))
		return
	}
	defer resp.Body.Close()
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(resp.StatusCode)
	io.Copy(w, io.LimitReader(resp.Body, 4096))
}
