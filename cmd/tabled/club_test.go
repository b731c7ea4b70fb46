package main

import (
	"bytes"
	"context"
	"crypto/tls"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/tabled/tabled/alert"
	"github.com/tabled/tabled/club"
	"github.com/tabled/tabled/club/clubtest"
)

// TestClubPasswordNotAFlag: tabled club refuses --password (any user sees
// a flag in ps) and says what to use instead.
func TestClubPasswordNotAFlag(t *testing.T) {
	var out, errs strings.Builder
	code := cmdClub([]string{"--password", "hunter2"}, &out, &errs)
	if code != 2 || !strings.Contains(errs.String(), "$TABLED_BROKER_PASSWORD") || !strings.Contains(errs.String(), "--password-file") {
		t.Fatalf("exit %d, said %q; want 2 and the replacements named", code, errs.String())
	}
}

// TestClubTablesFlag: a --tables name that cannot be a table's is
// refused at start, naming it.
func TestClubTablesFlag(t *testing.T) {
	var out, errs strings.Builder
	code := cmdClub([]string{"--tables", "table-1,table/2"}, &out, &errs)
	if code != 2 || !strings.Contains(errs.String(), `--tables: club: roster: name 2, "table/2"`) {
		t.Fatalf("exit %d, said %q; want 2 and the name refused", code, errs.String())
	}
}

// TestRunRefusesWeakToken: tabled run with the example's referee token, or
// a short one, stops at start and says why and what to do.
func TestRunRefusesWeakToken(t *testing.T) {
	for _, tok := range []string{"change-me", "s3cret"} {
		dir := t.TempDir()
		cfg := filepath.Join(dir, "tabled.toml")
		os.WriteFile(cfg, fmt.Appendf(nil, "[table]\nname = \"t1\"\n[log]\ndir = %q\n[web]\nlisten = \"127.0.0.1:0\"\nreferee_token = %q\n", filepath.Join(dir, "log"), tok), 0o644)
		var out, errs strings.Builder
		if code := cmdRun([]string{"--sim", "--config", cfg}, &out, &errs); code == 0 {
			t.Fatalf("token %q: tabled run started", tok)
		}
		if !strings.Contains(errs.String(), "line 7: referee_token") || !strings.Contains(errs.String(), "openssl rand -hex 16") {
			t.Errorf("token %q: said %q, want the line, the reason and how to make one", tok, errs.String())
		}
	}
}

// TestTwoTablesOneNameAlertOnPanel: through tabled run, two tables
// configured with the same name on one broker (a real mosquitto) cut each
// other off at it; each notes the alert on its own panel, with the reason.
func TestTwoTablesOneNameAlertOnPanel(t *testing.T) {
	b := clubtest.Start(t)
	cfg := fmt.Sprintf("[table]\nname = \"twin\"\n\n[club]\nbroker = %q\n", b.URL())
	var ds []*runningDaemon
	for range 2 {
		ds = append(ds, startDaemonWith(t, cfg, strings.NewReader(""), "--sim"))
	}
	waitUntil(t, "the client-id alert on a table's panel", func() bool {
		for _, d := range ds {
			if strings.Contains(d.stdout.String(), "| ALERT ") && strings.Contains(d.stdout.String(), alert.Label(string(alert.ClientID))+": the broker cut table \"twin\" off for another client with its client id") {
				return true
			}
		}
		return false
	})
}

// TestBrokerTLSWithClubCA: a table run with ca_file reaches a broker
// that speaks only TLS, with a certificate of the club's own CA (a real
// mosquitto), and the console, with that CA (club.TLSWithCA, what
// tabled club --ca-file uses), sees it online; without the CA the
// console's connection is refused, saying why. tabled club names a CA
// file it cannot read.
func TestBrokerTLSWithClubCA(t *testing.T) {
	b, ca := clubtest.StartTLS(t)
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	defer func() { cancel(); wg.Wait() }()
	watch := func(tlsCfg *tls.Config, onStatus func(club.Status), onBroker func(club.BrokerStatus)) {
		w, err := club.NewWatcher(club.WatcherConfig{Broker: club.Broker{URL: b.URL(), TLS: tlsCfg}, ClientID: fmt.Sprintf("console-tls-%v", tlsCfg != nil),
			OnStatus: onStatus, OnBroker: onBroker})
		if err != nil {
			t.Fatal(err)
		}
		wg.Add(1)
		go func() { defer wg.Done(); w.Run(ctx) }()
	}
	withCA, err := club.TLSWithCA(ca)
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	online, refused := false, ""
	watch(withCA, func(s club.Status) { mu.Lock(); online = online || s.Table == "tls-table" && s.Online; mu.Unlock() }, nil)
	watch(nil, nil, func(s club.BrokerStatus) {
		if s.State == club.BrokerUnreachable {
			mu.Lock()
			refused = s.Detail
			mu.Unlock()
		}
	})
	startDaemonWith(t, fmt.Sprintf("[table]\nname = \"tls-table\"\n\n[club]\nbroker = %q\nca_file = %q\n", b.URL(), ca), strings.NewReader(""), "--sim")
	waitUntil(t, "the table online at the TLS broker, seen by a console with the club's CA", func() bool { mu.Lock(); defer mu.Unlock(); return online })
	waitUntil(t, "the console without the club's CA refused", func() bool { mu.Lock(); defer mu.Unlock(); return refused != "" })
	if !strings.Contains(refused, "certificate") {
		t.Errorf("the console without the CA says %q, want the certificate named", refused)
	}

	var out, errs bytes.Buffer
	missing := filepath.Join(t.TempDir(), "club-ca.crt")
	if code := cmdClub([]string{"--broker", b.URL(), "--ca-file", missing, "--listen", "127.0.0.1:0"}, &out, &errs); code != 2 || !strings.Contains(errs.String(), missing) {
		t.Errorf("tabled club --ca-file %s: exit %d, %q; want 2 naming the file", missing, code, errs.String())
	}
}
