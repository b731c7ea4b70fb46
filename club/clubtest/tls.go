package clubtest

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"fmt"
	"math/big"
	"net"
	"os"
	"os/user"
	"path/filepath"
	"testing"
	"time"
)

// StartTLS runs a broker that speaks only TLS (its URL is mqtts://), with
// a certificate for 127.0.0.1 signed by a CA of the test's own, as a club
// sets one up; it returns the broker and the CA's certificate file (PEM),
// what a table's ca_file and the console's --ca-file name.
func StartTLS(t *testing.T) (*Mosquitto, string) {
	t.Helper()
	dir := t.TempDir()
	caFile, certFile, keyFile := filepath.Join(dir, "club-ca.crt"), filepath.Join(dir, "broker.crt"), filepath.Join(dir, "broker.key")
	caKey, caDER := makeCert(t, nil, nil, &x509.Certificate{Subject: pkix.Name{CommonName: "club CA"}, IsCA: true,
		KeyUsage: x509.KeyUsageCertSign, BasicConstraintsValid: true})
	ca, err := x509.ParseCertificate(caDER)
	if err != nil {
		t.Fatal(err)
	}
	key, der := makeCert(t, ca, caKey, &x509.Certificate{Subject: pkix.Name{CommonName: "broker"}, IPAddresses: []net.IP{net.IPv4(127, 0, 0, 1)},
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}})
	kb, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	for path, blk := range map[string]*pem.Block{caFile: {Type: "CERTIFICATE", Bytes: caDER}, certFile: {Type: "CERTIFICATE", Bytes: der}, keyFile: {Type: "EC PRIVATE KEY", Bytes: kb}} {
		if err := os.WriteFile(path, pem.EncodeToMemory(blk), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	m := StartConf(t, func(dir string, port int) string {
		conf := fmt.Sprintf("listener %d 127.0.0.1\ncafile %s\ncertfile %s\nkeyfile %s\nallow_anonymous true\npersistence true\npersistence_location %s/\n",
			port, caFile, certFile, keyFile, dir)
		// As root, mosquitto would drop to its own user, which cannot read
		// the key (0600): it stays the user the test runs as.
		if me, err := user.Current(); err == nil {
			conf = "user " + me.Username + "\n" + conf
		}
		return conf
	})
	m.tls = true
	return m, caFile
}

// makeCert makes a key and a certificate from tmpl, signed by parent's
// key (self-signed when parent is nil), valid for a day around now.
func makeCert(t *testing.T, parent *x509.Certificate, parentKey *ecdsa.PrivateKey, tmpl *x509.Certificate) (*ecdsa.PrivateKey, []byte) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	serial, err := rand.Int(rand.Reader, big.NewInt(1<<62))
	if err != nil {
		t.Fatal(err)
	}
	tmpl.SerialNumber, tmpl.NotBefore, tmpl.NotAfter = serial, time.Now().Add(-time.Hour), time.Now().Add(24*time.Hour)
	if parent == nil {
		parent, parentKey = tmpl, key
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, parent, &key.PublicKey, parentKey)
	if err != nil {
		t.Fatal(err)
	}
	return key, der
}
