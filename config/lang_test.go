package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTextLang: --lang first, then the configuration's [table] language,
// then English; a language the catalog lacks is an error naming those it
// has, and a configuration's checked language is its Lang.
func TestTextLang(t *testing.T) {
	fr := filepath.Join(t.TempDir(), "fr.toml")
	if err := os.WriteFile(fr, []byte("[table]\nlanguage = \"fr\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		lang, cfgFile, want string
	}{
		{"", "", "en"},
		{"fr", "", "fr"},
		{"", fr, "fr"},
		{"en", fr, "en"},
	} {
		l, err := TextLang(c.lang, c.cfgFile)
		if err != nil || l.Code() != c.want {
			t.Errorf("TextLang(%q, %q): %v %v, want %s", c.lang, c.cfgFile, l, err, c.want)
		}
	}
	if _, err := TextLang("xx", ""); err == nil || !strings.Contains(err.Error(), `"xx"`) || !strings.Contains(err.Error(), "en, fr") {
		t.Errorf("TextLang(xx): %v", err)
	}
	cfg, err := Load(fr)
	if err != nil || cfg.Lang().Code() != "fr" || Default().Lang().Code() != "en" {
		t.Errorf("Lang: %v %v", cfg.Lang(), err)
	}
	if (Config{}).Lang().Code() != "en" {
		t.Error("an unset language is not English")
	}
}
