package script_test

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tabled/tabled/engine"
	"github.com/tabled/tabled/script"
)

var update = flag.Bool("update", false, "rewrite the golden .jsonl files under testdata/rules from the current engine (look at the diff before committing)")

// ruleCases ties every rule sentence the engine must satisfy (docs/rules.md,
// from the EMA Riichi Competition Rules 2016 and 2008) to a
// scenario under testdata/rules. Each is checked twice: against its golden output, and for
// the facts written here by hand, which say what the rule demands.
var ruleCases = []struct {
	name, rule string
	want       []string // substrings that must appear in the JSON output, in order
}{
	{"east-does-not-draw-first-turn", "East starts with 14 tiles and does not draw on the first turn",
		[]string{`"wall":68`}},
	{"winds-follow-dealer", "Winds rotate with the dealer: wind = (physical seat - dealer seat) mod 4",
		[]string{`"won":[{"seat":"N","call":"pon"}]`}},
	{"chii-only-by-next-seat", "Only the next seat in turn order may chii",
		[]string{`"seat":"W","call":"chii","reason":"only South, next in turn`, `"seat":"N","call":"chii"`, `"won":[{"seat":"S","call":"chii"}]`}},
	{"pon-kan-ron-by-any-other-seat", "Any other seat may ron, pon, kan",
		[]string{`"won":[{"seat":"W","call":"pon"}]`, `"won":[{"seat":"S","call":"kan"}]`, `"won":[{"seat":"E","call":"ron"}]`}},
	{"discarder-cannot-claim-own-discard", "The discarder never claims its own discard",
		[]string{`"rejected","at_ms":100,"seat":"E","call":"pon"`, `"rejected","at_ms":200,"seat":"E","call":"ron"`}},
	{"fifth-kong-never", "Only four kongs per hand; a fifth kong is never allowed (no abortive draw)",
		[]string{`"seat":"N","call":"kan","reason":"four kongs`, `"wall":64,"kongs":4`, `"turn":"N"`}},
	{"ron-beats-every-claim", "A win (ron) beats every other claim",
		[]string{`"won":[{"seat":"N","call":"ron"}]`, `"seat":"W","call":"pon"`, `"seat":"S","call":"chii"`, `"result":"ron","winners":["N"]`}},
	{"head-bump-2016", "2016: several rons: only the seat closest to the discarder wins (head bump)",
		[]string{`"won":[{"seat":"W","call":"ron"}],"lost":[{"seat":"E","call":"ron"`, `"winners":["W"]`}},
	{"several-rons-win-2008", "2008: several players may win on the same discard",
		[]string{`"won":[{"seat":"W","call":"ron"},{"seat":"E","call":"ron"}]`, `"winners":["W","E"]`}},
	{"ron-cannot-be-changed", "A ron claim cannot be changed once made (2008); a win claim is never withdrawn",
		[]string{`"seat":"S","call":"pon","reason":"RON South stands`, `"seat":"S","call":"cancel","reason":"RON South stands: a win claim is never withdrawn`, `"won":[{"seat":"S","call":"ron"}]`}},
	{"first-call-wins", "No ron: the first call for chii/pon/kan wins",
		[]string{`"won":[{"seat":"N","call":"pon"}],"lost":[{"seat":"W","call":"pon"`}},
	{"pon-beats-simultaneous-chii-2016", "2016: simultaneous calls: pon/kan beat chii",
		[]string{`"won":[{"seat":"W","call":"pon"}],"lost":[{"seat":"S","call":"chii"`}},
	{"decided-chii-stands-2016", "2016: the first call wins: a pon after the chii's decision does not take it",
		[]string{`"won":[{"seat":"S","call":"chii"}]`, `"rejected","at_ms":1000,"seat":"W","call":"pon"`}},
	{"pon-within-3s-beats-decided-chii-2008", "2008: pon/kan beat chii if made within three seconds of the discard, even a decided chii",
		[]string{`"won":[{"seat":"S","call":"chii"}]`, `"won":[{"seat":"W","call":"pon"}],"lost":[{"seat":"S","call":"chii"`, `"overrides":1`}},
	{"pon-after-3s-loses-to-chii-2008", "2008: a pon after three seconds does not beat a chii",
		[]string{`"won":[{"seat":"S","call":"chii"}]`, `"seat":"W","call":"pon","reason":"CHII South was already decided`}},
	{"late-call-flagged", "Claims after the call deadline are decided but flagged late for the referee",
		[]string{`"won":[{"seat":"W","call":"pon","late":true}]`, `"late":true}`}},
	{"ron-until-next-discard", "2016: ron may be claimed until the next player discards",
		[]string{`"won":[{"seat":"W","call":"ron"}],"lost":[],"reason":"RON West: the only claim"}`, `"winners":["W"]`}},
	{"ron-after-next-discard-is-on-that-discard", "Ron until the next discard, nothing after it",
		[]string{`"discard":{"seat":"S","tile":"2p"},"won":[{"seat":"N","call":"ron"}]`}},
	{"call-after-fast-draw-is-valid", "2016: a call made because the next player drew too fast is valid; the drawn tile goes back",
		[]string{`"won":[{"seat":"W","call":"pon"}]`, `"wall":69`, `"turn":"N"`}},
	{"claim-after-pick-within-3s-2008", "2008: a claim after the next player picked a tile, within three seconds, is valid",
		[]string{`"won":[{"seat":"W","call":"pon"}]`, `"wall":69`}},
	{"dead-hand-by-referee", "A claimed tile not taken in time gives a dead hand (referee): no calls, no win",
		[]string{`"seat":"N","call":"pon","reason":"North has a dead hand`, `"seat":"N","call":"ron"`}},
	{"kan-dora-prompt-and-read", "EMA reveals the kan dora indicator immediately for a big melded (and a concealed) kong",
		[]string{`"won":[{"seat":"W","call":"kan"}]`, `"indicators":["9p","7z"],"dora":["1p","5z"]`, `"kongs":1`}},
	{"kong-takes-last-live-tile", "The dead wall always holds 14 tiles: after a kong the last live tile joins it",
		[]string{`"wall":68,"kongs":1`}},
	{"no-kong-in-turn-of-chii-or-pon", "Small melded or concealed kong: never in a turn where a tile was claimed for chii or pon",
		[]string{`"seat":"S","call":"kan","reason":"no kong in a turn that began with a chii or pon"`}},
	{"chankan-robs-extended-kong", "An extended kong can be robbed for a win (chankan); the robbed kong never completes",
		[]string{`"discard":{"seat":"S","tile":"9m"},"won":[{"seat":"N","call":"ron"}]`, `"robbing":true`, `"kongs":0`}},
	{"concealed-kong-robbing-flagged", "A concealed kong can be robbed only for Thirteen Orphans: flagged for the referee",
		[]string{`"won":[{"seat":"W","call":"ron"}]`, `"robbing":true,"referee":"East's kong may be concealed: only Thirteen Orphans`}},
	{"dora-follows-indicator", "The dora is the tile after the indicator: 9 wraps to 1, N to E, red dragon to white",
		[]string{`"dora":["1s"]`, `"dora":["1s","1z"]`, `"dora":["1s","1z","5z"]`, `"dora":["1s","1z","5z","6p"]`}},
	{"swap-calling-flagged", "Kuikae: after chii, discarding the tile at the other end of the sequence is forbidden",
		[]string{`"type":"flag","at_ms":1300,"seat":"S","call":"discard"`}},
	{"swap-calling-same-tile-flagged", "Kuikae: after a call, discarding the called tile is forbidden",
		[]string{`"type":"flag","at_ms":1300,"seat":"W","call":"discard"`}},
	{"middle-chii-other-tile-allowed", "Kuikae: a chii on the middle tile forbids only that tile",
		[]string{`"won":[{"seat":"S","call":"chii"}]`, `"turn":"W"`}},
	{"no-chii-or-pon-in-riichi", "A seat in riichi may not chii or pon (it may still win)",
		[]string{`"seat":"S","call":"chii","reason":"South is in riichi`, `"seat":"S","call":"pon"`, `"won":[{"seat":"S","call":"ron"}]`}},
	{"riichi-may-declare-concealed-kong", "A seat in riichi may still declare a concealed kong",
		[]string{`"wall":63,"kongs":1`, `"riichi":["S"]`}},
	{"empty-call-withdrawn", "An empty call for chii, pon or kan is withdrawn; the others are decided without it",
		[]string{`"won":[{"seat":"S","call":"chii"}],"lost":[]`}},
	{"quick-correction", "A quick correction of a call is allowed",
		[]string{`"won":[{"seat":"N","call":"pon"}]`}},
	{"correction-to-ron-stands", "\"Pon - no, ron\" stands as ron",
		[]string{`"won":[{"seat":"W","call":"ron"}]`}},
	{"late-ron-window-head-bump", "A ron after a decision opens its own window: a closer ron within it still wins the head bump, and overrides the pon",
		[]string{`"won":[{"seat":"W","call":"ron"}],"lost":[{"seat":"E","call":"ron"`, `"overrides":1`}},
	{"tsumo-ends-hand", "Tsumo (a win on one's own draw) ends the hand",
		[]string{`"result":"tsumo","winners":["S"]`, `"wall":68`}},
	{"riichi-bet-and-newhand", "A new hand: the dealer keeps the seat after its own win",
		[]string{`"result":"tsumo","winners":["E"]`, `"type":"deal"`, `"turn":"S"`}},
	{"ron-after-decided-ron-closer-seat-2016", "2016 5.4.1: a win may be claimed until the next discard; of several wins the seat closer to the discarder takes precedence, even over a decided win, until the next deal",
		[]string{`"won":[{"seat":"N","call":"ron"}]`, `"won":[{"seat":"S","call":"ron"}],"lost":[{"seat":"N","call":"ron","reason":"RON South beats RON North: head bump`, `"overrides":1`, `"winners":["S"]`,
			`"seat":"W","call":"ron","reason":"RON South beats RON West: head bump`, `"type":"deal"`, `"seat":"S","call":"ron","reason":"there is no discard`}},
	{"ron-after-decided-ron-joins-2008", "2008 3.3.1: it is possible for several players to win on the same discard, also after the first win is decided",
		[]string{`"won":[{"seat":"W","call":"ron"}]`, `"won":[{"seat":"W","call":"ron"},{"seat":"N","call":"ron"}],"lost":[],"overrides":1`, `"winners":["W","N"]`}},
	{"call-deadline-not-for-ron", "The call deadline is for chii, pon and kan: a ron is valid until the next discard and never late",
		[]string{`"won":[{"seat":"N","call":"pon","late":true}]`, `"won":[{"seat":"W","call":"ron"}],"lost":[{"seat":"N","call":"pon","late":true`, `"overrides":1,"reason":"RON West overrides PON North"}`}},
	{"concealed-kong-of-2-8-cannot-be-robbed", "2016 5.4.8, 2008 3.3.7: a concealed kong can be robbed only for Thirteen Orphans, never on a suited 2-8",
		[]string{`"rejected","at_ms":500,"seat":"W","call":"ron","reason":"East's kong of 5m is concealed: only Thirteen Orphans`, `"wall":68,"kongs":1`}},
	{"drawn-tile-goes-back", "2016 5.4.1: a call made because the next player drew too fast is valid; the drawn tile is put back, and a riichi declared on it is void",
		[]string{`"won":[{"seat":"W","call":"pon"}],"lost":[],"reason":"PON West: the only claim (South drew too fast: the drawn tile goes back, and its riichi is void)"`, `"wall":69`, `"riichi":[],"turn":"W"`}},
	{"extended-kong-kan-dora-after-robbing-time", "2016 5.4.7: for a small melded kong, allow a reasonable time for winning declarations, then reveal the kan dora",
		[]string{`"rejected","at_ms":18300,"seat":null,"call":"dora","reason":"no kan dora yet`, `"type":"kong_stands","at_ms":20550`, `"indicators":["1m","4m"]`, `"seat":"N","call":"ron","reason":"the time to rob South's kong is over`, `"kongs":1`}},
	{"refused-own-turn-action-shows-draw", "An own-turn action shows the seat has drawn, even when it is refused",
		[]string{`"seat":"S","call":"riichi","reason":"riichi needs a concealed hand`, `"wall":65`, `"turn":"S"`}},
	{"deal-line-on-newhand", "A new deal is shown: round wind, hand number, honba, riichi sticks, the dealer's seat",
		[]string{`"result":"draw"`, `{"type":"deal","at_ms":6000,"round_wind":"E","hand":2,"honba":1,"riichi_sticks":1,"dealer_seat":1}`}},
	{"window-boundary-inclusive", "Two calls exactly one window apart are simultaneous (the boundary is inclusive)",
		[]string{`"won":[{"seat":"W","call":"pon"}],"lost":[{"seat":"S","call":"chii"`, `"won":[{"seat":"N","call":"chii"}]`, `"rejected","at_ms":1701,"seat":"E","call":"pon"`}},
}

