package web

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"errors"
	"fmt"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"strings"
	"time"

	"golang.org/x/sys/unix"
)

// The referee's actions carry the token: over plain HTTP anyone on the
// club's Wi-Fi reads it. The table serves its page over HTTPS as well,
// with a certificate the club gives (cert_file, key_file) or one it makes
// itself on first start and keeps in its state directory. A tablet cannot
// know a certificate the table made, so the table shows its SHA-256
// fingerprint (at start, in tabled doctor, and the start of it on its
// panel: display.Board.Cert) for the referee to compare with what the
// browser shows before trusting it.

// The names of the certificate and key a table makes, in its state directory.
const (
	SelfCertName = "https.crt"
	SelfKeyName  = "https.key"
)

// Certificate loads the club's certificate (certFile and keyFile, PEM),
// or, when they are empty, the one made before in stateDir, or makes one
// there for names (host names and addresses). It returns the certificate
// and the SHA-256 fingerprint of its leaf.
func Certificate(certFile, keyFile, stateDir string, names []string) (tls.Certificate, string, error) {
	if certFile != "" || keyFile != "" {
		if certFile == "" || keyFile == "" {
			return tls.Certificate{}, "", errors.New("web: https needs both cert_file and key_file, or neither (the table makes its own)")
		}
		return loadCert(certFile, keyFile)
	}
	certPath, keyPath := filepath.Join(stateDir, SelfCertName), filepath.Join(stateDir, SelfKeyName)
	if _, err := os.Lstat(certPath); err == nil {
		return loadCert(certPath, keyPath)
	}
	if err := makeCert(certPath, keyPath, names, time.Now()); err != nil {
		return tls.Certificate{}, "", err
	}
	return loadCert(certPath, keyPath)
}

func loadCert(certFile, keyFile string) (tls.Certificate, string, error) {
	c, err := tls.LoadX509KeyPair(certFile, keyFile)
	if err != nil {
		return tls.Certificate{}, "", fmt.Errorf("web: https certificate %s, key %s: %w", certFile, keyFile, err)
	}
	return c, Fingerprint(c.Certificate[0]), nil
}

// CertFingerprint reads a PEM certificate file and returns its
// fingerprint.
func CertFingerprint(certFile string) (string, error) {
	b, err := os.ReadFile(certFile)
	if err != nil {
		return "", fmt.Errorf("web: https certificate: %w", err)
	}
	blk, _ := pem.Decode(b)
	if blk == nil || blk.Type != "CERTIFICATE" {
		return "", fmt.Errorf("web: https certificate %s holds no PEM certificate", certFile)
	}
	return Fingerprint(blk.Bytes), nil
}

// Fingerprint is the SHA-256 of a certificate's DER bytes as browsers show
// it: upper-case hex bytes joined by colons.
func Fingerprint(der []byte) string {
	sum := sha256.Sum256(der)
	parts := make([]string, len(sum))
	for i, b := range sum {
		parts[i] = fmt.Sprintf("%02X", b)
	}
	return strings.Join(parts, ":")
}

// ShortBytes is how many bytes of a fingerprint the table's panel shows:
// 64 bits, more than anyone can match by making certificates until one
// begins the same (about 2^64 tries), and short enough to compare at a
// glance.
const ShortBytes = 8

// ShortFingerprint is the first ShortBytes bytes of a fingerprint
// (Fingerprint's form) as phones show them, bytes apart:
// "3F A2 91 0C 7B E4 55 D1". Chrome and Safari show a certificate's
// SHA-256 that way; Firefox with colons, as Fingerprint does.
func ShortFingerprint(fp string) string {
	parts := strings.Split(fp, ":")
	return strings.Join(parts[:min(ShortBytes, len(parts))], " ")
}

// makeCert writes a new self-signed certificate for names, valid ten
// years, and its key (0600), each as a new file (a link planted under
// either name is not followed).
func makeCert(certPath, keyPath string, names []string, now time.Time) error {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return fmt.Errorf("web: https key: %w", err)
	}
	serial, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 127))
	if err != nil {
		return fmt.Errorf("web: https serial: %w", err)
	}
	tmpl := &x509.Certificate{
		SerialNumber:          serial,
		Subject:               pkix.Name{CommonName: "tabled", Organization: []string{"tabled table"}},
		NotBefore:             now.Add(-time.Hour),
		NotAfter:              now.AddDate(10, 0, 0),
		KeyUsage:              x509.KeyUsageDigitalSignature,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
	}
	for _, n := range names {
		switch h := hostOnly(n); {
		case h == "":
		case net.ParseIP(h) != nil:
			tmpl.IPAddresses = append(tmpl.IPAddresses, net.ParseIP(h))
		default:
			tmpl.DNSNames = append(tmpl.DNSNames, h)
		}
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return fmt.Errorf("web: https certificate: %w", err)
	}
	kb, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		return fmt.Errorf("web: https key: %w", err)
	}
	if err := writeNew(keyPath, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: kb}), 0o600); err != nil {
		return err
	}
	return writeNew(certPath, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o644)
}

// writeNew writes b to path as a new file, synced.
func writeNew(path string, b []byte, perm os.FileMode) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL|unix.O_NOFOLLOW, perm)
	if err != nil {
		return fmt.Errorf("web: write %s: %w", path, err)
	}
	_, err = f.Write(b)
	if err == nil {
		err = f.Sync()
	}
	if err = errors.Join(err, f.Close()); err != nil {
		return fmt.Errorf("web: write %s: %w", path, err)
	}
	return nil
}

// TLSConfig is the HTTPS listener's configuration for a certificate.
func TLSConfig(c tls.Certificate) *tls.Config {
	return &tls.Config{Certificates: []tls.Certificate{c}, MinVersion: tls.VersionTLS12}
}
