package web

import (
	"os"
	"strings"
	"testing"
)

// TestStatusURL: the address the start line and the panels' QR code name,
// for each way [web] may be configured.
func TestStatusURL(t *testing.T) {
	host, err := os.Hostname()
	if err != nil {
		t.Fatal(err)
	}
	host = strings.TrimSuffix(host, ".local")
	for _, tc := range []struct {
		url, listen string
		want        string
	}{
		{"http://table-7.local/", ":8080", "http://table-7.local/"},
		{"", ":8080", "http://" + host + ".local:8080/"},
		{"", "0.0.0.0:80", "http://" + host + ".local:80/"},
		{"lan", "0.0.0.0:8080", "http://192.168.1.23:8080/"},
		{"", "127.0.0.1:8080", "http://127.0.0.1:8080/"},
		{"", "[::1]:9000", "http://[::1]:9000/"},
		{"", "nonsense", ""},
	} {
		lan := func() string { return "" } // no LAN address: the mDNS name
		if tc.url == "lan" {
			tc.url, lan = "", func() string { return "192.168.1.23" }
		}
		if got := statusURLWith(tc.url, tc.listen, lan); got != tc.want {
			t.Errorf("StatusURL(%q, %q) = %q, want %q", tc.url, tc.listen, got, tc.want)
		}
	}
}
