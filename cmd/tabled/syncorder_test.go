package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// TestAcknowledgedOnlyAfterFsync runs `tabled run --sim` under strace and
// checks the order of its system calls: every log file it creates has its
// directory fsynced before the first record is written to it, and every
// press answered 202 had its record written and then fsynced before the
// answer went out. The writer writes a record in place, over space it
// allocated ahead (pwrite64), and makes it durable with fdatasync: both
// count as the write and its fsync. The power-cut harness (TestPowerCut) catches a removed
// fsync of the records, but not a removed fsync of the directory: on ext4
// the file's own fsync commits the journal transaction that holds its new
// name, so no power cut there loses it (docs/power-cuts.md). Other file
// systems do not promise that, and POSIX asks for the directory's fsync;
// this test is the guard that it stays.
//
// The order strace writes is the order it saw the calls: a call that
// waits for another (the answer for the fsync) can only start once strace
// has let the other return, so a correct daemon never fails this check.
func TestAcknowledgedOnlyAfterFsync(t *testing.T) {
	if _, err := exec.LookPath("strace"); err != nil {
		t.Skip("strace not found (.ci/run installs it)")
	}
	bin := buildTabled(t)
	dir := t.TempDir()
	trace := filepath.Join(dir, "trace")
	addr := freeAddr(t)
	// -y names each descriptor's file; -s keeps whole batches and answers.
	cmd := exec.Command("strace", "-f", "-y", "-s", "65536", "-e", "trace=openat,write,pwrite64,fsync,fdatasync",
		"-o", trace, bin, "run", "--sim", "--listen", addr)
	cmd.Env = append(os.Environ(), "XDG_CACHE_HOME="+dir)
	// strace and the daemon in a group of their own: SIGTERM to the group
	// stops the daemon as systemd would, and strace with it.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	var out syncBuffer
	startLogged(t, cmd, &out)
	tab := newTablet(addr)
	waitUntilFor(t, "the traced daemon's status page", time.Minute, tab.up)
	ctx, stop := context.WithCancel(context.Background())
	var players sync.WaitGroup
	for i := range 2 {
		players.Go(func() { tab.play(ctx, rand.New(rand.NewPCG(uint64(i), 28))) })
	}
	waitUntilFor(t, "40 presses acknowledged", time.Minute, func() bool { acked, _ := tab.counts(); return acked >= 40 })
	stop()
	players.Wait()
	syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM)
	if err := cmd.Wait(); err != nil {
		t.Logf("strace: %v\n%s", err, out.String())
	}
	b, err := os.ReadFile(trace)
	if err != nil {
		t.Fatal(err)
	}
	calls := parseStrace(string(b))
	acked, _ := tab.counts()
	files, answers, problems := checkSyncOrder(calls)
	for _, p := range problems {
		t.Error(p)
	}
	t.Logf("%d system calls traced: %d log files created, %d answers 202 checked (%d presses acknowledged)", len(calls), files, answers, acked)
	if files == 0 || answers == 0 {
		t.Fatalf("the trace shows no log file created or no press answered: the test proves nothing")
	}
}

// sysCall is one system call in an strace -f -y trace: its name, its
// arguments as printed, its return value, and the lines where it started
// and returned.
type sysCall struct {
	name, args, ret string
	start, end      int
}

// fdPath is the file a call's first argument names (strace -y prints a
// descriptor as 9</path>).
func (c sysCall) fdPath() string {
	m := fdPathRE.FindStringSubmatch(c.args)
	if m == nil {
		return ""
	}
	return m[1]
}

var (
	straceLineRE = regexp.MustCompile(`^\d+ +(.*)$`)
	straceCallRE = regexp.MustCompile(`^(\w+)\((.*)\) += (.*)$`)
	resumedRE    = regexp.MustCompile(`^<\.\.\. (\w+) resumed>(.*)\) += (.*)$`)
	fdPathRE     = regexp.MustCompile(`^\d+<([^>]*)>`)
	logFileRE    = regexp.MustCompile(`/tabled-[^/"]*\.jsonl$`)
	answerSeqRE  = regexp.MustCompile(`\\"seq\\":(\d+)`)
)

