package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tabled/tabled/club"
	"github.com/tabled/tabled/club/clubtest"
)

// TestClubRosterThroughTheCommand: `tabled club --tables host1`, as a
// process, on a real mosquitto without the ACL where two made-up names
// have published a status: a real table (`tabled run --sim` named host1)
// shows on the console's page with its events, the made-up names do not,
// and the console's own row names them refused.
func TestClubRosterThroughTheCommand(t *testing.T) {
	bin := buildTabled(t)
	b := clubtest.Start(t)
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	defer func() { cancel(); wg.Wait() }()
	for _, name := range []string{"forged-1", "forged-2"} {
		p, err := club.NewPublisher(club.PublisherConfig{Broker: club.Broker{URL: b.URL()}, Table: name, Outbox: club.NewMemOutbox(),
			AckFile: filepath.Join(t.TempDir(), "ack")})
		if err != nil {
			t.Fatal(err)
		}
		wg.Add(1)
		go func() { defer wg.Done(); p.Run(ctx) }()
	}
	addr := freeAddr(t)
	console := exec.Command(bin, "club", "--broker", b.URL(), "--tables", "host1", "--listen", addr, "--client-id", "console-roster")
	if err := console.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { console.Process.Kill(); console.Wait() })
	var ts []club.TableView
	host1, refused := false, 0
	page := func() bool {
		resp, err := http.Get("http://" + addr + "/api/tables")
		if err != nil {
			return false
		}
		defer resp.Body.Close()
		ts = nil
		if json.NewDecoder(resp.Body).Decode(&ts) != nil {
			return false
		}
		host1, refused = false, 0
		for _, v := range ts {
			host1 = host1 || v.Table == "host1" && v.Seq > 0
			for _, a := range v.Alerts {
				if v.Table == club.ConsoleRow && a.Kind == "not-on-roster" {
					refused = strings.Count(a.Text, `"forged-`)
				}
			}
		}
		return host1 && refused == 2
	}
	// The made-up names refused show the console subscribed: a table
	// started now has none of its events published before the console
	// listens (which it would join after).
	for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if page(); refused == 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the console's page never named both made-up names refused: %+v", ts)
		}
	}
	startDaemonWith(t, fmt.Sprintf("[table]\nname = \"host1\"\n\n[club]\nbroker = %q\n", b.URL()), strings.NewReader(""), "--sim")
	for deadline := time.Now().Add(60 * time.Second); !page(); time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the console's page never showed host1 with its events and both made-up names refused: %+v", ts)
		}
	}
	for _, v := range ts {
		if strings.HasPrefix(v.Table, "forged-") {
			t.Errorf("the console shows the made-up table %q", v.Table)
		}
	}
}
