package claimlog

import (
	"bytes"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// sessions writes n sessions of three records each: n files.
func sessions(t *testing.T, dir string, n int) []string {
	t.Helper()
	before, _ := Files(dir)
	for range n {
		w := mustOpen(t, dir)
		appendN(t, w, 3)
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
	}
	files, err := Files(dir)
	if err != nil || len(files) != len(before)+n {
		t.Fatalf("%d files, %v", len(files), err)
	}
	return files
}

// copyLog copies the log, its lock and what was kept aside (not the
// sidecar) to a new directory.
func copyLog(t *testing.T, dir string) string {
	t.Helper()
	to := t.TempDir()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		if e.Name() == checkedName || !e.Type().IsRegular() {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(to, e.Name()), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return to
}

// opened is what an Open said: what the sidecar must not change.
type opened struct {
	last                    uint64
	damage, repairs, alerts []string
}

func openSays(t *testing.T, dir string) (opened, []string) {
	t.Helper()
	w := mustOpen(t, dir)
	defer w.Close()
	o := opened{last: w.LastSeq(), repairs: w.Repairs()}
	for _, d := range w.Damage() {
		o.damage = append(o.damage, d.String())
	}
	for _, a := range w.Alerts() {
		o.alerts = append(o.alerts, a.Text)
	}
	return o, w.scanned
}

func flipIn(t *testing.T, path string, at func(b []byte) int) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	b[at(b)] ^= 0x01
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// lastLine is where a byte of a file's last line is: its "pon".
func lastLine(b []byte) int { return bytes.LastIndex(b, []byte(`"pon"`)) + 2 }

// TestOpenReadsOnlyWhatChanged: after an Open that read a log of five
// files through, the next Open reads only what is new or changed, and
// says exactly what an Open that reads every file says (a copy of the log
// without the sidecar): the same last number, damage, notes and alerts.
// Damage is found in a file that changed, even with its size and times as
// they were, and found again at every Open; numbers are never used again.
func TestOpenReadsOnlyWhatChanged(t *testing.T) {
	for _, tc := range []struct {
		name string
		// change is done between the Open that read everything and the
		// one under test; it returns what that one must read (file
		// names), nil for every file.
		change func(t *testing.T, dir string, files []string) []string
		damage bool // the Open under test reports damage
	}{
		{"nothing changed", func(*testing.T, string, []string) []string { return []string{} }, false},
		{"a new session", func(t *testing.T, dir string, _ []string) []string {
			sessions(t, dir, 1)
			all, _ := Files(dir)
			return all[len(all)-1:]
		}, false},
		{"the sidecar deleted", func(t *testing.T, dir string, _ []string) []string {
			os.Remove(filepath.Join(dir, checkedName))
			return nil
		}, false},
		{"the sidecar garbage", func(t *testing.T, dir string, _ []string) []string {
			os.WriteFile(filepath.Join(dir, checkedName), []byte("\x00garbage\n"), 0o644)
			return nil
		}, false},
		{"the sidecar cut short", func(t *testing.T, dir string, _ []string) []string {
			p := filepath.Join(dir, checkedName)
			b, _ := os.ReadFile(p)
			os.WriteFile(p, b[:len(b)/2], 0o644)
			return nil
		}, false},
		{"the sidecar a link", func(t *testing.T, dir string, _ []string) []string {
			p := filepath.Join(dir, checkedName)
			victim := filepath.Join(t.TempDir(), "victim")
			os.WriteFile(victim, []byte("someone else's file\n"), 0o644)
			os.Remove(p)
			if err := os.Symlink(victim, p); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() {
				if b, _ := os.ReadFile(victim); string(b) != "someone else's file\n" {
					t.Errorf("the file the link points at was changed: %q", b)
				}
			})
			return nil
		}, false},
		{"an old file shorter by its last newline", func(t *testing.T, dir string, files []string) []string {
			b, _ := os.ReadFile(files[1])
			os.WriteFile(files[1], b[:len(b)-1], 0o644)
			// The file after it gives the torn line its number: read too.
			return files[1:3]
		}, true},
		{"a byte flipped in an old file's middle", func(t *testing.T, dir string, files []string) []string {
			flipIn(t, files[2], func(b []byte) int { return bytes.Index(b, []byte(`"pon"`)) + 2 })
			return files[2:3]
		}, true},
		{"a byte flipped in an old file's last line, its times as they were", func(t *testing.T, dir string, files []string) []string {
			flipIn(t, files[2], lastLine)
			// As a card that changes bytes on its own: the file system's
			// stamp still matches what the sidecar remembers.
			p := filepath.Join(dir, checkedName)
			b, _ := os.ReadFile(p)
			list, err := decodeChecked(b)
			if err != nil {
				t.Fatal(err)
			}
			for i := range list {
				if list[i].name == filepath.Base(files[2]) {
					list[i].stamp, _ = statStamp(files[2])
				}
			}
			os.WriteFile(p, encodeChecked(list), 0o644)
			// A damaged last line takes its number from the next file's
			// first record: read too.
			return files[2:4]
		}, true},
		{"a byte flipped in the newest file", func(t *testing.T, dir string, files []string) []string {
			flipIn(t, files[4], lastLine)
			return files[4:]
		}, true},
		{"an old file deleted", func(t *testing.T, dir string, files []string) []string {
			os.Remove(files[1])
			// The file after it now follows a gap: read, and its gap
			// reported; the ones after follow it as before.
			return files[2:3]
		}, true},
		{"a file put back among the others", func(t *testing.T, dir string, files []string) []string {
			b, _ := os.ReadFile(files[1])
			os.Remove(files[1])
			settle(t, dir)
			mustOpen(t, dir).Close() // notes the gap: a new file
			os.WriteFile(files[1], b, 0o644)
			all, _ := Files(dir)
			return append(files[1:3:3], all[len(all)-1])
		}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			files := sessions(t, dir, 5)
			// Their Opens remembered some: start from none.
			os.Remove(filepath.Join(dir, checkedName))
			settle(t, dir)
			first, scanned := openSays(t, dir)
			if !slices.Equal(scanned, names(files)) || len(first.damage) > 0 || len(first.repairs) > 0 {
				t.Fatalf("the first Open read %v of %v, said %+v", scanned, names(files), first)
			}
			if _, err := os.Stat(filepath.Join(dir, checkedName)); err != nil {
				t.Fatalf("no sidecar after the first Open: %v", err)
			}
			want := tc.change(t, dir, files)
			if want == nil {
				all, _ := Files(dir)
				want = all
			}
			settle(t, dir)
			full, _ := openSays(t, copyLog(t, dir))
			got, scanned := openSays(t, dir)
			if !slices.Equal(scanned, names(want)) {
				t.Errorf("Open read %v, want %v", scanned, names(want))
			}
			if fmt.Sprint(got) != fmt.Sprint(full) {
				t.Errorf("Open said\n%+v\nreading every file it says\n%+v", got, full)
			}
			if (len(got.damage) > 0) != tc.damage {
				t.Errorf("damage %q, want some: %v", got.damage, tc.damage)
			}
			// Again: damage is found at every Open, noted once.
			settle(t, dir)
			again, scanned := openSays(t, dir)
			if fmt.Sprint(again.damage) != fmt.Sprint(got.damage) || len(again.repairs) > 0 {
				t.Errorf("the next Open said %+v, after %+v", again, got)
			}
			if !tc.damage && len(scanned) > 0 {
				t.Errorf("the next Open read %v", scanned)
			}
			seqs, _ := scanAll(t, dir)
			if len(seqs) > 0 && again.last < seqs[len(seqs)-1] {
				t.Errorf("the next Open goes on after %d, the log holds %d", again.last, seqs[len(seqs)-1])
			}
		})
	}
}

