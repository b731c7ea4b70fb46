package logrow

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/outcome"
)

// TestDecisionMelds: a decision's call is drawn in the one meld model
// (outcome.Meld): the claimed tile turned toward its discarder (left,
// middle or right), a chii's own tiles not seen here; a win makes none.
func TestDecisionMelds(t *testing.T) {
	for _, c := range []struct {
		name, body string
		want       []outcome.Meld
	}{
		{"pon from the player opposite", `{"type":"decision","discard":{"seat":"E","tile":"6s"},"won":[{"seat":"W","call":"pon"}]}`,
			[]outcome.Meld{{Call: "pon", Tiles: []string{"6s", "6s", "6s"}, Turned: 1, From: "E"}}},
		{"chii from the left", `{"type":"decision","discard":{"seat":"E","tile":"3p"},"won":[{"seat":"S","call":"chii"}]}`,
			[]outcome.Meld{{Call: "chii", Tiles: []string{"3p", "", ""}, Turned: 0, From: "E"}}},
		{"kan from the right", `{"type":"decision","discard":{"seat":"S","tile":"9m"},"won":[{"seat":"E","call":"kan"}]}`,
			[]outcome.Meld{{Call: "kan", Tiles: []string{"9m", "9m", "9m", "9m"}, Turned: 3, From: "S"}}},
		{"a ron", `{"type":"decision","discard":{"seat":"N","tile":"7p"},"won":[{"seat":"W","call":"ron"}]}`, nil},
	} {
		row := Of(claimlog.Marked{Record: claimlog.Record{Kind: "outcome", Type: "decision", Body: json.RawMessage(c.body)}})
		if !reflect.DeepEqual(row.Melds, c.want) {
			t.Errorf("%s: melds %+v, want %+v", c.name, row.Melds, c.want)
		}
	}
}
