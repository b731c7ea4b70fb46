package claimlog

import (
	"bufio"
	"bytes"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

func TestMain(m *testing.M) {
	if dir := os.Getenv("CLAIMLOG_CRASH_CHILD"); dir != "" {
		crashChild(dir)
		return
	}
	if dir := os.Getenv("CLAIMLOG_LOCK_CHILD"); dir != "" {
		lockChild(dir)
		return
	}
	os.Exit(m.Run())
}

// crashChild appends as fast as it can and prints each sequence number once
// Append has returned: the number is then acknowledged.
func crashChild(dir string) {
	w, err := Open(dir, Options{})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	for i := 0; ; i++ {
		recs := []Record{{Kind: KindInput, Source: "gpio", Type: "pon", Body: []byte(`{"n":` + strconv.Itoa(i) + `}`)}}
		if i%3 == 0 { // some batches, as the table writes an input with its outcomes
			recs = append(recs, Record{Kind: KindOutcome, Source: "table", Type: "decision"})
		}
		if err := w.Append(recs); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		fmt.Fprintf(os.Stdout, "%d\n", w.LastSeq())
	}
}

// TestCrashKeepsAcknowledgedRecords kills an appending process with SIGKILL
// mid-append, after a random number of acknowledgements, many times
// (CLAIMLOG_KILLS, default 100); after each restart every acknowledged
// record is there, the log parses and the sequence numbers rise with no gap
// a note does not declare.
func TestCrashKeepsAcknowledgedRecords(t *testing.T) {
	kills := 100
	if testing.Short() || raceEnabled {
		kills = 20
	}
	if n, err := strconv.Atoi(os.Getenv("CLAIMLOG_KILLS")); err == nil {
		kills = n
	}
	dir := t.TempDir()
	r := rand.New(rand.NewSource(7))
	var acked uint64
	for k := 0; k < kills; k++ {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), "CLAIMLOG_CRASH_CHILD="+dir)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		lines := make(chan uint64, 1024)
		go func() {
			sc := bufio.NewScanner(out)
			for sc.Scan() {
				if n, err := strconv.ParseUint(strings.TrimSpace(sc.Text()), 10, 64); err == nil {
					lines <- n
				}
			}
			close(lines)
		}()
		// The kill lands while the child appends, not while it starts.
		first, ok := <-lines
		if !ok {
			cmd.Wait()
			t.Fatalf("kill %d: the child appended nothing: %s", k, stderr.String())
		}
		acked = max(acked, first)
		// The kill lands after a random number of further acknowledgements,
		// while the child is in its next Append: a moment counted in
		// records, not in time, so a loaded machine does not change it.
		for range r.Intn(8) {
			n, ok := <-lines
			if !ok {
				break
			}
			acked = max(acked, n)
		}
		cmd.Process.Signal(syscall.SIGKILL)
		for n := range lines {
			acked = max(acked, n)
		}
		cmd.Wait()
	}
	// Restart once more: repair, then read everything.
	w, err := Open(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	w.Close()
	// Numbers rise; a gap is only a batch cut short, declared by a note.
	var seq uint64
	err = Scan(dir, Filter{}, func(r Record) error {
		if r.Seq <= seq {
			return fmt.Errorf("record %d follows %d", r.Seq, seq)
		}
		seq = r.Seq
		return nil
	}, func(d Damage) { t.Errorf("damage: %s", d) })
	if err != nil {
		t.Fatal(err)
	}
	if seq < acked {
		t.Fatalf("the log ends at %d but %d was acknowledged", seq, acked)
	}
	t.Logf("%d SIGKILLs: %d records, the last acknowledged %d, %d torn tails repaired", kills, seq, acked, countRepairs(t, dir))
}

func countRepairs(t *testing.T, dir string) int {
	n := 0
	Read(dir, Filter{Kind: KindNote, Type: "repair"}, func(Record) error { n++; return nil })
	return n
}
