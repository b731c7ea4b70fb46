package doctor

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/tabled/tabled/config"
	"github.com/tabled/tabled/web"
)

// HTTPS says which certificate the HTTPS page ([web] https_listen) uses
// and its fingerprint, for the referee to compare with the browser's; it
// makes none (the daemon does, at its first start, as its own user).
func HTTPS(cfg config.Config) Result {
	certFile := cfg.Web.CertFile
	if certFile == "" {
		certFile = filepath.Join(cfg.Log.Dir, web.SelfCertName)
	}
	fp, err := web.CertFingerprint(certFile)
	switch {
	case errors.Is(err, os.ErrNotExist) && cfg.Web.CertFile == "":
		return Result{Item: "https", OK: true, Detail: "the table makes its certificate at its first start (" + certFile + "); run tabled doctor again then for its fingerprint"}
	case err != nil:
		return Result{Item: "https", Detail: err.Error(), Fix: "give cert_file a PEM certificate, or remove cert_file and key_file for the table's own"}
	}
	url := web.HTTPSURL(cfg.Web.URL, cfg.Web.Listen, cfg.Web.HTTPSListen)
	return Result{Item: "https", OK: true, Detail: fmt.Sprintf("%s on %s: certificate SHA-256 %s (compare it with what the referee's browser shows)", certFile, url, fp)}
}
