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
	{"head-bump-wrc2015", "WRC 2015 5.4.1: several rons: only the seat closest to the discarder wins (head bump)",
		[]string{`"won":[{"seat":"W","call":"ron"}],"lost":[{"seat":"E","call":"ron"`, `"winners":["W"]`}},
	{"several-rons-win-2008", "2008: several players may win on the same discard",
		[]string{`"won":[{"seat":"W","call":"ron"},{"seat":"E","call":"ron"}]`, `"winners":["W","E"]`}},
	{"ron-cannot-be-changed", "A ron claim cannot be changed once made (2008); a win claim is never withdrawn",
		[]string{`"seat":"S","call":"pon","reason":"RON South stands`, `"seat":"S","call":"cancel","reason":"RON South stands: a win claim is never withdrawn`, `"won":[{"seat":"S","call":"ron"}]`}},
	{"first-call-wins", "No ron: the first call for chii/pon/kan wins",
		[]string{`"won":[{"seat":"N","call":"pon"}],"lost":[{"seat":"W","call":"pon"`}},
	{"pon-beats-simultaneous-chii-2016", "RCR 2016 3.3.1, WRC 2015 5.4.1: simultaneous calls: pon/kan beat chii",
		[]string{`"won":[{"seat":"W","call":"pon"}],"lost":[{"seat":"S","call":"chii"`}},
	{"decided-chii-stands-wrc2015", "WRC 2015 5.4.1: the first call wins: a pon after the chii's decision does not take it",
		[]string{`"won":[{"seat":"S","call":"chii"}]`, `"rejected","at_ms":1000,"seat":"W","call":"pon"`}},
	{"pon-within-3s-beats-decided-chii-2008", "2008: pon/kan beat chii if made within three seconds of the discard, even a decided chii",
		[]string{`"won":[{"seat":"S","call":"chii"}]`, `"won":[{"seat":"W","call":"pon"}],"lost":[{"seat":"S","call":"chii"`, `"overrides":1`}},
	{"pon-after-3s-loses-to-chii-2008", "2008: a pon after three seconds does not beat a chii",
		[]string{`"won":[{"seat":"S","call":"chii"}]`, `"seat":"W","call":"pon","reason":"CHII South was already decided`}},
	{"late-call-flagged", "Claims after the call deadline are decided but flagged late for the referee",
		[]string{`"won":[{"seat":"W","call":"pon","late":true}]`, `"late":true}`}},
	{"ron-until-next-discard", "WRC 2015 5.4.1, RCR 2016 3.3.1: ron may be claimed until the next player discards",
		[]string{`"won":[{"seat":"W","call":"ron"}],"lost":[],"reason":"RON West: the only claim"}`, `"winners":["W"]`}},
	{"ron-after-next-discard-is-on-that-discard", "Ron until the next discard, nothing after it",
		[]string{`"discard":{"seat":"S","tile":"2p"},"won":[{"seat":"N","call":"ron"}]`}},
	{"call-after-fast-draw-is-valid", "WRC 2015 5.4.1, RCR 2016 3.3.1: a call made because the next player drew too fast is valid; the drawn tile goes back",
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
	{"late-ron-window-head-bump-wrc2015", "A ron after a decision opens its own window: a closer ron within it still wins the head bump, and overrides the pon",
		[]string{`"won":[{"seat":"W","call":"ron"}],"lost":[{"seat":"E","call":"ron"`, `"overrides":1`}},
	{"tsumo-ends-hand", "Tsumo (a win on one's own draw) ends the hand",
		[]string{`"result":"tsumo","winners":["S"]`, `"wall":68`}},
	{"riichi-bet-and-newhand", "A new hand: the dealer keeps the seat after its own win",
		[]string{`"result":"tsumo","winners":["E"]`, `"type":"deal"`, `"turn":"S"`}},
	{"ron-after-decided-ron-closer-seat-wrc2015", "WRC 2015 5.4.1: a win may be claimed until the next discard; of several wins the seat closer to the discarder takes precedence, even over a decided win, until the next deal",
		[]string{`"won":[{"seat":"N","call":"ron"}]`, `"won":[{"seat":"S","call":"ron"}],"lost":[{"seat":"N","call":"ron","reason":"RON South beats RON North: head bump`, `"overrides":1`, `"winners":["S"]`,
			`"seat":"W","call":"ron","reason":"RON South beats RON West: head bump`, `"type":"deal"`, `"seat":"S","call":"ron","reason":"there is no discard`}},
	{"ron-after-decided-ron-joins-2008", "2008 3.3.1: it is possible for several players to win on the same discard, also after the first win is decided",
		[]string{`"won":[{"seat":"W","call":"ron"}]`, `"won":[{"seat":"W","call":"ron"},{"seat":"N","call":"ron"}],"lost":[],"overrides":1`, `"winners":["W","N"]`}},
	{"call-deadline-not-for-ron", "The call deadline is for chii, pon and kan: a ron is valid until the next discard and never late",
		[]string{`"won":[{"seat":"N","call":"pon","late":true}]`, `"won":[{"seat":"W","call":"ron"}],"lost":[{"seat":"N","call":"pon","late":true`, `"overrides":1,"reason":"RON West overrides PON North"}`}},
	{"concealed-kong-of-2-8-cannot-be-robbed", "WRC 2015 5.4.8, RCR 2016 3.3.7, 2008 3.3.7: a concealed kong can be robbed only for Thirteen Orphans, never on a suited 2-8",
		[]string{`"rejected","at_ms":500,"seat":"W","call":"ron","reason":"East's kong of 5m is concealed: only Thirteen Orphans`, `"wall":68,"kongs":1`}},
	{"drawn-tile-goes-back", "WRC 2015 5.4.1, RCR 2016 3.3.1: a call made because the next player drew too fast is valid; the drawn tile is put back, and a riichi declared on it is void",
		[]string{`"won":[{"seat":"W","call":"pon"}],"lost":[],"reason":"PON West: the only claim (South drew too fast: the drawn tile goes back, and its riichi is void)"`, `"wall":69`, `"riichi":[],"turn":"W"`}},
	{"extended-kong-kan-dora-after-robbing-time-wrc2015", "WRC 2015 5.4.7: for a small melded kong, allow a reasonable time for winning declarations, then reveal the kan dora; a read within that time is accepted",
		[]string{`{"type":"dora","at_ms":18300,"indicators":["1m","4m"]`, `"type":"kong_stands","at_ms":20550`, `it stands, and so does its kan dora`, `"rejected","at_ms":21300,"seat":null,"call":"dora","reason":"no dora indicator is due`, `"seat":"N","call":"ron","reason":"the time to rob South's kong is over`, `"kongs":1`}},
	{"refused-own-turn-action-shows-draw", "An own-turn action shows the seat has drawn, even when it is refused",
		[]string{`"seat":"S","call":"riichi","reason":"riichi needs a concealed hand`, `"wall":65`, `"turn":"S"`}},
	{"deal-line-on-newhand", "A new deal is shown: round wind, hand number, honba, riichi sticks, the dealer's seat",
		[]string{`"result":"draw"`, `{"type":"deal","at_ms":6000,"round_wind":"E","hand":2,"honba":1,"riichi_sticks":1,"dealer_seat":1}`}},
	{"window-boundary-inclusive-wrc2015", "Two calls exactly one window apart are simultaneous (the boundary is inclusive)",
		[]string{`"won":[{"seat":"W","call":"pon"}],"lost":[{"seat":"S","call":"chii"`, `"won":[{"seat":"N","call":"chii"}]`, `"rejected","at_ms":1701,"seat":"E","call":"pon"`}},
	{"several-rons-win-rcr2016", "RCR 2016 3.3.1: it is possible for several players to win on the same discard (no head bump), also after the first win is decided",
		[]string{`"won":[{"seat":"W","call":"ron"},{"seat":"E","call":"ron"}],"lost":[]`, `"winners":["W","E"]`, `"reason":"RON North joins RON West and RON East`, `"winners":["W","N","E"]`}},
	{"pon-in-time-beats-decided-chii-rcr2016", "RCR 2016 3.3.1: claiming a tile for kong or pung takes precedence over a claim for chow, whatever came first: a pon in time overrides a decided chii",
		[]string{`"won":[{"seat":"S","call":"chii"}]`, `"won":[{"seat":"W","call":"pon"}],"lost":[{"seat":"S","call":"chii","reason":"PON West beats CHII South: pon claimed in time takes precedence over chii, whatever came first, even one already decided"}],"overrides":1`, `"turn":"W"`}},
	{"late-pon-does-not-beat-decided-chii-rcr2016", "RCR 2016 3.3.1: the precedence of a pon over a chii is for a pon claimed in time: after the call deadline the decided chii stands",
		[]string{`"won":[{"seat":"S","call":"chii"}]`, `"rejected","at_ms":3500,"seat":"W","call":"pon","reason":"CHII South was already decided`, `"turn":"S"`}},
	{"extended-kong-kan-dora-with-the-kong-rcr2016", "RCR 2016 3.3.6: an extended kong reveals its kan dora with the kong; a ron may rob it, and the read is then withdrawn",
		[]string{`{"type":"dora","at_ms":17500,"indicators":["1m","4m"]`, `"won":[{"seat":"N","call":"ron"}]`, `"robbing":true`, `{"type":"dora","at_ms":18550,"indicators":["1m"],"dora":["2m"],"reason":"kan dora indicator 4m withdrawn: South's kong never happened`, `"kongs":0,"indicators":["1m"]`}},
	{"extended-kong-kan-dora-with-the-kong-2008", "RCR 2008/2012 (as RCR 2016 3.3.6): the kan dora with the kong; the extending tile counts as a discard, robbable until the next discard",
		[]string{`{"type":"dora","at_ms":17500,"indicators":["1m","4m"]`, `"at_ms":21750,"discard":{"seat":"S","tile":"9m"},"won":[{"seat":"N","call":"ron"}]`, `"reason":"kan dora indicator 4m withdrawn`, `"kongs":0`}},
	{"kan-dora-read-in-robbing-time-withdrawn-wrc2015", "WRC 2015 5.4.7: a kan dora read within the time to rob an extended kong is accepted, and withdrawn with a line if a ron robs the kong",
		[]string{`{"type":"dora","at_ms":17800,"indicators":["1m","4m"]`, `"robbing":true`, `{"type":"dora","at_ms":18550,"indicators":["1m"],"dora":["2m"],"reason":"kan dora indicator 4m withdrawn`, `"result":"ron","winners":["N"]`, `"kongs":0,"indicators":["1m"]`}},
	{"robbing-ron-voids-early-replacement-tsumo-wrc2015", "WRC 2015 5.4.7: allow a reasonable time for winning declarations, then take the replacement: a robbing ron in that time wins over a tsumo on a replacement taken too early",
		[]string{`"result":"tsumo","winners":["S"]`, `"won":[{"seat":"N","call":"ron"}],"lost":[],"reason":"RON North: the only claim (South took its replacement tile before the time to rob its kong was over: its tsumo is void)","robbing":true`, `"result":"ron","winners":["N"]`, `"kongs":0`}},
	{"replacement-tsumo-stands-rcr2016", "RCR 2016 3.3.6, 3.3.1: the replacement is taken at once and the extending tile counts as a discard, won on until the next discard except in case of tsumo: a tsumo on the replacement stands",
		[]string{`"result":"tsumo","winners":["S"]`, `"rejected","at_ms":18300,"seat":"N","call":"ron","reason":"the hand is over`, `"kongs":1`}},
	{"replacement-tsumo-stands-2008", "RCR 2008/2012 as RCR 2016 3.3.6: a tsumo on the replacement of an extended kong stands",
		[]string{`"result":"tsumo","winners":["S"]`, `"rejected","at_ms":18300,"seat":"N","call":"ron","reason":"the hand is over`, `"kongs":1`}},
	{"ron-after-too-fast-tsumo-wrc2015", "WRC 2015 5.4.1: a ron in time after a too-fast tsumo is valid; the drawn tile goes back and the tsumo is void; after the deadline the tsumo stands",
		[]string{`"result":"tsumo","winners":["S"]`, `"won":[{"seat":"W","call":"ron"}],"lost":[],"reason":"RON West: the only claim (South drew too fast: the drawn tile goes back, and its tsumo is void)"`, `"result":"ron","winners":["W"]`, `"type":"deal"`, `"result":"tsumo","winners":["S"]`, `"seat":"W","call":"ron","reason":"the hand is over`}},
	{"ron-after-too-fast-tsumo-2008", "RCR 2008/2012 3.3.1: a ron within three seconds of the discard after a tsumo on a picked tile is valid; the tile goes back",
		[]string{`"reason":"RON West: the only claim (South drew too fast: the drawn tile goes back, and its tsumo is void)"`, `"result":"ron","winners":["W"]`, `"seat":"W","call":"ron","reason":"the hand is over`}},
	{"ron-after-too-fast-tsumo-rcr2016", "RCR 2016 3.3.1: a ron in time after a too-fast tsumo is a valid call and the drawn tile is replaced; \"except in case of tsumo\" holds for a tsumo in its time",
		[]string{`"reason":"RON West: the only claim (South drew too fast: the drawn tile goes back, and its tsumo is void)"`, `"result":"ron","winners":["W"]`, `"result":"tsumo","winners":["S"]`, `"seat":"W","call":"ron","reason":"the hand is over`}},
	{"not-a-group-refused", "WRC 2015 5.2: no chow of honours, 8-9-1 is not a chow, a pung is three identical tiles: a call whose tiles cannot make the group is refused and takes no part in the decision",
		[]string{`"seat":"S","call":"chii","reason":"a chow cannot be made with winds or dragons: no chii on 1z"`, `"seat":"N","call":"pon","reason":"PON 4p 4p with 3p is not a pung`, `"seat":"W","call":"chii","reason":"CHII 5p 6p with 3p is not a chow`, `"won":[{"seat":"E","call":"pon"}],"lost":[]`, `"seat":"S","call":"chii","reason":"CHII 8m 9m with 1m is not a chow`, `"won":[{"seat":"S","call":"chii"}]`, `"discard":{"seat":"S","tile":"0p"},"won":[{"seat":"W","call":"chii"}]`}},
	{"no-call-after-next-seat-drew", "WRC 2015 5.4.1: a chow, pung or kong may be claimed until the next player draws: once it has drawn past the deadline, the call is refused",
		[]string{`"rejected","at_ms":4000,"seat":"W","call":"pon","reason":"South has drawn and the 3s call deadline has passed`, `"wall":68`, `"riichi":["S"],"turn":"S"`}},
	{"no-chii-after-own-turn-action", "WRC 2015 5.4.1: the put-back of a too-fast draw protects the other players: the drawer that acted in its own turn cannot then chii",
		[]string{`"seat":"S","call":"chii","reason":"South has drawn and declared riichi in its own turn`, `"won":[{"seat":"W","call":"pon"}]`, `"wall":69`, `"riichi":[],"turn":"W"`}},
	{"put-back-names-all-it-voids", "WRC 2015 5.4.1: a call that puts back a too-fast draw voids everything declared on it, and says so",
		[]string{`"reason":"PON West: the only claim (South drew too fast: the drawn tile goes back, and its riichi and kan are void)"`, `"wall":69,"kongs":0`}},
	{"swap-calling-not-flagged-2008", "RCR 2008/2012: swap-calling is not in the text: not flagged",
		[]string{`"won":[{"seat":"S","call":"chii"}]`, `"turn":"W"`}},
	{"late-input-waits-within-bound", "An input reaching the table late within the wait bound is waited for: decided at its stamp, no revision",
		[]string{`"won":[{"seat":"W","call":"pon"}],"lost":[{"seat":"S","call":"chii"`, `"turn":"W"`}},
	{"late-input-past-bound-revised-wrc2015", "An input reaching the table past the wait bound is decided at its stamp by a revision that withdraws what it changes",
		[]string{`{"type":"decision","at_ms":350,"discard":{"seat":"E","tile":"3p"},"won":[{"seat":"S","call":"chii"}]`, `{"type":"revision","at_ms":350,"late_inputs":[{"line":9,"seat":"W","call":"pon","at_ms":300,"arrived_ms":900}],"withdraws":[1]`, `"won":[{"seat":"W","call":"pon"}],"lost":[{"seat":"S","call":"chii"`, `arrived late`, `"turn":"W"`}},
	{"wait-bound-header", "The header wait_bound sets how long a decision waits for a late input",
		[]string{`"won":[{"seat":"W","call":"pon"}],"lost":[{"seat":"S","call":"chii"`, `"turn":"W"`}},
	// The score (RCR 2016 1.4, 3.3.9, 3.3.14, 3.4.2, 3.4.6, 3.4.10-3.4.11, 3.5-3.6.1, 4.1).
	{"ron-pays-4x-basic", "A ron is paid by the discarder: 4 x basic points (fu x 2^(han+2)), rounded up to 100",
		[]string{`"wins":[{"seat":"W","from":"S","han":3,"fu":40,"limit":"","points":5200,"yaku":[]}],"deltas":{"E":0,"S":-5200,"W":5200,"N":0},"scores":{"E":30000,"S":24800,"W":35200,"N":30000}`}},
	{"dealer-ron-pays-6x-basic", "East's ron is 6 x basic points, rounded up to 100",
		[]string{`"points":7700`, `"deltas":{"E":7700,"S":0,"W":0,"N":-7700}`, `"honba":1`}},
	{"tsumo-dealer-pays-double", "On a self-draw the others pay the basic points, East double, each rounded up to 100",
		[]string{`"from":null,"han":3,"fu":30,"limit":"","points":4000`, `"deltas":{"E":-2000,"S":4000,"W":-1000,"N":-1000}`}},
	{"dealer-tsumo-each-pays-double", "When East wins by self-draw each player pays double the basic points",
		[]string{`"points":3000`, `"deltas":{"E":3000,"S":-1000,"W":-1000,"N":-1000}`}},
	{"honba-300-per-counter-on-ron", "Each counter adds 300 to a ron",
		[]string{`"points":1000`, `"deltas":{"E":0,"S":0,"W":1600,"N":-1600}`, `"honba":0`}},
	{"honba-100-from-each-on-tsumo", "Each counter adds 100 from each payer of a self-draw",
		[]string{`"points":1100`, `"deltas":{"E":-800,"S":2000,"W":-600,"N":-600}`}},
	{"riichi-deposit-to-closest-winner", "The deposits of players who did not win go to the winner closest to the discarder's right",
		[]string{`"deltas":{"E":-1000,"S":-2000,"W":3000,"N":1000}`, `"sticks":0`}},
	{"riichi-winner-takes-own-deposit-back", "With several winners, a winner who declared riichi takes its own deposit back",
		[]string{`"deltas":{"E":-1000,"S":-2000,"W":2000,"N":1000}`}},
	{"double-ron-each-gets-counters", "With several winners each winner gets the counters",
		[]string{`"deltas":{"E":0,"S":-3600,"W":1300,"N":2300}`}},
	{"riichi-on-won-discard-costs-nothing", "A riichi whose declaring discard is won on is invalid and costs nothing",
		[]string{`"deltas":{"E":-2000,"S":2000,"W":0,"N":0}`, `"sticks":0`}},
	{"chombo-20000-off-result", "Chombo in a tournament: 20,000 off the result after uma, table points unchanged, deposits back, East stays, no counter",
		[]string{`"result":"chombo","chombo":"W","wins":[],"deltas":{"E":0,"S":0,"W":0,"N":0}`, `"type":"deal","at_ms":12000,"round_wind":"S","hand":4,"honba":0,"riichi_sticks":0,"dealer_seat":0`,
			`{"seat":2,"wind":"W","place":1,"points":30000,"result":-20000}`}},
	{"chombo-reverse-mangan-2008", "2008: chombo is a reverse mangan: 4,000 to East, 2,000 to the others",
		[]string{`"result":"chombo","chombo":"S","wins":[],"deltas":{"E":4000,"S":-8000,"W":2000,"N":2000}`, `"hand":1,"honba":0`}},
	{"game-ends-after-south-4", "The game ends when the first East would be East again after the South round",
		[]string{`"type":"game_end"`, `{"seat":3,"wind":"N","place":1,"points":35200,"result":20200}`, `"reason":"south4"`}},
	{"game-ends-after-east-4-tonpuu", "A tonpuu ends after East 4 when East passes",
		[]string{`"type":"game_end"`, `{"seat":1,"wind":"S","place":1,"points":33000,"result":18000}`, `"reason":"east4"`}},
	{"east-stays-after-own-win-counter-added", "East stays East after winning and a counter is added",
		[]string{`"honba":1,"sticks":0}`, `"type":"deal","at_ms":19500,"round_wind":"E","hand":1,"honba":1,"riichi_sticks":0,"dealer_seat":0`}},
	{"counters-removed-after-other-win", "All counters are removed after another player's win; the deal passes",
		[]string{`"deltas":{"E":0,"S":-1600,"W":1600,"N":0}`, `"hand":2,"honba":0,"riichi_sticks":0,"dealer_seat":1`}},
	{"uma-split-on-tie", "Tied players share the uma of the places they take",
		[]string{`{"seat":0,"wind":"E","place":1,"points":35000,"result":15000},{"seat":1,"wind":"S","place":1,"points":35000,"result":15000},{"seat":2,"wind":"W","place":3,"points":25000,"result":-15000}`}},
	{"leftover-deposits-to-first", "Riichi deposits left at the end go to the first place",
		[]string{`"sticks":2,"standings":[{"seat":0,"wind":"E","place":1,"points":40000,"result":27000}`}},
	{"value-refused-with-reason", "Values the rules cannot produce are refused with a reason",
		[]string{`"call":"value","reason":"West's value cannot be: 3 han 10 fu`, `20 fu on a ron`, `did you mean 40?`, `North did not win this hand`, `not cumulative`, `"points":5200`, `already settled`}},
	{"value-voided-with-its-tsumo", "A value for a tsumo that a call within the deadline voids is voided with it",
		[]string{`"won":[{"seat":"W","call":"pon"}]`, `"turn":"W","scores":{"E":30000,"S":30000,"W":30000,"N":30000}`}},
	// The hand's worth (issue 24; RCR 2016 3.3.11, 4.2): the table scores a winner's hand from what it saw.
	{"hand-riichi-ippatsu-tsumo", "RCR 2016 4.2: riichi 1 han, ippatsu 1 more within one go-around with no call (the declarer's own draw included), menzen tsumo 1",
		[]string{`"han":5,"fu":30,"limit":"mangan","points":8000,"yaku":[{"name":"menzen_tsumo","han":1},{"name":"riichi","han":1},{"name":"ippatsu","han":1},{"name":"dora","han":1},{"name":"ura_dora","han":1}]`}},
	{"hand-double-riichi", "RCR 2016 4.2: a riichi declared in the first uninterrupted go-around is a double riichi, 2 han",
		[]string{`"yaku":[{"name":"double_riichi","han":2},{"name":"dora","han":1}]`}},
	{"hand-haitei", "RCR 2016 4.2: a tsumo on the last tile of the live wall (haitei) is 1 han",
		[]string{`"yaku":[{"name":"menzen_tsumo","han":1},{"name":"haitei","han":1}]`, `"wall":0`}},
	{"hand-houtei", "RCR 2016 4.2: a ron on the discard after the last tile (houtei) is 1 han",
		[]string{`"yaku":[{"name":"houtei","han":1}]`, `"wall":0`}},
	{"hand-rinshan", "RCR 2016 4.2: a tsumo on a kong's replacement tile (rinshan kaihou) is 1 han",
		[]string{`"han":2,"fu":60`, `{"name":"rinshan_kaihou","han":1}`, `"kongs":1`}},
	{"hand-chankan", "RCR 2016 4.2: robbing a kong (chankan) is 1 han",
		[]string{`"robbing":true`, `"yaku":[{"name":"chankan","han":1}`}},
	{"hand-furiten-ron-flagged", "RCR 2016 3.3.11: no ron when furiten (a waited tile in one's own discards, passed since one's last discard or since riichi): flagged for the referee (a chombo is the referee's ruling) with the discard that makes it",
		[]string{`"type":"flag","at_ms":21500,"seat":"S","call":"hand","reason":"furiten: South waits on 1s 4s and discarded 1s itself`, `"yaku":[{"name":"haku","han":1}]`}},
	{"ura-without-riichi-winner-rejected", "Issue 24: an ura dora indicator is read after a win in riichi; with no riichi winner it is rejected",
		[]string{`"rejected","at_ms":22000,"seat":null,"call":"ura","reason":"no riichi winner`, `"yaku":[{"name":"menzen_tsumo","han":1},{"name":"dora","han":1}]`}},
	{"hand-refused-with-reason", "Issue 24: a hand that is not a complete hand is refused with the reason: not complete, more than four of a tile, a meld the table recorded differently, no yaku",
		[]string{`"call":"hand","reason":"West's hand is refused: the hand is not complete`, `5 tiles 5z`, `with the pon 5z5z5z the table recorded`, `"yaku":[{"name":"haku","han":1}]`, `has no yaku`}},
	{"hand-value-disagrees-flagged", "Issue 24: a disagreement between an entered value and the one computed from the hand is flagged, not hidden",
		[]string{`"yaku":[]`, `"type":"flag","at_ms":15800,"seat":"W","call":"hand","reason":"West's value as entered, 1 han 30 fu, disagrees with its hand, 2 han 30 fu`, `"type":"flag","at_ms":36300,"seat":"W","call":"value"`, `"call":"value","reason":"West's value is already entered, and its hand agrees`}},
	{"hand-chii-shown-tiles-counted", "Issue 24, RCR 2016 4.2: a call's shown tiles are the meld the scorer reads; open tanyao counts, and so does a red five shown in a chii",
		[]string{`"yaku":[{"name":"tanyao","han":1},{"name":"aka_dora","han":1}]`}},
	{"hand-dora-ura-aka-counted", "RCR 2016 4.2, RCR 2008 red fives: each dora, kan dora, ura dora and red five is 1 han (a kong of fives holds the red one)",
		[]string{`"yaku":[{"name":"menzen_tsumo","han":1},{"name":"riichi","han":1},{"name":"dora","han":1},{"name":"ura_dora","han":4},{"name":"aka_dora","han":2}]`}},
	{"pao-yakuman-tsumo-liable-pays-all", "Liability: on a self-draw the liable player pays the whole yakuman",
		[]string{`"limit":"yakuman","pao":"N","points":32000`, `"deltas":{"E":0,"S":32000,"W":0,"N":-32000}`}},
	{"pao-yakuman-ron-shared", "Liability: on a discard the liable player and the discarder share; the discarder pays the counters",
		[]string{`"deltas":{"E":0,"S":-16300,"W":32300,"N":-16000}`}},
	{"noten-payments-3000", "Exhaustive draw: 3,000 from noten to tenpai (one tenpai: 1,000 from each other)",
		[]string{`"result":"draw","wins":[],"deltas":{"E":-1000,"S":3000,"W":-1000,"N":-1000}`, `"hand":2,"honba":1`}},
	{"noten-two-tenpai-1500-each", "Exhaustive draw: two tenpai get 1,500 each; East tenpai stays East",
		[]string{`"deltas":{"E":1500,"S":-1500,"W":1500,"N":-1500}`, `"hand":1,"honba":1,"riichi_sticks":0,"dealer_seat":0`}},
}