func names(paths []string) []string {
	out := []string{}
	for _, p := range paths {
		out = append(out, filepath.Base(p))
	}
	return out
}

// TestFileChangedInTheOpensTickNotRemembered: a file whose change time is
// not before the lock's at this Open could change again in the same tick
// of the file system's clock without its times showing it: it is read
// again next time, not remembered.
func TestFileChangedInTheOpensTickNotRemembered(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, fileName(1, 1))
	if err := os.WriteFile(path, sealedLines(t0, 3, 0), 0o644); err != nil {
		t.Fatal(err)
	}
	st, ok := statStamp(path)
	if !ok {
		t.Fatal("no stamp")
	}
	for _, tc := range []struct {
		since    int64
		remember bool
	}{{st.ctime, false}, {st.ctime + 1, true}} {
		c := &checker{dir: dir, since: tc.since}
		s := &scanner{fn: func(Record) error { return nil }}
		if err := c.pass(s, logFile{path: path, first: 1, sealed: true}); err != nil {
			t.Fatal(err)
		}
		if s.hi != 3 || (len(c.read) == 1) != tc.remember {
			t.Errorf("since %d (the file's ctime %d): hi %d, remembered %v", tc.since, st.ctime, s.hi, c.read)
		}
	}
}

// TestCheckedRoundTrip: the sidecar reads back as written, and each way
// of spoiling it is refused with what is wrong and where.
func TestCheckedRoundTrip(t *testing.T) {
	list := []checkedFile{
		{name: fileName(1, 1), stamp: stamp{ino: 12, size: 3000, mtime: 1_700_000_000_123_456_789, ctime: 1_700_000_000_223_456_789}, tail: 0xdeadbeef, prev: 0, last: 10},
		{name: fileName(11, 2), stamp: stamp{ino: 1 << 40, size: 0, mtime: -1, ctime: 5}, prev: 10, last: 10},
	}
	b := encodeChecked(list)
	got, err := decodeChecked(b)
	if err != nil || !slices.Equal(got, list) {
		t.Fatalf("read back %+v, %v", got, err)
	}
	if got, err := decodeChecked(encodeChecked(nil)); err != nil || len(got) != 0 {
		t.Fatalf("empty: %+v, %v", got, err)
	}
	reseal := func(body string) []byte { return encodeCheckedBody([]byte(body)) }
	line := string(bytes.SplitAfter(b, []byte("\n"))[1])
	for _, tc := range []struct {
		name string
		b    []byte
		want string
	}{
		{"empty", nil, "no checksum line"},
		{"no newline at the end", b[:len(b)-1], "no checksum line"},
		{"a changed byte", bytes.Replace(b, []byte("3000"), []byte("3001"), 1), "checksum"},
		{"another version", reseal("tabled.checked 2\n"), "line 1"},
		{"a name twice", reseal(checkedHeader + "\n" + line + line), "line 3: " + fileName(1, 1) + " named twice"},
		{"not a log file", reseal(checkedHeader + "\n" + strings.Replace(line, "tabled-", "other-", 1)), "line 2: \"other-"},
		{"a path", reseal(checkedHeader + "\n../" + line), "not the name of a log file"},
		{"fields missing", reseal(checkedHeader + "\n" + fileName(1, 1) + " 1 2\n"), "3 fields, want 8"},
		{"last before prev", reseal(checkedHeader + "\n" + fileName(1, 1) + " 1 2 3 4 00000000 9 8\n"), "do not go together"},
		{"a short checksum", reseal(checkedHeader + "\n" + fileName(1, 1) + " 1 2 3 4 0 0 0\n"), "tail checksum"},
		{"a negative size", reseal(checkedHeader + "\n" + fileName(1, 1) + " 1 -2 3 4 00000000 0 0\n"), "do not go together"},
		{"a number that is not", reseal(checkedHeader + "\n" + fileName(1, 1) + " x 2 3 4 00000000 0 0\n"), "inode \"x\""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := decodeChecked(tc.b)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("read %+v, %v; want an error saying %q", got, err, tc.want)
			}
		})
	}
}

// encodeCheckedBody seals any body with its checksum line, as
// encodeChecked does.
func encodeCheckedBody(body []byte) []byte {
	return fmt.Appendf(body, "crc %08x\n", crc32.Checksum(body, castagnoli))
}

// FuzzCheckedDecode: the sidecar is bytes from the disk: any bytes are
// read without a panic, and what is read writes back to the same list.
func FuzzCheckedDecode(f *testing.F) {
	f.Add(encodeChecked([]checkedFile{{name: fileName(1, 1), stamp: stamp{ino: 3, size: 40, mtime: 5, ctime: 6}, tail: 7, last: 9}}))
	f.Add(encodeChecked(nil))
	f.Add([]byte("tabled.checked 1\ncrc 00000000\n"))
	f.Add([]byte("\n\n\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		list, err := decodeChecked(b)
		if err != nil {
			return
		}
		again, err := decodeChecked(encodeChecked(list))
		if err != nil || !slices.Equal(again, list) {
			t.Fatalf("read %+v, written and read again %+v, %v", list, again, err)
		}
	})
}
