package web

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestCertificateMadeAndKept: with no certificate given, the table makes
// one for its names, keeps it (the key 0600) and uses the same one at the
// next start; its fingerprint is the one CertFingerprint reads from the
// file. A link planted under the key's name is not written through.
func TestCertificateMadeAndKept(t *testing.T) {
	dir := t.TempDir()
	c, fp, err := Certificate("", "", dir, []string{"http://table-7.local:8080/", "192.168.1.20", ":8443"})
	if err != nil {
		t.Fatal(err)
	}
	leaf, err := x509.ParseCertificate(c.Certificate[0])
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(leaf.DNSNames, "table-7.local") || len(leaf.IPAddresses) != 1 || leaf.IPAddresses[0].String() != "192.168.1.20" {
		t.Errorf("names %v %v, want table-7.local and 192.168.1.20", leaf.DNSNames, leaf.IPAddresses)
	}
	if fi, err := os.Stat(filepath.Join(dir, SelfKeyName)); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("key file: %v, mode %v; want 0600", err, fi.Mode())
	}
	if got, err := CertFingerprint(filepath.Join(dir, SelfCertName)); err != nil || got != fp {
		t.Errorf("CertFingerprint = %q, %v; want %q", got, err, fp)
	}
	if len(fp) != 32*3-1 || strings.ToUpper(fp) != fp {
		t.Errorf("fingerprint %q is not 32 upper-case hex bytes joined by colons", fp)
	}
	if short := ShortFingerprint(fp); short != strings.ReplaceAll(fp[:ShortBytes*3-1], ":", " ") {
		t.Errorf("ShortFingerprint(%q) = %q, want its first %d bytes apart", fp, short, ShortBytes)
	}
	_, again, err := Certificate("", "", dir, nil)
	if err != nil || again != fp {
		t.Errorf("the next start: %q, %v; want the same certificate %q", again, err, fp)
	}

	planted := t.TempDir()
	victim := filepath.Join(t.TempDir(), "victim")
	os.WriteFile(victim, []byte("x"), 0o644)
	os.Symlink(victim, filepath.Join(planted, SelfKeyName))
	if _, _, err := Certificate("", "", planted, nil); err == nil {
		t.Error("a link under the key's name was written through")
	}
	if b, _ := os.ReadFile(victim); string(b) != "x" {
		t.Errorf("the linked file was written: %q", b)
	}
	if _, _, err := Certificate("only.crt", "", dir, nil); err == nil {
		t.Error("a certificate without its key was taken")
	}
}

// TestRefereeOnlyOverHTTPS: with HTTPS on, a referee action over plain
// HTTP is refused (403, naming the https address) before the token is
// looked at; over HTTPS, to a tablet that checked the certificate's
// fingerprint, the same action is taken.
func TestRefereeOnlyOverHTTPS(t *testing.T) {
	cert, fp, err := Certificate("", "", t.TempDir(), []string{"127.0.0.1"})
	if err != nil {
		t.Fatal(err)
	}
	s := New(Config{Hosts: testHosts, RefereeToken: token, HTTPS: "https://table-7.local:8443/"})
	plain := httptest.NewServer(s)
	defer plain.Close()
	secure := httptest.NewUnstartedServer(s)
	secure.TLS = TLSConfig(cert)
	secure.StartTLS()
	defer secure.Close()
	// The tablet pins the fingerprint the panel shows, as the referee does
	// by comparing it with the browser's.
	pinned := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{InsecureSkipVerify: true,
		VerifyPeerCertificate: func(raw [][]byte, _ [][]*x509.Certificate) error {
			if Fingerprint(raw[0]) != fp {
				return errors.New("fingerprint differs")
			}
			return nil
		}}}}
	post := func(c *http.Client, base, auth string) (int, string) {
		req, _ := http.NewRequest("POST", base+"/api/referee", strings.NewReader(`{"action":"deadhand"}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", auth)
		r, err := c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Body.Close()
		b, _ := io.ReadAll(r.Body)
		return r.StatusCode, string(b)
	}
	if code, body := post(http.DefaultClient, plain.URL, "Bearer "+token); code != http.StatusForbidden || !strings.Contains(body, "https://table-7.local:8443/") {
		t.Errorf("over HTTP: %d %s, want 403 naming the https address", code, body)
	}
	// Over HTTPS the action reaches the decoder (a dead hand needs a seat:
	// 400), so it passed the transport and the token.
	if code, body := post(pinned, secure.URL, "Bearer "+token); code != http.StatusBadRequest || !strings.Contains(body, "seat") {
		t.Errorf("over HTTPS with the token: %d %s, want the action read (400 for the missing seat)", code, body)
	}
}
