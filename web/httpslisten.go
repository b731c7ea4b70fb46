package web

import (
	"crypto/tls"
	"fmt"
	"io"
	"net"
	"os"
	"strings"
)

// TableNames are the names and addresses tablets reach the table by, for
// the Host allow-list (NewHosts) and the certificate the table makes:
// given (the configured URL, listen addresses and hosts), the host name
// and its .local name, and the LAN address.
func TableNames(given ...string) []string {
	names := append(given, LANAddress())
	if h, err := os.Hostname(); err == nil && h != "" {
		h = strings.TrimSuffix(h, ".local")
		names = append(names, h, h+".local")
	}
	return names
}

// HTTPSConfig is what the HTTPS side of the status page is opened with:
// [web] https_listen, cert_file and key_file, the directory a certificate
// the table makes is kept in (the log's), the status page's URL and
// listen address (for the HTTPS URL), and the names the certificate the
// table makes is for (TableNames).
type HTTPSConfig struct {
	Listen, CertFile, KeyFile, StateDir string
	StatusURL, StatusListen             string
	Names                               []string
}

// HTTPSSide is the HTTPS side of the status page, when configured.
type HTTPSSide struct {
	Listener net.Listener // nil: no HTTPS
	URL      string
	// Cert is the start of the fingerprint of a certificate the table
	// made (ShortFingerprint), for its panels; "" for the club's.
	Cert string
}

// ListenHTTPS opens c.Listen with the club's certificate or the table's
// own (Certificate), and says the certificate's fingerprint on out: a
// tablet cannot know a certificate the table made, so the referee
// compares it with what the browser shows (the table's panels show its
// start). With no c.Listen there is no HTTPS side.
func ListenHTTPS(c HTTPSConfig, out io.Writer) (HTTPSSide, error) {
	if c.Listen == "" {
		return HTTPSSide{}, nil
	}
	cert, fp, err := Certificate(c.CertFile, c.KeyFile, c.StateDir, c.Names)
	if err != nil {
		return HTTPSSide{}, err
	}
	ln, err := net.Listen("tcp", c.Listen)
	if err != nil {
		return HTTPSSide{}, fmt.Errorf("https: %w", err)
	}
	url := HTTPSURL(c.StatusURL, c.StatusListen, c.Listen)
	fmt.Fprintf(out, "tabled: referee actions over HTTPS on %s, certificate SHA-256 %s\n", url, fp)
	hs := HTTPSSide{Listener: tls.NewListener(ln, TLSConfig(cert)), URL: url}
	if c.CertFile == "" {
		hs.Cert = ShortFingerprint(fp)
	}
	return hs, nil
}