// parseStrace reads a trace written by strace -f: a call interrupted by
// another thread's is split into an "<unfinished ...>" line and a
// "resumed" line, which are joined here.
func parseStrace(trace string) []sysCall {
	var calls []sysCall
	pending := map[string]sysCall{} // by thread id
	for i, line := range strings.Split(trace, "\n") {
		m := straceLineRE.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		tid, rest := strings.Fields(line)[0], m[1]
		if r := resumedRE.FindStringSubmatch(rest); r != nil {
			if c, ok := pending[tid]; ok && c.name == r[1] {
				c.args += r[2]
				c.ret, c.end = r[3], i
				calls = append(calls, c)
				delete(pending, tid)
			}
			continue
		}
		if head, ok := strings.CutSuffix(rest, " <unfinished ...>"); ok {
			if name, args, ok := strings.Cut(head, "("); ok {
				pending[tid] = sysCall{name: name, args: args, start: i}
			}
			continue
		}
		if c := straceCallRE.FindStringSubmatch(rest); c != nil {
			calls = append(calls, sysCall{name: c[1], args: c[2], ret: c[3], start: i, end: i})
		}
	}
	return calls
}

// synced reports whether a successful fsync (or fdatasync) of path
// started after line after and returned before line before.
func synced(calls []sysCall, path string, after, before int) bool {
	for _, c := range calls {
		if (c.name == "fsync" || c.name == "fdatasync") && c.ret == "0" && c.fdPath() == path && c.start > after && c.end < before {
			return true
		}
	}
	return false
}

// isWrite reports a write to a file: at its offset (write) or at a given
// one (pwrite64, the claim log's writes in place).
func (c sysCall) isWrite() bool { return c.name == "write" || c.name == "pwrite64" }

// checkSyncOrder checks a trace of tabled run: a created log file's
// directory fsynced before its first record, and each 202 answer sent
// only after its record's write and that file's fsync. It returns how
// many files and answers it checked, and what was out of order.
func checkSyncOrder(calls []sysCall) (files, answers int, problems []string) {
	for _, c := range calls {
		if c.name != "openat" || !strings.Contains(c.args, "O_CREAT") {
			continue
		}
		m := fdPathRE.FindStringSubmatch(c.ret)
		if m == nil || !logFileRE.MatchString(m[1]) {
			continue
		}
		path := m[1]
		files++
		first := -1
		for _, w := range calls {
			if w.isWrite() && w.start > c.end && w.fdPath() == path {
				first = w.start
				break
			}
		}
		if first < 0 {
			continue
		}
		if !synced(calls, filepath.Dir(path), c.end, first) {
			problems = append(problems, fmt.Sprintf("%s: created and written to without an fsync of its directory in between: a power cut may lose its name", path))
		}
	}
	for _, a := range calls {
		if a.name != "write" || !strings.HasPrefix(a.fdPath(), "socket:") || !strings.Contains(a.args, `, "HTTP/1.1 202 `) {
			continue
		}
		m := answerSeqRE.FindStringSubmatch(a.args)
		if m == nil {
			problems = append(problems, fmt.Sprintf("an answer 202 without a sequence number: %.200s", a.args))
			continue
		}
		answers++
		record := regexp.MustCompile(fmt.Sprintf(`(^\d+<[^>]*>, "|\\n)\{\\"seq\\":%s,`, m[1]))
		// The write that first put the record there: a later write in
		// place starts with the bytes of its sector before it (O_DIRECT),
		// which may hold this record again, unchanged.
		var written *sysCall
		for i := range calls {
			w := &calls[i]
			if w.isWrite() && w.end < a.start && logFileRE.MatchString(w.fdPath()) && record.MatchString(w.args) {
				written = w
				break
			}
		}
		switch {
		case written == nil:
			problems = append(problems, fmt.Sprintf("press %s answered 202 before its record was written to the log", m[1]))
		case !synced(calls, written.fdPath(), written.end, a.start):
			problems = append(problems, fmt.Sprintf("press %s answered 202 before its record's write to %s was fsynced: a power cut may lose it", m[1], written.fdPath()))
		}
	}
	return files, answers, problems
}

