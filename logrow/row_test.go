package logrow

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/tabled/tabled/claimlog"
)

// TestRowsInWords: every kind of record reads as words, with its tiles,
// its losers' rules and its flags apart; never as JSON.
func TestRowsInWords(t *testing.T) {
	for _, tc := range []struct {
		name  string
		rec   claimlog.Record
		what  string
		tiles []string
		lost  []string
		flags []string
		pm    float64
	}{
		{"serial pon with shown tiles", claimlog.Record{Kind: "input", Type: "chii", Seat: "S", Source: "serial",
			Body: json.RawMessage(`{"event":{"seat":1,"action":"chii","shown":["6p","8p"],"uncertainty":1500000,"source":"serial"},"dealer":0}`)},
			"South calls chii, showing", []string{"6p", "8p"}, nil, nil, 1.5},
		{"discard", claimlog.Record{Kind: "input", Type: "discard", Seat: "E", Body: json.RawMessage(`{"event":{"action":"discard","tile":"3p"}}`)},
			"East discards", []string{"3p"}, nil, nil, 0},
		{"new hand with dealer", claimlog.Record{Kind: "input", Type: "newhand", Source: "referee", Body: json.RawMessage(`{"event":{"action":"newhand","seat":-1,"dealer":2}}`)},
			"new hand, seat 2 deals", nil, nil, nil, 0},
		{"decision with a loser", claimlog.Record{Kind: "outcome", Type: "decision", Seat: "N",
			Body: json.RawMessage(`{"type":"decision","discard":{"seat":"E","tile":"6s"},"won":[{"seat":"N","call":"pon","late":true}],"lost":[{"seat":"S","call":"chii","reason":"PON North beats CHII South: called first"}],"reason":"PON North beats CHII South","late":true}`)},
			"PON North wins on East's discard", []string{"6s"}, []string{"PON North beats CHII South: called first"}, []string{"late"}, 0},
		{"override", claimlog.Record{Kind: "outcome", Type: "decision",
			Body: json.RawMessage(`{"type":"decision","discard":{"seat":"N","tile":"7p"},"won":[{"seat":"W","call":"ron"}],"lost":[{"seat":"E","call":"pon","reason":"a win beats every other claim until the next discard"}],"overrides":1}`)},
			"RON West wins on North's discard, overriding decision 1", []string{"7p"}, []string{"a win beats every other claim until the next discard"}, []string{"override"}, 0},
		{"rejection", claimlog.Record{Kind: "outcome", Type: "rejected", Seat: "W", Body: json.RawMessage(`{"type":"rejected","seat":"W","call":"chii","reason":"only South, next in turn, may chii East's discard"}`)},
			"refused: CHII West: only South, next in turn, may chii East's discard", nil, nil, nil, 0},
		{"value", claimlog.Record{Kind: "input", Type: "value", Seat: "N", Source: "web", Body: json.RawMessage(`{"event":{"seat":3,"action":"value","value":{"han":3,"fu":40,"pao":-1},"source":"web"},"dealer":0}`)},
			"North's hand is worth 3 han 40 fu", nil, nil, nil, 0},
		{"yakuman value", claimlog.Record{Kind: "input", Type: "value", Seat: "N", Body: json.RawMessage(`{"event":{"seat":3,"action":"value","value":{"limit":"yakuman","yakuman":2,"pao":1}},"dealer":0}`)},
			"North's hand is worth 2x yakuman", nil, nil, nil, 0},
		{"name", claimlog.Record{Kind: "input", Type: "name", Seat: "W", Body: json.RawMessage(`{"event":{"seat":2,"action":"name","name":"Ana"},"dealer":0}`)},
			"the player at West is Ana", nil, nil, nil, 0},
		{"chombo", claimlog.Record{Kind: "input", Type: "chombo", Seat: "S", Source: "referee", Body: json.RawMessage(`{"event":{"seat":1,"action":"chombo"},"dealer":0}`)},
			"referee: chombo on South", nil, nil, nil, 0},
		{"score", claimlog.Record{Kind: "outcome", Type: "score", Body: json.RawMessage(`{"type":"score","result":"ron","wins":[{"seat":"N","from":"S","han":3,"fu":40,"limit":"","points":5200,"yaku":[]}],"deltas":{"E":0,"S":-5200,"W":0,"N":5200},"scores":{"E":30000,"S":24800,"W":30000,"N":35200},"honba":0,"sticks":0}`)},
			"score: ron: North 3 han 40 fu 5200 from South; changes E +0 S -5200 W +0 N +5200; scores E 30000 S 24800 W 30000 N 35200; honba 0, sticks 0", nil, nil, nil, 0},
		{"dora", claimlog.Record{Kind: "outcome", Type: "dora", Body: json.RawMessage(`{"type":"dora","indicators":["3p"],"dora":["4p"]}`)},
			"dora shown: indicator → dora", []string{"3p", "4p"}, nil, nil, 0},
		{"hand end", claimlog.Record{Kind: "outcome", Type: "hand_end", Body: json.RawMessage(`{"type":"hand_end","result":"ron","winners":["W"]}`)},
			"hand over: ron by West", nil, nil, nil, 0},
		{"deal", claimlog.Record{Kind: "outcome", Type: "deal", Body: json.RawMessage(`{"type":"deal","round_wind":"E","hand":2,"honba":1,"riichi_sticks":0,"dealer_seat":1}`)},
			"deal: East 2, 1 honba, 0 riichi sticks; seat 1 deals", nil, nil, nil, 0},
		{"session", claimlog.Record{Kind: "note", Type: "session", Body: json.RawMessage(`{"version":"dev","table":"t7","rules":"ema2016","window_ns":250000000,"dealer":0,"profile":{"name":"ema2016"}}`)},
			"session started: rules ema2016, table t7, seat 0 dealt first", nil, nil, nil, 0},
		{"alert", claimlog.Record{Kind: "note", Type: "disk-low", Body: json.RawMessage(`{"note":"40 MB left"}`)},
			"DISK LOW: 40 MB left", nil, nil, []string{"alert"}, 0},
		{"revision", claimlog.Record{Kind: "note", Type: "revision", Body: json.RawMessage(`{"late":[12],"retracted":[13],"note":"PON West came late"}`)},
			"inputs arrived late: #12; re-decided at their stamps, withdrawing #13. PON West came late", nil, nil, []string{"revised"}, 0},
		{"revision after a void", claimlog.Record{Kind: "note", Type: "revision", Body: json.RawMessage(`{"late":[],"retracted":[13],"note":"re-decided from 3.851s: input 12 was voided; 1 published outcomes withdrawn"}`)},
			"re-decided, withdrawing #13. re-decided from 3.851s: input 12 was voided; 1 published outcomes withdrawn", nil, nil, []string{"revised"}, 0},
		{"void refused", claimlog.Record{Kind: "void", Type: "void", Body: json.RawMessage(`{"void":9,"note":"no input 9"}`)},
			"referee voided input #9: refused, no input 9", nil, nil, nil, 0},
		{"a body that does not read", claimlog.Record{Kind: "outcome", Type: "decision", Body: json.RawMessage(`[1,2]`)},
			"decision (a body this page cannot read)", nil, nil, nil, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := Of(claimlog.Marked{Record: tc.rec})
			if r.What != tc.what || !slices.Equal(r.Tiles, tc.tiles) || !slices.Equal(r.Lost, tc.lost) || !slices.Equal(r.Flags, tc.flags) || r.PlusMinusMS != tc.pm {
				t.Errorf("got %q tiles %v lost %v flags %v ±%v", r.What, r.Tiles, r.Lost, r.Flags, r.PlusMinusMS)
			}
			if strings.ContainsAny(r.What, "{}[\"") {
				t.Errorf("JSON in the words: %q", r.What)
			}
		})
	}
}
