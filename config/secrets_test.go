package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSecrets: the referee token and the broker password come from the
// configuration, a file of their own or the environment (first); a token
// shorter than MinTokenLen or the example's is refused, with the reason
// and, written in the configuration, its line.
func TestSecrets(t *testing.T) {
	dir := t.TempDir()
	file := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	good := "0123456789abcdef0123"
	tokFile := file("token", good+"\n")
	shortFile := file("short", "short\n")
	pwFile := file("pw", "broker-secret\r\n")
	for _, tc := range []struct {
		name, toml  string
		env         map[string]string
		token, pw   string
		errContains string
	}{
		{"inline token", "[web]\nreferee_token = \"" + good + "\"\n", nil, good, "", ""},
		{"short inline token", "[table]\nname = \"t\"\n[web]\nreferee_token = \"s3cret\"\n", nil, "", "", "line 4: referee_token: the token is 6 characters: at least 16"},
		{"the example's token", "[web]\nreferee_token = \"change-me\"\n", nil, "", "", "example's token"},
		{"token from a file", "[web]\nreferee_token_file = \"" + tokFile + "\"\n", nil, good, "", ""},
		{"short token from a file", "[web]\nreferee_token_file = \"" + shortFile + "\"\n", nil, "", "", "at least 16"},
		{"token from the environment first", "[web]\nreferee_token_file = \"" + shortFile + "\"\n", map[string]string{EnvRefereeToken: good}, good, "", ""},
		{"missing token file", "[web]\nreferee_token_file = \"" + filepath.Join(dir, "none") + "\"\n", nil, "", "", "referee_token_file"},
		{"password from a file", "[club]\nbroker = \"mqtt://b:1883\"\npassword_file = \"" + pwFile + "\"\n", nil, "", "broker-secret", ""},
		{"password from the environment", "[club]\nbroker = \"mqtt://b:1883\"\npassword = \"inline\"\n", map[string]string{EnvBrokerPassword: "from-env"}, "", "from-env", ""},
		{"inline password", "[club]\nbroker = \"mqtt://b:1883\"\npassword = \"inline\"\n", nil, "", "inline", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, k := range []string{EnvRefereeToken, EnvBrokerPassword} {
				t.Setenv(k, tc.env[k])
			}
			path := file("tabled.toml", tc.toml)
			c, err := Load(path)
			if tc.errContains != "" {
				if err == nil || !strings.Contains(err.Error(), tc.errContains) {
					t.Fatalf("Load: %v, want an error saying %q", err, tc.errContains)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if c.Web.RefereeToken != tc.token {
				t.Errorf("token %q, want %q", c.Web.RefereeToken, tc.token)
			}
			if tc.pw != "" && (c.Club == nil || c.Club.Password != tc.pw) {
				t.Errorf("password %+v, want %q", c.Club, tc.pw)
			}
		})
	}
}

// TestSimRefereeToken: the environment's token, checked as a configured
// one; else a new one each run, that passes the same check.
func TestSimRefereeToken(t *testing.T) {
	good := strings.Repeat("k", 32)
	if tok, made, err := SimRefereeToken(good); tok != good || made || err != nil {
		t.Errorf("from the environment: %q %v %v", tok, made, err)
	}
	if _, _, err := SimRefereeToken("short"); err == nil {
		t.Error("a short token from the environment was taken")
	}
	a, made, err := SimRefereeToken("")
	b, _, _ := SimRefereeToken("")
	if !made || err != nil || CheckToken(a) != nil || a == b {
		t.Errorf("made: %q %q %v %v", a, b, made, err)
	}
}

// TestBrokerPassword: the console's password comes from a file (its first
// line) or the environment.
func TestBrokerPassword(t *testing.T) {
	dir := t.TempDir()
	write := func(name, s string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(s), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	t.Setenv("TABLED_BROKER_PASSWORD", "from-env")
	for _, tc := range []struct {
		name, file, want, err string
	}{
		{"environment", "", "from-env", ""},
		{"file", write("pw", "s3cret-pass\n"), "s3cret-pass", ""},
		{"file with CRLF and more lines", write("crlf", "s3cret\r\nignored\n"), "s3cret", ""},
		{"empty file", write("empty", "\n"), "", "is empty"},
		{"missing file", filepath.Join(dir, "none"), "", "no such file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := BrokerPassword(tc.file)
			if got != tc.want || (err == nil) != (tc.err == "") || err != nil && !strings.Contains(err.Error(), tc.err) {
				t.Fatalf("BrokerPassword(%q) = %q, %v; want %q, %q", tc.file, got, err, tc.want, tc.err)
			}
		})
	}
}
