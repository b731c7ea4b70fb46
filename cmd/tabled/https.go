package main

import (
	"crypto/tls"
	"fmt"
	"io"
	"net"
	"os"
	"strings"

	"github.com/tabled/tabled/config"
	"github.com/tabled/tabled/web"
)

// tableNames are the names and addresses tablets reach the table by, for
// the Host allow-list and the certificate the table makes: the configured
// URL and hosts, the listen address, the host name and its .local name,
// and the LAN address.
func tableNames(cfg config.Config) []string {
	names := append([]string{cfg.Web.URL, cfg.Web.Listen, cfg.Web.HTTPSListen, web.LANAddress()}, cfg.Web.Hosts...)
	if h, err := os.Hostname(); err == nil && h != "" {
		h = strings.TrimSuffix(h, ".local")
		names = append(names, h, h+".local")
	}
	return names
}

// httpsServing is the HTTPS side of the status page, when configured.
type httpsServing struct {
	ln  net.Listener // nil: no HTTPS
	url string
	// cert is the start of the fingerprint of a certificate the table
	// made (web.ShortFingerprint), for its panels; "" for the club's.
	cert string
}

// httpsListener opens [web] https_listen with the club's certificate or
// the table's own, and says the certificate's fingerprint: a tablet
// cannot know a certificate the table made, so the referee compares it
// with what the browser shows (the table's panels show its start).
func httpsListener(cfg config.Config, stdout io.Writer) (httpsServing, error) {
	if cfg.Web.HTTPSListen == "" {
		return httpsServing{}, nil
	}
	cert, fp, err := web.Certificate(cfg.Web.CertFile, cfg.Web.KeyFile, cfg.Log.Dir, tableNames(cfg))
	if err != nil {
		return httpsServing{}, err
	}
	ln, err := net.Listen("tcp", cfg.Web.HTTPSListen)
	if err != nil {
		return httpsServing{}, fmt.Errorf("https: %w", err)
	}
	url := web.HTTPSURL(cfg.Web.URL, cfg.Web.Listen, cfg.Web.HTTPSListen)
	fmt.Fprintf(stdout, "tabled: referee actions over HTTPS on %s, certificate SHA-256 %s\n", url, fp)
	hs := httpsServing{ln: tls.NewListener(ln, web.TLSConfig(cert)), url: url}
	if cfg.Web.CertFile == "" {
		hs.cert = web.ShortFingerprint(fp)
	}
	return hs, nil
}
