package fwsim

import (
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/tabled/tabled/hw/fwproto"
)

// This file holds the commands a person types at `tabled fwsim`: a parser
// of one line (bytes from a terminal, so it says what is wrong rather than
// trusting them) and what the device does for each.

// Usage lists the commands ParseCommand takes.
const Usage = `commands: press CH, release CH, tap CH, tile UIDHEX [READER], untile UIDHEX [READER], garbage N, unplug DURATION, reboot, deaf DURATION, spoil N, fault TEXT, quit`

// TapHold is how long a tap holds its button down.
const TapHold = 80 * time.Millisecond

// Op is what a typed command does.
type Op uint8

// The commands. OpNone is an empty line.
const (
	OpNone Op = iota
	OpPress
	OpRelease
	OpTap
	OpTile
	OpUntile
	OpGarbage
	OpUnplug
	OpReboot
	OpDeaf
	OpSpoil
	OpFault
	OpQuit
)

var opNames = [...]string{OpNone: "", OpPress: "press", OpRelease: "release", OpTap: "tap", OpTile: "tile",
	OpUntile: "untile", OpGarbage: "garbage", OpUnplug: "unplug", OpReboot: "reboot", OpDeaf: "deaf",
	OpSpoil: "spoil", OpFault: "fault", OpQuit: "quit"}

// String is the command's word, as typed.
func (o Op) String() string {
	if int(o) < len(opNames) {
		return opNames[o]
	}
	return fmt.Sprintf("Op(%d)", uint8(o))
}

// Command is one typed command, its arguments checked. Only the fields
// its Op uses are set.
type Command struct {
	Op       Op
	Channel  uint8         // press, release, tap
	UID      []byte        // tile, untile: 4, 7 or 10 bytes
	Reader   uint8         // tile, untile
	N        int           // garbage: bytes, 1..4096; spoil: events, 1..32
	Duration time.Duration // unplug (>= 0), deaf (> 0)
	Text     string        // fault: printable ASCII, up to 63 bytes
}

// ops is each command's Op by its word.
var ops = func() map[string]Op {
	m := map[string]Op{}
	for op, name := range opNames {
		if name != "" {
			m[name] = Op(op)
		}
	}
	return m
}()

// parsers parse a line's fields by its Op; each checks the arguments.
var parsers = [...]func(op Op, f []string) (Command, error){
	OpPress: parseChannel, OpRelease: parseChannel, OpTap: parseChannel,
	OpTile: parseTile, OpUntile: parseTile,
	OpGarbage: parseGarbage, OpSpoil: parseSpoil,
	OpUnplug: parseUnplug, OpDeaf: parseDeaf,
	OpReboot: parseBare, OpQuit: parseBare,
	OpFault: parseFault,
}

// ParseCommand parses one typed line, like "tap 3" or "tile 04a1b2c3 1".
// An empty line is a Command with OpNone. The error says what is wrong
// with the line.
func ParseCommand(line string) (Command, error) {
	f := strings.Fields(line)
	if len(f) == 0 {
		return Command{}, nil
	}
	op, ok := ops[f[0]]
	if !ok {
		return Command{}, fmt.Errorf("unknown command %q", f[0])
	}
	return parsers[op](op, f)
}

// oneArg is a command's only argument.
func oneArg(f []string) (string, error) {
	if len(f) != 2 {
		return "", fmt.Errorf("%s takes one argument", f[0])
	}
	return f[1], nil
}

func parseChannel(op Op, f []string) (Command, error) {
	a, err := oneArg(f)
	if err != nil {
		return Command{}, err
	}
	n, err := strconv.ParseUint(a, 10, 8)
	if err != nil {
		return Command{}, fmt.Errorf("channel %q is not 0..255", a)
	}
	return Command{Op: op, Channel: uint8(n)}, nil
}

func parseTile(op Op, f []string) (Command, error) {
	if len(f) != 2 && len(f) != 3 {
		return Command{}, fmt.Errorf("%s takes a UID and, optionally, a reader", f[0])
	}
	uid, err := hex.DecodeString(f[1])
	if err != nil || (len(uid) != 4 && len(uid) != 7 && len(uid) != 10) {
		return Command{}, fmt.Errorf("UID %q is not 4, 7 or 10 bytes of hex", f[1])
	}
	var reader uint64
	if len(f) == 3 {
		if reader, err = strconv.ParseUint(f[2], 10, 8); err != nil {
			return Command{}, fmt.Errorf("reader %q is not 0..255", f[2])
		}
	}
	return Command{Op: op, UID: uid, Reader: uint8(reader)}, nil
}

