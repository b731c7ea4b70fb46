package web

import (
	"crypto/tls"
	"io"
	"slices"
	"strings"
	"testing"
)

// TestListenHTTPS: no https_listen, no HTTPS side; with one, a listener
// serving the certificate the table made for its names, whose fingerprint
// is said and whose start is for the panels.
func TestListenHTTPS(t *testing.T) {
	if hs, err := ListenHTTPS(HTTPSConfig{StateDir: t.TempDir()}, io.Discard); err != nil || hs.Listener != nil || hs.URL != "" {
		t.Fatalf("no https_listen: %+v %v", hs, err)
	}
	names := TableNames("table7.club.example", "127.0.0.1:8080")
	if !slices.Contains(names, "table7.club.example") || !slices.Contains(names, "127.0.0.1:8080") || len(names) < 3 {
		t.Fatalf("names %v: want the given ones, the LAN address and the host's", names)
	}
	var said strings.Builder
	hs, err := ListenHTTPS(HTTPSConfig{Listen: "127.0.0.1:0", StateDir: t.TempDir(), StatusListen: "127.0.0.1:8080", Names: names}, &said)
	if err != nil {
		t.Fatal(err)
	}
	defer hs.Listener.Close()
	if hs.Cert == "" || !strings.Contains(said.String(), "certificate SHA-256 "+strings.ReplaceAll(hs.Cert, " ", ":")) || !strings.HasPrefix(hs.URL, "https://") {
		t.Fatalf("said %q, cert %q, url %q", said.String(), hs.Cert, hs.URL)
	}
	go func() {
		c, err := hs.Listener.Accept()
		if err == nil {
			c.(*tls.Conn).Handshake()
			c.Close()
		}
	}()
	c, err := tls.Dial("tcp", hs.Listener.Addr().String(), &tls.Config{InsecureSkipVerify: true})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	leaf := c.ConnectionState().PeerCertificates[0]
	if fp := Fingerprint(leaf.Raw); !strings.Contains(said.String(), fp) {
		t.Errorf("the served certificate %s is not the one said: %s", fp, said.String())
	}
	if !slices.Contains(leaf.DNSNames, "table7.club.example") {
		t.Errorf("certificate names %v", leaf.DNSNames)
	}
}