// ruleAbsent lists what a scenario's output must not hold: a flag a book
// does not have.
var ruleAbsent = map[string][]string{
	"swap-calling-not-flagged-2008": {`"type":"flag"`},
	"late-input-waits-within-bound": {`"type":"revision"`, `"won":[{"seat":"S"`},
	"wait-bound-header":             {`"type":"revision"`, `"won":[{"seat":"S"`},
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
			for _, a := range ruleAbsent[tc.name] {
				if strings.Contains(got, a) {
					t.Fatalf("rule %q: output holds %s\n%s", tc.rule, a, got)
				}
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
	if len(lines) != 4 {
		t.Fatalf("want rejected pon, hand_end, score, state; got:\n%s", out.String())
	}
	for i, want := range []string{
		fmt.Sprintf(`"seat":"%c","call":"pon","reason":"the last discard of the hand can be claimed only for a win"`, next),
		`"type":"hand_end","at_ms":279250,"result":"draw","winners":[]`,
		`"type":"score","at_ms":279250,"result":"draw","wins":[],"deltas":{"E":0,"S":0,"W":0,"N":0}`,
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

// TestEdgesUnderEveryProfile: the rules' edges that no book differs on
// (a call that cannot make its group, a call after the next seat drew, a
// drawer that changes its mind, the words of a put-back) decide the same
// under every profile: each scenario's golden output is every profile's.
func TestEdgesUnderEveryProfile(t *testing.T) {
	for _, name := range []string{"not-a-group-refused", "no-call-after-next-seat-drew", "no-chii-after-own-turn-action", "put-back-names-all-it-voids"} {
		path := filepath.Join("testdata", "rules", name+".tbl")
		want, err := os.ReadFile(strings.TrimSuffix(path, ".tbl") + ".jsonl")
		if err != nil {
			t.Fatal(err)
		}
		for _, prof := range engine.ProfileNames() {
			t.Run(name+"/"+prof, func(t *testing.T) {
				f, err := os.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				s, err := script.Parse(strings.NewReader("rules " + prof + "\n" + string(f)))
				if err != nil {
					t.Fatal(err)
				}
				var b bytes.Buffer
				if err := script.WriteJSON(s, &b); err != nil {
					t.Fatal(err)
				}
				if b.String() != string(want) {
					t.Errorf("under %s:\n%s\nwant (%s):\n%s", prof, b.String(), path, want)
				}
			})
		}
	}
}
