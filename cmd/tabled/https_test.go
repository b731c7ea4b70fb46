package main

import (
	"crypto/sha256"
	"crypto/tls"
	"encoding/hex"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/tabled/tabled/web"
)

// panelCert is the fingerprint line of the text panel.
var panelCert = regexp.MustCompile(`\| https certificate ((?:[0-9A-F]{2} ){7}[0-9A-F]{2})\n`)

// TestPanelShowsServedCertificate: through tabled run --sim with
// https_listen, the panel at idle shows the start of the SHA-256 of the
// certificate a TLS client receives on the HTTPS port, when the table
// made it; the start line says the whole fingerprint. With the club's
// certificate the panel shows none (the club's CA vouches for it).
func TestPanelShowsServedCertificate(t *testing.T) {
	club := t.TempDir()
	if _, _, err := web.Certificate("", "", club, []string{"127.0.0.1"}); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, cfg string
		shown     bool
	}{
		{"the table's own", "", true},
		{"the club's", fmt.Sprintf("cert_file = %q\nkey_file = %q\n", filepath.Join(club, web.SelfCertName), filepath.Join(club, web.SelfKeyName)), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			addr := freeAddr(t)
			d := startDaemonWith(t, fmt.Sprintf("https_listen = %q\n", addr)+tc.cfg, strings.NewReader(""), "--sim")
			waitUntil(t, "the text panel", func() bool { return strings.Contains(d.stdout.String(), "| lights:") })

			conn, err := tls.Dial("tcp", addr, &tls.Config{InsecureSkipVerify: true}) // the check is the person's, below
			if err != nil {
				t.Fatal(err)
			}
			served := sha256.Sum256(conn.ConnectionState().PeerCertificates[0].Raw)
			conn.Close()

			out := d.stdout.String()
			var colons []string
			for _, b := range served {
				colons = append(colons, fmt.Sprintf("%02X", b))
			}
			if want := "certificate SHA-256 " + strings.Join(colons, ":"); !strings.Contains(out, want) {
				t.Errorf("the start line does not say %q:\n%s", want, out)
			}
			m := panelCert.FindStringSubmatch(out)
			switch {
			case !tc.shown && m != nil:
				t.Fatalf("the panel shows a fingerprint for the club's certificate: %q", m[0])
			case !tc.shown:
				return
			case m == nil:
				t.Fatalf("the panel shows no fingerprint:\n%s", out)
			}
			if got, want := strings.ReplaceAll(m[1], " ", ""), strings.ToUpper(hex.EncodeToString(served[:web.ShortBytes])); got != want {
				t.Errorf("the panel shows %s, the TLS client received a certificate whose SHA-256 begins %s", m[1], want)
			}
		})
	}
}