func runFile(t *testing.T, path string) string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	s, err := script.Parse(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	var b bytes.Buffer
	if err := script.WriteJSON(s, &b); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return b.String()
}

func checkGolden(t *testing.T, golden, got string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test ./script -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("output differs from %s\n got:\n%s\nwant:\n%s", golden, got, want)
	}
}

// TestRules runs one scenario per rule sentence; a referee finds a rule by
// its subtest name, e.g. go test ./script -run TestRules/head-bump-2016.
func TestRules(t *testing.T) {
	seen := map[string]bool{}
	for _, tc := range ruleCases {
		seen[tc.name] = true
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join("testdata", "rules", tc.name+".tbl")
			got := runFile(t, path)
			rest := got
			for _, w := range tc.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("rule %q: output lacks %s (in order)\n%s", tc.rule, w, got)
				}
				rest = rest[i+len(w):]
			}
			checkGolden(t, strings.TrimSuffix(path, ".tbl")+".jsonl", got)
		})
	}
	files, _ := filepath.Glob(filepath.Join("testdata", "rules", "*.tbl"))
	for _, f := range files {
		if n := strings.TrimSuffix(filepath.Base(f), ".tbl"); !seen[n] {
			t.Errorf("%s has no entry in ruleCases", f)
		}
	}
}