// parseCount parses a command's one argument as a count in lo..hi; the
// error is "CMD %q: " and hint.
func parseCount(op Op, f []string, lo, hi int, hint string) (Command, error) {
	a, err := oneArg(f)
	if err != nil {
		return Command{}, err
	}
	n, err := strconv.Atoi(a)
	if err != nil || n < lo || n > hi {
		return Command{}, fmt.Errorf("%s %q: %s", f[0], a, hint)
	}
	return Command{Op: op, N: n}, nil
}

func parseGarbage(op Op, f []string) (Command, error) {
	return parseCount(op, f, 1, 4096, "give a byte count 1..4096")
}

func parseSpoil(op Op, f []string) (Command, error) {
	return parseCount(op, f, 1, 32, "give how many of the next events to spoil, 1..32")
}

// parseDuration parses a command's one argument as a duration of at least
// least; the error is "CMD %q: give a duration like " and example.
func parseDuration(op Op, f []string, least time.Duration, example string) (Command, error) {
	a, err := oneArg(f)
	if err != nil {
		return Command{}, err
	}
	d, err := time.ParseDuration(a)
	if err != nil || d < least {
		return Command{}, fmt.Errorf("%s %q: give a duration like %s", f[0], a, example)
	}
	return Command{Op: op, Duration: d}, nil
}

func parseUnplug(op Op, f []string) (Command, error) { return parseDuration(op, f, 0, "2s") }

func parseDeaf(op Op, f []string) (Command, error) { return parseDuration(op, f, 1, "3s") }

// parseBare is a command that takes nothing; what follows it is ignored,
// as it always was ("reboot now").
func parseBare(op Op, _ []string) (Command, error) { return Command{Op: op}, nil }

func parseFault(op Op, f []string) (Command, error) {
	if len(f) < 2 {
		return Command{}, fmt.Errorf("fault takes a text, like: fault reader 0 does not answer")
	}
	text := strings.Join(f[1:], " ")
	if err := checkStatusText(text); err != nil {
		return Command{}, err
	}
	return Command{Op: op, Text: text}, nil
}

// checkStatusText is Report's check of a Status text, made before the
// device is asked.
func checkStatusText(text string) error {
	if _, err := fwproto.Parse(fwproto.NewFrame(fwproto.Status{Code: fwproto.StatusReaderFault, Text: text}, 1)); err != nil || len(text) > fwproto.MaxPayload-1 {
		return fmt.Errorf("fwsim: status text %q is not up to %d printable ASCII bytes", text, fwproto.MaxPayload-1)
	}
	return nil
}

// String is the command as it would be typed; ParseCommand gives it back.
func (c Command) String() string {
	switch c.Op {
	case OpPress, OpRelease, OpTap:
		return fmt.Sprintf("%s %d", c.Op, c.Channel)
	case OpTile, OpUntile:
		if c.Reader != 0 {
			return fmt.Sprintf("%s %x %d", c.Op, c.UID, c.Reader)
		}
		return fmt.Sprintf("%s %x", c.Op, c.UID)
	case OpGarbage, OpSpoil:
		return fmt.Sprintf("%s %d", c.Op, c.N)
	case OpUnplug, OpDeaf:
		return fmt.Sprintf("%s %s", c.Op, c.Duration)
	case OpFault:
		return "fault " + c.Text
	}
	return c.Op.String()
}

// Apply does what the device does for c. Unplug and quit are not the
// device's (the port and the session are its owner's), nor is an empty
// line: Apply does nothing for them.
func (c Command) Apply(d *Device) error {
	switch c.Op {
	case OpPress:
		d.Press(c.Channel)
	case OpRelease:
		d.Release(c.Channel)
	case OpTap:
		d.Press(c.Channel)
		time.AfterFunc(TapHold, func() { d.Release(c.Channel) })
	case OpTile:
		d.PlaceTile(c.Reader, c.UID)
	case OpUntile:
		d.RemoveTile(c.Reader, c.UID)
	case OpGarbage:
		d.Inject(garbage(c.N))
	case OpReboot:
		d.Reboot()
	case OpDeaf:
		d.Deaf(c.Duration)
	case OpSpoil:
		d.SpoilNext(c.N)
	case OpFault:
		return d.Report(fwproto.StatusReaderFault, c.Text)
	}
	return nil
}

// garbage is n bytes of line noise, the same every time.
func garbage(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(i*73 + 11)
	}
	return b
}
