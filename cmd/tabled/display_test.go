package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tabled/tabled/config"
)

func TestStatusURL(t *testing.T) {
	host, err := os.Hostname()
	if err != nil {
		t.Fatal(err)
	}
	host = strings.TrimSuffix(host, ".local")
	for _, tc := range []struct {
		web  config.Web
		want string
	}{
		{config.Web{Listen: ":8080", URL: "http://table-7.local/"}, "http://table-7.local/"},
		{config.Web{Listen: ":8080"}, "http://" + host + ".local:8080/"},
		{config.Web{Listen: "0.0.0.0:80"}, "http://" + host + ".local:80/"},
		{config.Web{Listen: "0.0.0.0:8080", URL: "lan"}, "http://192.168.1.23:8080/"},
		{config.Web{Listen: "127.0.0.1:8080"}, "http://127.0.0.1:8080/"},
		{config.Web{Listen: "[::1]:9000"}, "http://[::1]:9000/"},
		{config.Web{Listen: "nonsense"}, ""},
	} {
		lan := func() string { return "" } // no LAN address: the mDNS name
		if tc.web.URL == "lan" {
			tc.web.URL, lan = "", func() string { return "192.168.1.23" }
		}
		if got := statusURLWith(tc.web, lan); got != tc.want {
			t.Errorf("statusURL(%+v) = %q, want %q", tc.web, got, tc.want)
		}
	}
}

// TestMissingPanelStopsTheDaemon: a panel the config names but the board
// does not have is an error at start that says which, not a silent table.
func TestMissingPanelStopsTheDaemon(t *testing.T) {
	dir := t.TempDir()
	cfgFile := filepath.Join(dir, "tabled.toml")
	cfg := "[log]\ndir = \"" + filepath.Join(dir, "log") + "\"\n[web]\nlisten = \"127.0.0.1:0\"\n[display]\npanel = \"eink\"\npanel_spi = \"/dev/spidev9.9\"\n"
	if err := os.WriteFile(cfgFile, []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr syncBuffer
	code := runDaemon(context.Background(), []string{"--config", cfgFile}, strings.NewReader(""), &stdout, &stderr)
	if code != 2 || !strings.Contains(stderr.String(), `display: e-ink: SPI port "/dev/spidev9.9"`) {
		t.Fatalf("exit %d, stderr %q", code, stderr.String())
	}
}
