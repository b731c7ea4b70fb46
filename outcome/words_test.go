package outcome

import "testing"

// TestWords: each record's sentences, once for every surface.
func TestWords(t *testing.T) {
	rs := make([]Record, 0, 7)
	for _, o := range outcomes() {
		rs = append(rs, Of(o))
	}
	for _, c := range []struct{ got, want string }{
		{Line(rs[0]), "DECISION on East's kong of 3p: PON South beats CHII West\n           lost: PON South beats CHII West: pon beats chii"},
		{Won(rs[0]), "PON South"},
		{LostLine(rs[0].Lost[0]), "CHII West lost: pon beats chii"},
		{LostLine(SeatCall{Seat: "W", Call: "chii", Reason: "logged before why"}), "CHII West lost: logged before why"},
		{Line(rs[1]), "REJECTED CHII West: not next"},
		{Line(rs[2]), "REFEREE  check the table: look"},
		{Flag(Record{Seat: "N", Reason: "x"}), "check North: x"},
		{Line(rs[3]), "DORA     indicators 4m -> dora 5m"},
		{Line(rs[4]), "HAND END ron by South and West"},
		{HandEnd(Record{Result: "draw"}), "draw"},
		{Line(rs[5]), "DEAL     South 3, 1 honba, 2 riichi sticks; seat 2 deals"},
		{DealHand(rs[5]) + " / " + DealTable(rs[5]), "South 3 / 1 honba, 2 riichi sticks; seat 2 deals"},
		{Line(rs[6]), "KONG     no ron"},
		{WindName("W") + WindName("?"), "West?"},
		{CallLabel("ron", ""), "RON"},
	} {
		if c.got != c.want {
			t.Errorf("got  %q\nwant %q", c.got, c.want)
		}
	}
	text, ind, dora, ok := NewDora(rs[3])
	if !ok || text != "indicator 4m -> dora 5m" || ind != "4m" || dora != "5m" {
		t.Errorf("new dora %q %q %q %v", text, ind, dora, ok)
	}
	if _, _, _, ok := NewDora(Record{Type: TypeDora}); ok {
		t.Error("a dora line with no indicator has a new dora")
	}
}