// TestExamples runs the worked examples of the scenario contract and wants
// their output byte for byte.
func TestExamples(t *testing.T) {
	dirs := []string{filepath.Join("testdata", "examples")}
	n := 0
	for _, dir := range dirs {
		files, _ := filepath.Glob(filepath.Join(dir, "*.tbl"))
		for _, f := range files {
			n++
			t.Run(f, func(t *testing.T) {
				want, err := os.ReadFile(strings.TrimSuffix(f, ".tbl") + ".expected.jsonl")
				if err != nil {
					t.Fatal(err)
				}
				if got := runFile(t, f); got != string(want) {
					t.Errorf("got:\n%s\nwant:\n%s", got, want)
				}
			})
		}
	}
	if n == 0 {
		t.Fatal("no examples found")
	}
}

// TestExhaustiveDraw: 69 live draws; the hand is drawn when the live wall is
// empty and the last discard is not won, and the last discard can be claimed
// only for a win.
func TestExhaustiveDraw(t *testing.T) {
	var b strings.Builder
	b.WriteString("@0ms E discard 1z\n")
	winds := "ESWN"
	for i := 1; i <= engine.LiveDraws; i++ {
		fmt.Fprintf(&b, "+4s %c discard 2z\n", winds[i%4])
	}
	next := winds[(engine.LiveDraws+1)%4]
	fmt.Fprintf(&b, "+500ms %c pon\n", next)
	s, err := script.Parse(strings.NewReader(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := script.WriteJSON(s, &out); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 3 {
		t.Fatalf("want rejected pon, hand_end, state; got:\n%s", out.String())
	}
	for i, want := range []string{
		fmt.Sprintf(`"seat":"%c","call":"pon","reason":"the last discard of the hand can be claimed only for a win"`, next),
		`"type":"hand_end","at_ms":279250,"result":"draw","winners":[]`,
		`"wall":0,"kongs":0,"indicators":[],"riichi":[],"turn":null`,
	} {
		if !strings.Contains(lines[i], want) {
			t.Errorf("line %d: want %s\n got %s", i+1, want, lines[i])
		}
	}
}

// TestReplayIsDeterministic: running the same script twice gives the same
// output, byte for byte (the basis of claim-log replay).
func TestReplayIsDeterministic(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*", "*.tbl"))
	for _, f := range files {
		if a, b := runFile(t, f), runFile(t, f); a != b {
			t.Errorf("%s: two runs differ:\n%s\n%s", f, a, b)
		}
	}
}