// TestCheckSyncOrder is checkSyncOrder on traces written by hand in
// strace's format: calls in order, threads interleaved (a call split into
// its unfinished and resumed halves), and each way the order can break.
func TestCheckSyncOrder(t *testing.T) {
	const (
		create  = `10 openat(AT_FDCWD</w>, "/l/tabled-1.jsonl", O_RDWR|O_CREAT|O_EXCL|O_APPEND|O_NOFOLLOW|O_CLOEXEC, 0644) = 9</l/tabled-1.jsonl>` + "\n"
		syncDir = `10 openat(AT_FDCWD</w>, "/l", O_RDONLY|O_CLOEXEC) = 11</l>` + "\n" + `10 fsync(11</l>) = 0` + "\n"
		write12 = `10 write(9</l/tabled-1.jsonl>, "{\"seq\":1,\"kind\":\"note\"}\n{\"seq\":2,\"kind\":\"input\"}\n", 50) = 50` + "\n"
		sync    = `10 fsync(9</l/tabled-1.jsonl>) = 0` + "\n"
		answer2 = `12 write(13<socket:[7]>, "HTTP/1.1 202 Accepted\r\n\r\n{\"at_ms\":5,\"seq\":2}\n", 45) = 45` + "\n"
	)
	for _, tc := range []struct {
		name           string
		trace          string
		files, answers int
		problems       []string // what each problem says, in order
	}{
		{"in order", create + syncDir + write12 + sync + answer2, 1, 1, nil},
		{"threads interleaved", create + syncDir + write12 + sync +
			`10 write(9</l/tabled-1.jsonl>, "{\"seq\":3,\"kind\":\"input\"}\n", 25 <unfinished ...>` + "\n" +
			answer2 +
			`10 <... write resumed>) = 25` + "\n" +
			`10 fsync(9</l/tabled-1.jsonl> <unfinished ...>` + "\n" +
			`12 --- SIGURG {si_signo=SIGURG, si_code=SI_TKILL} ---` + "\n" +
			`10 <... fsync resumed>) = 0` + "\n" +
			`12 write(14<socket:[8]>, "HTTP/1.1 202 Accepted\r\n\r\n{\"at_ms\":6,\"seq\":3}\n", 45) = 45` + "\n",
			1, 2, nil},
		{"in place, fdatasync", create + syncDir +
			`10 pwrite64(9</l/tabled-1.jsonl>, "                ", 16, 0) = 16` + "\n" + sync +
			`10 pwrite64(9</l/tabled-1.jsonl>, "{\"seq\":1,\"kind\":\"note\"}\n{\"seq\":2,\"kind\":\"input\"}\n", 50, 0) = 50` + "\n" +
			`10 fdatasync(9</l/tabled-1.jsonl>) = 0` + "\n" + answer2, 1, 1, nil},
		{"in place, the sector written again with the next batch", create + syncDir +
			`10 pwrite64(9</l/tabled-1.jsonl>, "{\"seq\":1,\"kind\":\"note\"}\n{\"seq\":2,\"kind\":\"input\"}\n   ", 512, 0) = 512` + "\n" +
			`10 fdatasync(9</l/tabled-1.jsonl>) = 0` + "\n" +
			`10 pwrite64(9</l/tabled-1.jsonl>, "{\"seq\":1,\"kind\":\"note\"}\n{\"seq\":2,\"kind\":\"input\"}\n{\"seq\":3,\"kind\":\"input\"}\n   ", 512, 0) = 512` + "\n" +
			answer2 + `10 fdatasync(9</l/tabled-1.jsonl>) = 0` + "\n", 1, 1, nil},
		{"in place, answered before the fdatasync", create + syncDir +
			`10 pwrite64(9</l/tabled-1.jsonl>, "{\"seq\":1,\"kind\":\"note\"}\n{\"seq\":2,\"kind\":\"input\"}\n", 50, 0) = 50` + "\n" +
			answer2 + `10 fdatasync(9</l/tabled-1.jsonl>) = 0` + "\n", 1, 1, []string{"press 2 answered 202 before its record's write"}},
		{"the directory not synced", create + write12 + sync + answer2, 1, 1, []string{"without an fsync of its directory"}},
		{"the directory synced only before the file was made", syncDir + create + write12 + sync + answer2, 1, 1, []string{"without an fsync of its directory"}},
		{"answered before the fsync", create + syncDir + write12 + answer2 + sync, 1, 1, []string{"press 2 answered 202 before its record's write"}},
		{"the fsync failed", create + syncDir + write12 + `10 fsync(9</l/tabled-1.jsonl>) = -1 EIO (Input/output error)` + "\n" + answer2, 1, 1, []string{"press 2 answered 202 before its record's write"}},
		{"answered, never written", create + syncDir + answer2, 1, 1, []string{"press 2 answered 202 before its record was written"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files, answers, problems := checkSyncOrder(parseStrace(tc.trace))
			if files != tc.files || answers != tc.answers {
				t.Errorf("%d files and %d answers checked, want %d and %d", files, answers, tc.files, tc.answers)
			}
			if len(problems) != len(tc.problems) {
				t.Fatalf("problems %q, want %d", problems, len(tc.problems))
			}
			for i, p := range problems {
				if !strings.Contains(p, tc.problems[i]) {
					t.Errorf("problem %q, want one saying %q", p, tc.problems[i])
				}
			}
		})
	}
}
