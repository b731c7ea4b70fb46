package doctor

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/tabled/tabled/config"
	"github.com/tabled/tabled/web"
)

// TestHTTPSDoctor: tabled doctor says the table will make its certificate
// at its first start, then shows its fingerprint; a club certificate that
// is missing is a failure with the fix.
func TestHTTPSDoctor(t *testing.T) {
	var cfg config.Config
	cfg.Log.Dir = t.TempDir()
	cfg.Web.Listen, cfg.Web.HTTPSListen, cfg.Web.URL = ":8080", ":8443", "http://table-7.local:8080/"
	if r := HTTPS(cfg); !r.OK || !strings.Contains(r.Detail, "first start") {
		t.Errorf("before the first start: %+v", r)
	}
	_, fp, err := web.Certificate("", "", cfg.Log.Dir, []string{"table-7.local"})
	if err != nil {
		t.Fatal(err)
	}
	if r := HTTPS(cfg); !r.OK || !strings.Contains(r.Detail, fp) || !strings.Contains(r.Detail, "https://table-7.local:8443/") {
		t.Errorf("after: %+v, want the fingerprint %s and the address", r, fp)
	}
	cfg.Web.CertFile, cfg.Web.KeyFile = filepath.Join(cfg.Log.Dir, "none.crt"), filepath.Join(cfg.Log.Dir, "none.key")
	if r := HTTPS(cfg); r.OK || r.Fix == "" {
		t.Errorf("a missing club certificate: %+v, want a failure with its fix", r)
	}
}
