package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

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
