package clubtest

import (
	"fmt"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strings"
	"testing"
)

// StartShipped runs mosquitto with the configuration and ACL the
// package ships (in packaging, the repository's packaging/mosquitto), its paths pointed at the test's
// directory and a loopback port, and a password file made with
// mosquitto_passwd holding a login for each of users (name: password
// name+"-pw").
func StartShipped(t *testing.T, packaging string, users ...string) *Mosquitto {
	t.Helper()
	Path(t)
	passwd, err := exec.LookPath("mosquitto_passwd")
	if err != nil && os.Getenv("CI") != "" {
		t.Fatal("mosquitto_passwd is not installed (Debian's mosquitto, which .ci/run installs, has it)")
	} else if err != nil {
		t.Skip("mosquitto_passwd is not installed (Debian's mosquitto has it)")
	}
	shipped, err := os.ReadFile(filepath.Join(packaging, "tabled.conf"))
	if err != nil {
		t.Fatal(err)
	}
	acl, err := filepath.Abs(filepath.Join(packaging, "tabled.acl"))
	if err != nil {
		t.Fatal(err)
	}
	return StartConf(t, func(dir string, port int) string {
		pwFile := filepath.Join(dir, "tabled.passwd")
		for i, u := range users {
			args := []string{"-b", pwFile, u, u + "-pw"}
			if i == 0 {
				args = append([]string{"-c"}, args...)
			}
			if out, err := exec.Command(passwd, args...).CombinedOutput(); err != nil {
				t.Fatalf("mosquitto_passwd %s: %v: %s", u, err, out)
			}
		}
		// As root, mosquitto would drop to its own user, which cannot read
		// the test's directory: it stays the user the test runs as.
		var conf strings.Builder
		if me, err := user.Current(); err == nil {
			fmt.Fprintf(&conf, "user %s\n", me.Username)
		}
		for _, line := range strings.Split(string(shipped), "\n") {
			if strings.HasPrefix(line, "listener 1883") {
				line = fmt.Sprintf("listener %d 127.0.0.1\npersistence_location %s/", port, dir)
			}
			line = strings.ReplaceAll(line, "/etc/mosquitto/tabled.passwd", pwFile)
			line = strings.ReplaceAll(line, "/etc/mosquitto/tabled.acl", acl)
			conf.WriteString(line + "\n")
		}
		return conf.String()
	})
}
