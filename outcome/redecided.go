package outcome

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/engine"
)

// A decision the table re-decides (package table, a revision) keeps its
// English reason with why it was decided again after it: "... (re-decided:
// input 12 was voided)", "... (re-decided: North pon from serial (input
// 37) arrived late)". The claim log has no other record of it on the
// decision, so a reader in another language has it read back from those
// English words, which the table writes from here (Redecided).

// Redecided is reason with why the table decided again after it: the
// input voided (voided, when not 0), else the late inputs.
func (w Words) Redecided(reason string, voided uint64, late []LateCall) string {
	if voided != 0 {
		return w.l.Text("i33.redecided.voided", "reason", reason, "input", strconv.FormatUint(voided, 10))
	}
	calls := make([]string, len(late))
	for i, c := range late {
		calls[i] = w.LateCall(c)
	}
	return w.l.Text("i33.redecided.late", "reason", reason, "inputs", strings.Join(calls, ", "))
}

var (
	redecidedVoided = regexp.MustCompile(`^ \(re-decided: input (\d+) was voided\)$`)
	redecidedLate   = regexp.MustCompile(`^ \(re-decided: (.+) arrived late\)$`)
	lateCallWords   = regexp.MustCompile(`^(\S+) (\S+) from (\S+) \(input (\d+)\)$`)
)

// redecidedIn is s (a reason in w's language) with the re-decision the
// English reason logged ends with, in w's words; s alone when logged
// says none, or says it in words it cannot read back.
func (w Words) redecidedIn(s, logged string) string {
	i := strings.LastIndex(logged, " (re-decided: ")
	if i < 0 {
		return s
	}
	rest := logged[i:]
	if m := redecidedVoided.FindStringSubmatch(rest); m != nil {
		n, err := strconv.ParseUint(m[1], 10, 64)
		if err != nil {
			return s
		}
		return w.Redecided(s, n, nil)
	}
	m := redecidedLate.FindStringSubmatch(rest)
	if m == nil {
		return s
	}
	var late []LateCall
	for _, call := range strings.Split(m[1], ", ") {
		c := lateCallWords.FindStringSubmatch(call)
		if c == nil {
			return s
		}
		n, err := strconv.ParseUint(c[4], 10, 64)
		if err != nil {
			return s
		}
		seat, ok := windLetter(c[1])
		if !ok {
			return s
		}
		late = append(late, LateCall{Seat: seat, Action: c[2], Source: c[3], Input: n})
	}
	return w.Redecided(s, 0, late)
}

// windLetter is the letter of a wind named in English ("North"), "" for
// the table's own input.
func windLetter(name string) (string, bool) {
	if name == catalog.English().Text("revision.table") {
		return "", true
	}
	for wd := engine.East; wd <= engine.North; wd++ {
		if catalog.English().Text("wind."+wd.Letter()) == name {
			return wd.Letter(), true
		}
	}
	return "", false
}
