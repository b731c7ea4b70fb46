package doctor

import (
	"errors"
	"os"
	"path/filepath"

	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/config"
	"github.com/tabled/tabled/web"
)

// HTTPS says which certificate the HTTPS page ([web] https_listen) uses
// and its fingerprint, for the referee to compare with the browser's; it
// makes none (the daemon does, at its first start, as its own user).
func HTTPS(cfg config.Config) Result { return HTTPSIn(nil, cfg) }

// HTTPSIn is HTTPS in l (nil: English).
func HTTPSIn(l *catalog.Lang, cfg config.Config) Result {
	w := wordsIn(l)
	certFile := cfg.Web.CertFile
	if certFile == "" {
		certFile = filepath.Join(cfg.Log.Dir, web.SelfCertName)
	}
	fp, err := web.CertFingerprint(certFile)
	switch {
	case errors.Is(err, os.ErrNotExist) && cfg.Web.CertFile == "":
		return w.ok("https", "doctor.https.later", "file", certFile)
	case err != nil:
		return w.fail("https", w.t("doctor.https.fix"), "doctor.error", "error", err)
	}
	url := web.HTTPSURL(cfg.Web.URL, cfg.Web.Listen, cfg.Web.HTTPSListen)
	return w.ok("https", "doctor.https.ok", "file", certFile, "url", url, "fingerprint", fp)
}
