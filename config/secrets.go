package config

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"strings"
)

// Secrets (the referee token, the broker password) may be written in the
// configuration, which the package installs 0640 root:tabled, or kept
// apart: in a file of their own (named by referee_token_file and
// password_file) or in the environment (a systemd drop-in's Environment=,
// or LoadCredential= with the file named from $CREDENTIALS_DIRECTORY).
// Never in a command's flags, which every user sees in ps.

// ExampleToken is the example configuration's referee token, refused: it
// is published.
const ExampleToken = "change-me"

// MinTokenLen is the shortest referee token taken: the token crosses the
// club's network and five wrong guesses a minute are allowed per client,
// so it must be long enough not to be guessed.
const MinTokenLen = 16

// The environment variables that give the secrets, before the file's.
const (
	EnvRefereeToken   = "TABLED_REFEREE_TOKEN"
	EnvBrokerPassword = "TABLED_BROKER_PASSWORD"
)

// CheckToken says why a referee token is refused, or nil.
func CheckToken(tok string) error {
	switch {
	case tok == ExampleToken:
		return fmt.Errorf("%q is the example's token, which anyone can read: choose your own (at least %d characters; `openssl rand -hex 16` makes one)", tok, MinTokenLen)
	case len(tok) < MinTokenLen:
		return fmt.Errorf("the token is %d characters: at least %d are needed, so that it cannot be guessed (`openssl rand -hex 16` makes one)", len(tok), MinTokenLen)
	}
	return nil
}

// loadSecrets takes the secrets from the environment or their files, over
// what the configuration says, and checks the referee token.
func (c *Config) loadSecrets(getenv func(string) string) error {
	tok, err := secret(getenv(EnvRefereeToken), c.Web.RefereeTokenFile, c.Web.RefereeToken, "referee_token_file")
	if err != nil {
		return err
	}
	if tok != "" {
		if err := CheckToken(tok); err != nil {
			return fmt.Errorf("referee token: %w", err)
		}
	}
	c.Web.RefereeToken = tok
	if cl := c.Club; cl != nil {
		if cl.Password, err = secret(getenv(EnvBrokerPassword), cl.PasswordFile, cl.Password, "password_file"); err != nil {
			return err
		}
	}
	return nil
}

// secret is env if set, else the first line of file if named, else inline.
func secret(env, file, inline, key string) (string, error) {
	if env != "" {
		return env, nil
	}
	if file == "" {
		return inline, nil
	}
	s, err := ReadSecret(file)
	if err != nil {
		return "", fmt.Errorf("%s: %w", key, err)
	}
	return s, nil
}

// ReadSecret reads a secret from its file: the first line, which must not
// be empty.
func ReadSecret(file string) (string, error) {
	b, err := readCapped(file, 4096)
	if err != nil {
		return "", err
	}
	s, _, _ := strings.Cut(string(b), "\n")
	if s = strings.TrimRight(s, "\r"); s == "" {
		return "", errors.New(file + " is empty")
	}
	return s, nil
}

// SimRefereeToken is the referee token of a simulated table without a
// configuration, so that a referee can try the referee's actions on it:
// env (the $TABLED_REFEREE_TOKEN a user set), checked as a configured one
// is, else one made for this run (made true, to be said at start).
func SimRefereeToken(env string) (tok string, made bool, err error) {
	if env != "" {
		return env, false, CheckToken(env)
	}
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return "", false, fmt.Errorf("config: making a referee token: %w", err)
	}
	return hex.EncodeToString(b), true, nil
}

// BrokerPassword is the club console's broker password: the file's (a
// secret file, ReadSecret), or else $TABLED_BROKER_PASSWORD (never a
// flag, which any user sees in ps).
func BrokerPassword(file string) (string, error) {
	if file == "" {
		return os.Getenv(EnvBrokerPassword), nil
	}
	pw, err := ReadSecret(file)
	if err != nil {
		return "", fmt.Errorf("password file: %w", err)
	}
	return pw, nil
}
